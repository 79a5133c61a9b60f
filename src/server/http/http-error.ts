import type { z } from 'zod';
import { type ErrorCode, errorMessages } from '../../shared/errors/error-codes.ts';

/**
 * An error whose message is meant for the caller: the error handler (http/error-handler.ts) answers
 * `{error: message, code}` with `statusCode`. The message defaults to the code's sentence in src/shared/errors.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly errorCode: ErrorCode;

  constructor(statusCode: number, errorCode: ErrorCode, message: string = errorMessages[errorCode]) {
    super(message);
    this.statusCode = statusCode;
    this.errorCode = errorCode;
  }
}

/** Parses request input with a zod schema, or throws a 400 `invalid_request` whose message a person can act on. */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw new HttpError(400, 'invalid_request', messages.join('; '));
}
