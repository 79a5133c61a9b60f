import type { z } from 'zod';
import { HttpError } from '../../http/http-error.ts';

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
  throw new HttpError(400, 'invalid_request', messages.slice(0, 5).join('; '));
}
