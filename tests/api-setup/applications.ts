import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { EmulatorUser } from './emulator-users.ts';
import { buildMultipart, buildPdf, type MultipartPart } from './uploads.ts';

// Builders for the apply API's tests: answers with overrides, and the two body shapes the wizard sends.

export type Answers = Record<string, string | number | null>;

/** A complete, valid set of answers (spec section 3, "Application form data"). */
export function buildAnswers(overrides: Answers = {}): Answers {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ignored@example.test',
    phone: '+1 (514) 555-0199',
    university: 'McGill University',
    major: 'Computer Science',
    graduationYear: 2027,
    githubUsername: 'ada-l',
    devpostUsername: '',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
    portfolioUrl: 'https://ada.example.com',
    coverLetter: 'I would love to work on your analytical engines.',
    ...overrides,
  };
}

export type ResumeChoice = { file: Buffer; fileName?: string; contentType?: string } | { saved: unknown } | null;

export type ApplicationBody = { payload: Buffer | string; contentType: string };

/** multipart/form-data as the wizard sends it: every answer a text field, `devpost` as JSON text, the resume. */
export function multipartApplication(
  answers: Answers,
  resume: ResumeChoice,
  extraParts: MultipartPart[] = [],
): ApplicationBody {
  const parts: MultipartPart[] = Object.entries(answers).map(([name, value]) => ({
    name,
    value: value === null ? '' : String(value),
  }));
  parts.push({ name: 'devpost', value: JSON.stringify(null) });
  if (resume && 'file' in resume) {
    parts.push({
      name: 'resume',
      fileName: resume.fileName ?? 'Ada Lovelace CV.pdf',
      contentType: resume.contentType ?? 'application/pdf',
      data: resume.file,
    });
  } else if (resume) {
    parts.push({ name: 'resume', value: JSON.stringify(resume.saved) });
  }
  parts.push(...extraParts);
  const { body, contentType } = buildMultipart(parts);
  return { payload: body, contentType };
}

/** The usual application: `answers` as multipart with a one-page PDF resume (its bytes marked with `marker`). */
export function applicationWithPdf(answers: Answers = buildAnswers(), marker?: string): ApplicationBody {
  return multipartApplication(answers, { file: buildPdf(marker) });
}

/** The JSON body used with a saved resume reference. */
export function jsonApplication(answers: Answers, saved: unknown): ApplicationBody {
  return { payload: JSON.stringify({ ...answers, resume: saved, devpost: null }), contentType: 'application/json' };
}

export type ApplyOptions = {
  /** Default: a fresh key. `null` sends none. */
  key?: string | null;
  /** '?token=...' or '?sharedId=...' */
  query?: string;
};

export function apply(
  app: FastifyInstance,
  user: EmulatorUser | null,
  slug: string,
  body: ApplicationBody,
  { key = randomUUID(), query = '' }: ApplyOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'content-type': body.contentType };
  if (user) headers.authorization = `Bearer ${user.idToken}`;
  if (key !== null) headers['idempotency-key'] = key;
  return app.inject({ method: 'POST', url: `/api/public/jobs/${slug}/apply${query}`, headers, payload: body.payload });
}
