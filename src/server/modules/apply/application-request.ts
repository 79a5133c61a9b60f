import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type ApplicationAnswers, maxApplicationResumeBytes } from '../../../shared/applications/application-schema.ts';
import type { ScreeningAnswer } from '../../../shared/screening/screening-questions.ts';
import { HttpError } from '../../http/http-error.ts';
import { jsonDepthExceeds, maxJsonDepth } from '../../http/input-policy.ts';
import { multipartBoundary } from '../../http/multipart.ts';
import { readMultipartRequest } from '../../http/multipart-request.ts';

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
] as const;

export type ResumeInput =
  | { kind: 'file'; fileName: string; data: Buffer }
  /** The JSON the client sent as the saved resume reference; checked later against the profile. */
  | { kind: 'saved'; reference: unknown }
  | { kind: 'none' };

/**
 * `screening`: the screening answers (`{questionId: text}`), `skills`: skills the wizard asked for (a profile without
 * any); both sent as JSON text in a multipart body. Left unknown here: the service judges them.
 */
export type ApplicationRequest = {
  answers: Record<string, unknown>;
  resume: ResumeInput;
  screening?: unknown;
  skills?: unknown;
};

/** Framing, the text fields (a 10,000-character cover letter is up to 40 KB of UTF-8) and part headers. */
export const multipartOverheadBytes = 128 * 1024;

function parseJsonText(text: string): unknown {
  // Too deep to be a resume reference: left as text, which the reference's schema refuses.
  if (jsonDepthExceeds(text, maxJsonDepth)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fromMultipart(
  fields: Record<string, string>,
  files: { fieldName: string; fileName: string; data: Buffer }[],
): ApplicationRequest {
  const answers: Record<string, unknown> = {};
  for (const field of answerFields) if (field in fields) answers[field] = fields[field];
  const file = files.find((candidate) => candidate.fieldName === 'resume');
  let resume: ResumeInput = { kind: 'none' };
  if (file) resume = { kind: 'file', fileName: file.fileName, data: file.data };
  else if (fields.resume !== undefined && fields.resume.trim() !== '') {
    resume = { kind: 'saved', reference: parseJsonText(fields.resume) };
  }
  return {
    answers,
    resume,
    screening: fields.screeningAnswers === undefined ? undefined : parseJsonText(fields.screeningAnswers),
    skills: fields.skills === undefined ? undefined : parseJsonText(fields.skills),
  };
}

function fromJson(body: unknown): ApplicationRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object of the application answers');
  }
  const record = body as Record<string, unknown>;
  const answers: Record<string, unknown> = {};
  for (const field of answerFields) if (field in record) answers[field] = record[field];
  const resume: ResumeInput =
    record.resume === undefined || record.resume === null || record.resume === ''
      ? { kind: 'none' }
      : { kind: 'saved', reference: record.resume };
  return { answers, resume, screening: record.screeningAnswers, skills: record.skills };
}

export async function readApplicationRequest(request: FastifyRequest): Promise<ApplicationRequest> {
  const boundary = multipartBoundary(request.headers['content-type']);
  if (!boundary) {
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the application as multipart/form-data or as JSON');
    }
    return fromJson(request.body);
  }
  const { fields, files } = await readMultipartRequest(request, boundary, {
    maxRequestBytes: maxApplicationResumeBytes + multipartOverheadBytes - 1,
    // "Under 5MB": 5 MB itself is refused.
    maxFileBytes: maxApplicationResumeBytes - 1,
    maxFiles: 1,
    maxParts: 30,
  });
  return fromMultipart(fields, files);
}

/** The resume as validated: an uploaded file, or the id of the profile's saved resume. */
export type ResumeChoice =
  { kind: 'file'; fileName: string; data: Buffer } | { kind: 'saved'; id: string } | { kind: 'none' };

function resumeFingerprint(resume: ResumeChoice): string {
  if (resume.kind === 'file') {
    return `file:${createHash('sha256').update(resume.data).digest('hex')}:${resume.fileName}`;
  }
  if (resume.kind === 'saved') return `saved:${resume.id}`;
  return 'none';
}

/**
 * The request's fingerprint: the job, the channel and what was answered, whether sent as multipart or JSON. Computed
 * on the validated answers only (never on raw input, which may be anything a client sends). The `email` answer is
 * left out: the server replaces it with the account's e-mail anyway.
 */
export function applicationRequestHash(
  {
    answers,
    resume,
    screening = [],
    skills = [],
  }: { answers: ApplicationAnswers; resume: ResumeChoice; screening?: ScreeningAnswer[]; skills?: string[] },
  context: { jobId: string; token?: string; sharedId?: string },
): string {
  const normalized = answerFields.filter((field) => field !== 'email').map((field) => [field, answers[field] ?? null]);
  const canonical = JSON.stringify({
    jobId: context.jobId,
    token: context.token ?? null,
    sharedId: context.token ? null : (context.sharedId ?? null),
    answers: normalized,
    resume: resumeFingerprint(resume),
    // Added after the first applications: left out when empty, so the fingerprints of earlier requests hold.
    ...(screening.length > 0 ? { screening: screening.map((answer) => [answer.questionId, answer.answer]) } : {}),
    ...(skills.length > 0 ? { skills } : {}),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
