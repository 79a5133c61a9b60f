import type { z } from 'zod';
import type { ErrorCode } from '../../../shared/errors/error-codes.ts';
import { HttpError } from '../../http/http-error.ts';

/** An error of the company portal (or the student's applications): `{error, code}` on the wire. */
export function companyError(statusCode: number, code: ErrorCode, message?: string): HttpError {
  return new HttpError(statusCode, code, message);
}

/** Parses input with a shared schema, or throws 400 `invalid_request` with the schema's first messages. */
export function parseCompanyRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [
    ...new Set(
      result.error.issues.map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
    ),
  ];
  throw companyError(400, 'invalid_request', messages.slice(0, 5).join('; '));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
