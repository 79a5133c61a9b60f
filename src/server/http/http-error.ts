import type { z } from 'zod'

/**
 * An error whose message is meant for the caller; the error handler answers `{error: message}` with `statusCode`,
 * and `{error, code}` when it has a stable `errorCode` (src/shared/company/company-errors.ts).
 */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly statusCode: number
  readonly errorCode: string | undefined

  constructor(statusCode: number, message: string, errorCode?: string) {
    super(message)
    this.statusCode = statusCode
    this.errorCode = errorCode
  }
}

/** Parses request input with a zod schema, or throws a 400 whose message a person can act on. */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))]
  throw new HttpError(400, messages.join('; '))
}
