import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { maxApplicationResumeBytes } from '../../../shared/applications/application-schema.ts'
import { HttpError } from '../../http/http-error.ts'
import { multipartBoundary } from '../../http/multipart.ts'
import { readMultipartRequest } from '../../http/multipart-request.ts'

// Reads POST /api/public/jobs/{slug}/apply bodies, multipart or JSON, into one shape, and fingerprints them so a
// retried request can be told from a different one sent with the same Idempotency-Key.

/** The answers the wizard sends (spec section 3, "Application form data"), resume and devpost aside. */
export const answerFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'university',
  'major',
  'graduationYear',
  'githubUsername',
  'devpostUsername',
  'linkedinUrl',
  'portfolioUrl',
  'coverLetter',
] as const

export type ResumeInput =
  | { kind: 'file'; fileName: string; data: Buffer }
  /** The JSON the client sent as the saved resume reference; checked later against the profile. */
  | { kind: 'saved'; reference: unknown }
  | { kind: 'none' }

export type ApplicationRequest = { answers: Record<string, unknown>; resume: ResumeInput }

/** Framing, the text fields (a 10,000-character cover letter is up to 40 KB of UTF-8) and part headers. */
export const multipartOverheadBytes = 128 * 1024

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function fromMultipart(fields: Record<string, string>, files: { fieldName: string; fileName: string; data: Buffer }[]): ApplicationRequest {
  const answers: Record<string, unknown> = {}
  for (const field of answerFields) if (field in fields) answers[field] = fields[field]
  const file = files.find((candidate) => candidate.fieldName === 'resume')
  let resume: ResumeInput = { kind: 'none' }
  if (file) resume = { kind: 'file', fileName: file.fileName, data: file.data }
  else if (fields.resume !== undefined && fields.resume.trim() !== '') {
    resume = { kind: 'saved', reference: parseJsonText(fields.resume) }
  }
  return { answers, resume }
}

function fromJson(body: unknown): ApplicationRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object of the application answers')
  }
  const record = body as Record<string, unknown>
  const answers: Record<string, unknown> = {}
  for (const field of answerFields) if (field in record) answers[field] = record[field]
  const resume: ResumeInput =
    record.resume === undefined || record.resume === null || record.resume === ''
      ? { kind: 'none' }
      : { kind: 'saved', reference: record.resume }
  return { answers, resume }
}

export async function readApplicationRequest(request: FastifyRequest): Promise<ApplicationRequest> {
  const boundary = multipartBoundary(request.headers['content-type'])
  if (!boundary) {
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) {
      throw new HttpError(415, 'Send the application as multipart/form-data or as JSON')
    }
    return fromJson(request.body)
  }
  const { fields, files } = await readMultipartRequest(request, boundary, {
    maxRequestBytes: maxApplicationResumeBytes + multipartOverheadBytes - 1,
    // "Under 5MB": 5 MB itself is refused.
    maxFileBytes: maxApplicationResumeBytes - 1,
    maxFiles: 1,
    maxParts: 30,
  })
  return fromMultipart(fields, files)
}

/** '' / null / absent are all "not given"; numbers and text compare as trimmed text (multipart sends text). */
function normalizedAnswer(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function resumeFingerprint(resume: ResumeInput): string {
  if (resume.kind === 'file') {
    return `file:${createHash('sha256').update(resume.data).digest('hex')}:${resume.fileName}`
  }
  if (resume.kind === 'saved') {
    const id = (resume.reference as { id?: unknown } | null)?.id
    return `saved:${typeof id === 'string' ? id : JSON.stringify(resume.reference)}`
  }
  return 'none'
}

/**
 * The request's fingerprint: the job, the channel and what was answered, whether sent as multipart or JSON. The
 * `email` answer is left out: the server replaces it with the account's e-mail anyway.
 */
export function applicationRequestHash(
  { answers, resume }: ApplicationRequest,
  context: { jobId: string; token?: string; sharedId?: string },
): string {
  const normalized = answerFields
    .filter((field) => field !== 'email')
    .map((field) => [field, normalizedAnswer(answers[field])])
  const canonical = JSON.stringify({
    jobId: context.jobId,
    token: context.token ?? null,
    sharedId: context.token ? null : (context.sharedId ?? null),
    answers: normalized,
    resume: resumeFingerprint(resume),
  })
  return createHash('sha256').update(canonical).digest('hex')
}
