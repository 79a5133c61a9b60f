import type { z } from 'zod'
import { type CompanyErrorCode, companyErrorMessages } from '../../../shared/company/company-errors.ts'
import { HttpError } from '../../http/http-error.ts'

/** An error of the company portal (or the student's applications): `{error, code}` on the wire. */
export function companyError(statusCode: number, code: CompanyErrorCode, message: string = companyErrorMessages[code]): HttpError {
  return new HttpError(statusCode, message, code)
}

/** Parses input with a shared schema, or throws 400 `invalid_request` with the schema's first messages. */
export function parseCompanyRequest<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const messages = [...new Set(result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)))]
  throw companyError(400, 'invalid_request', messages.slice(0, 5).join('; '))
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return uuidPattern.test(value)
}

/** The code of an error raised without one (Fastify's own 4xx, the auth guards), by status. */
export function defaultCodeFor(statusCode: number): CompanyErrorCode | undefined {
  switch (statusCode) {
    case 400:
    case 413:
    case 415:
      return 'invalid_request'
    case 401:
      return 'unauthenticated'
    case 404:
      return 'not_found'
    case 429:
      return 'rate_limited'
    default:
      return undefined
  }
}
