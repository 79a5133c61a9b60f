import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apply, buildAnswers, multipartApplication } from '../../../tests/api-setup/applications.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  garbledToken,
} from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { setUpTestApp } from '../../../tests/api-setup/test-app.ts';
import { buildMultipart, buildPdf, resumeUpload } from '../../../tests/api-setup/uploads.ts';
import { type ErrorCode, errorCodes } from '../../shared/errors/error-codes.ts';
import { maxJsonBodyBytes, maxJsonDepth } from './input-policy.ts';

// A broad walk of failing requests across the modules: every answer is `{error, code}` with a code from the shared
// list (src/shared/errors/error-codes.ts), the status and the English sentence as before, and never a 500.

const context = setUpTestApp();
let student: EmulatorUser;
let anonymous: EmulatorUser;
let jobSlug: string;

beforeAll(async () => {
  student = await createGoogleUser({ name: 'Grace Hopper' });
  anonymous = await createAnonymousUser();
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/auth/create-account',
    headers: { authorization: `Bearer ${student.idToken}` },
    payload: { email: student.email },
  });
  expect(created.statusCode, created.body).toBe(201);
  const organization = await insertOrganization(context.testDatabase.database.db, { name: 'Error Codes Inc' });
  jobSlug = (await insertFeaturedJob(context.testDatabase.database.db, { organizationId: organization.id })).slug;
});

function bearer(user: EmulatorUser): Record<string, string> {
  return { authorization: `Bearer ${user.idToken}` };
}

type Case = {
  name: string;
  status: number;
  code: ErrorCode;
  /** The English sentence, when the case pins it. */
  error?: string | RegExp;
  send: () => Promise<LightMyRequestResponse>;
};

const cases: Case[] = [
  {
    name: 'a signed-in route without a token',
    status: 401,
    code: 'unauthenticated',
    error: 'Authentication required',
    send: () => context.app.inject({ method: 'GET', url: '/api/profile' }),
  },
  {
    name: 'a signed-in route with a garbled token',
    status: 401,
    code: 'token_invalid',
    error: 'Invalid or expired token',
    send: () =>
      context.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${garbledToken(student.idToken)}` },
      }),
  },
  {
    name: 'an identified-account route with an anonymous session',
    status: 403,
    code: 'identified_account_required',
    send: () => context.app.inject({ method: 'GET', url: '/api/applications', headers: bearer(anonymous) }),
  },
  {
    name: 'a body that fails the route schema (parseRequest)',
    status: 400,
    code: 'invalid_request',
    error: 'A GitHub access token is required',
    send: () =>
      context.app.inject({ method: 'POST', url: '/api/github/profile', headers: bearer(student), payload: {} }),
  },
  {
    name: 'a profile update with invalid fields',
    status: 400,
    code: 'invalid_request',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: bearer(student),
        payload: { phone: 'call me' },
      }),
  },
  {
    name: 'a Devpost verification without a username',
    status: 400,
    code: 'invalid_request',
    send: () =>
      context.app.inject({ method: 'POST', url: '/api/devpost/profile', headers: bearer(student), payload: {} }),
  },
  {
    name: 'an unknown job',
    status: 404,
    code: 'job_not_available',
    error: 'This job posting is not available or has expired.',
    send: () => context.app.inject({ method: 'GET', url: '/api/public/jobs/no-such-job' }),
  },
  {
    name: 'saving an unknown job',
    status: 404,
    code: 'job_not_found',
    send: () => context.app.inject({ method: 'PUT', url: `/api/saved-jobs/${randomUUID()}`, headers: bearer(student) }),
  },
  {
    name: 'an unknown application',
    status: 404,
    code: 'not_found',
    send: () =>
      context.app.inject({ method: 'GET', url: `/api/applications/${randomUUID()}`, headers: bearer(student) }),
  },
  {
    name: 'a company route of an organization the caller is not a member of',
    status: 403,
    code: 'not_a_member',
    send: () =>
      context.app.inject({
        method: 'GET',
        url: `/api/company/organizations/${randomUUID()}/members`,
        headers: bearer(student),
      }),
  },
  {
    name: 'a missing logo',
    status: 404,
    code: 'not_found',
    send: () => context.app.inject({ method: 'GET', url: '/api/public/files/logos/none.png' }),
  },
  {
    name: 'a resume that is not a PDF',
    status: 415,
    code: 'resume_not_pdf',
    send: () => {
      const upload = resumeUpload(Buffer.from('plain text, not a PDF'), 'cv.pdf');
      return context.app.inject({
        method: 'PATCH',
        url: '/api/profile/main-resume',
        headers: { ...bearer(student), 'content-type': upload.contentType },
        payload: upload.body,
      });
    },
  },
  {
    name: 'a resume over 5 MB',
    status: 413,
    code: 'resume_too_large',
    error: 'File size must be less than 5MB',
    send: () => {
      const upload = resumeUpload(buildPdf('large', 5 * 1024 * 1024 + 1));
      return context.app.inject({
        method: 'PATCH',
        url: '/api/profile/main-resume',
        headers: { ...bearer(student), 'content-type': upload.contentType },
        payload: upload.body,
      });
    },
  },
  {
    name: 'a resume form without the resume field',
    status: 400,
    code: 'resume_field_missing',
    send: () => {
      const upload = buildMultipart([{ name: 'other', value: 'x' }]);
      return context.app.inject({
        method: 'PATCH',
        url: '/api/profile/main-resume',
        headers: { ...bearer(student), 'content-type': upload.contentType },
        payload: upload.body,
      });
    },
  },
  {
    name: 'a resume sent as JSON',
    status: 415,
    code: 'unsupported_media_type',
    send: () =>
      context.app.inject({ method: 'PATCH', url: '/api/profile/main-resume', headers: bearer(student), payload: {} }),
  },
  {
    name: 'a body of a content type no route reads',
    status: 415,
    code: 'unsupported_media_type',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: { ...bearer(student), 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
  },
  {
    name: 'malformed JSON',
    status: 400,
    code: 'invalid_json',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: { ...bearer(student), 'content-type': 'application/json' },
        payload: '{"phone":',
      }),
  },
  {
    name: 'an empty JSON body',
    status: 400,
    code: 'invalid_json',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: { ...bearer(student), 'content-type': 'application/json' },
        payload: '',
      }),
  },
  {
    name: 'JSON nested too deeply',
    status: 400,
    code: 'body_too_deep',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: { ...bearer(student), 'content-type': 'application/json' },
        payload: `${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}`,
      }),
  },
  {
    name: 'a JSON body over the size limit',
    status: 413,
    code: 'body_too_large',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: { ...bearer(student), 'content-type': 'application/json' },
        payload: JSON.stringify({ school: 'x'.repeat(maxJsonBodyBytes) }),
      }),
  },
  {
    name: 'text with a control character',
    status: 400,
    code: 'invalid_request',
    send: () =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/profile/update',
        headers: bearer(student),
        payload: { school: 'a\u0007b' },
      }),
  },
  {
    name: 'an unknown API route',
    status: 404,
    code: 'route_not_found',
    error: 'No API route GET /api/no-such-route',
    send: () => context.app.inject({ method: 'GET', url: '/api/no-such-route' }),
  },
  {
    name: 'a known path with a method it does not take',
    status: 404,
    code: 'route_not_found',
    send: () => context.app.inject({ method: 'DELETE', url: '/api/profile' }),
  },
  {
    name: 'an address outside the API without a client build',
    status: 404,
    code: 'not_found',
    send: () => context.app.inject({ method: 'GET', url: '/no-such-page' }),
  },
  {
    name: 'an application without an Idempotency-Key',
    status: 400,
    code: 'idempotency_key_missing',
    error: 'Idempotency-Key header is required',
    send: () =>
      apply(context.app, student, jobSlug, multipartApplication(buildAnswers(), { file: buildPdf() }), { key: null }),
  },
  {
    name: 'an application to an unknown job',
    status: 404,
    code: 'job_not_available',
    send: () => apply(context.app, student, 'no-such-job', multipartApplication(buildAnswers(), { file: buildPdf() })),
  },
  {
    name: 'an application with a missing answer',
    status: 400,
    code: 'invalid_request',
    error: 'First name is required',
    send: () =>
      apply(context.app, student, jobSlug, multipartApplication(buildAnswers({ firstName: '' }), { file: buildPdf() })),
  },
  {
    name: 'an application without a resume',
    status: 400,
    code: 'application_resume_missing',
    send: () => apply(context.app, student, jobSlug, multipartApplication(buildAnswers(), null)),
  },
  {
    name: 'an application sent as plain text',
    status: 415,
    code: 'unsupported_media_type',
    send: () => apply(context.app, student, jobSlug, { payload: 'hello', contentType: 'text/plain' }),
  },
  {
    name: 'an invitation token that does not exist',
    status: 404,
    code: 'job_invitation_invalid',
    send: () =>
      apply(context.app, student, jobSlug, multipartApplication(buildAnswers(), { file: buildPdf() }), {
        query: `?token=${randomUUID()}`,
      }),
  },
];

describe('error answers', () => {
  it.each(cases)('$name: $status with code $code', async ({ status, code, error, send }) => {
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ error: unknown; code: unknown }>();
    expect(errorCodes, response.body).toContain(body.code);
    expect(body.code, response.body).toBe(code);
    expect(typeof body.error === 'string' && body.error.length > 0, response.body).toBe(true);
    if (typeof error === 'string') expect(body.error).toBe(error);
    else if (error) expect(body.error).toMatch(error);
  });
});
