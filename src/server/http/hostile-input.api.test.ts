import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFields } from '../modules/apply/index.ts';
import { apply, buildAnswers, multipartApplication } from '../../../tests/api-setup/applications.ts';
import { createGoogleUser, type EmulatorUser } from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { snapshotAppState } from '../../../tests/api-setup/app-state.ts';
import { buildEnv, buildTestApp } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { buildMultipart, buildPdf, resumeUpload } from '../../../tests/api-setup/uploads.ts';
import { editableProfileFields } from '../../shared/profile/profile-schema.ts';
import { textPolicyMessages } from '../../shared/schemas/text-policy.ts';
import { externalListings, users } from '../db/schema.ts';
import { inputPolicyMessages, maxJsonDepth } from './input-policy.ts';
import { exampleOf } from './route-schemas.ts';
import { serializeError } from './log-serializers.ts';

// Hostile input on every route and every text field, on whichever database the run uses (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the routes are read from the app itself, so a route added later is probed too. Each value is
// refused with 400 and the text policy's message, and nothing is stored; never a 500.

const adminToken = 'hostile-input-admin-token-0123456789';
let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let student: EmulatorUser;
let jobSlug: string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-hostile-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
    adminToken,
  });
  student = await createGoogleUser({ name: 'Ada Lovelace' });
  const organization = await insertOrganization(testDatabase.database.db, { name: 'Northwind Labs' });
  jobSlug = (await insertFeaturedJob(testDatabase.database.db, { organizationId: organization.id })).slug;
  // An account with a profile, so "nothing changed" compares real rows.
  const created = await app.inject({
    method: 'POST',
    url: '/api/auth/create-account',
    headers: { authorization: `Bearer ${student.idToken}` },
    payload: { email: student.email },
  });
  expect(created.statusCode, created.body).toBe(201);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

/** Characters no field accepts, as they travel in a URL (percent-encoded) and in JSON. */
const forbidden = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['line separator U+2028', '\u2028'],
] as const;

const policyMessages: string[] = Object.values(textPolicyMessages);

function headersFor(url: string, user: EmulatorUser | null = student): Record<string, string> {
  if (url.startsWith('/api/admin')) return { authorization: `Bearer ${adminToken}` };
  return user ? { authorization: `Bearer ${user.idToken}` } : {};
}

function expectRefused(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(policyMessages, `${label}: ${response.body}`).toContain(response.json().error);
}

/** Every table, every stored file and the outbox's files (tests/api-setup/app-state.ts). */
async function snapshot() {
  return snapshotAppState({
    db: testDatabase.database.db,
    storage: storageDir,
    outboxDir: join(storageDir, 'outbox'),
    mailSender: app.mailSender,
  });
}

describe('every route refuses forbidden characters in its path parameters and query', () => {
  const apiRoutes = () => app.routeList.filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD');

  it('reads the route list from the app (so new routes are covered without editing this test)', () => {
    expect(apiRoutes().length).toBeGreaterThan(15);
    expect(apiRoutes().filter((route) => /[:*]/.test(route.url)).length).toBeGreaterThanOrEqual(4);
  });

  it.each(forbidden)(
    '%s in every path parameter: 400 with or without a token, nothing stored',
    async (_name, character) => {
      const before = await snapshot();
      for (const route of apiRoutes()) {
        if (!/[:*]/.test(route.url)) continue;
        const value = encodeURIComponent(`job${character}x`);
        const url = route.url.replace(/:[A-Za-z]+/g, value).replace('*', `logos${value}.png`);
        for (const user of [student, null]) {
          const response = await app.inject({ method: route.method as 'GET', url, headers: headersFor(url, user) });
          expectRefused(response, `${route.method} ${url} (${user ? 'signed in' : 'no token'})`);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(forbidden)('%s in a query value and in a query name: 400 on every route', async (_name, character) => {
    for (const route of apiRoutes()) {
      const path = route.url.replace(/:[A-Za-z]+/g, jobSlug).replace('*', 'logos/x.png');
      for (const query of [`?q=${encodeURIComponent(`a${character}`)}`, `?${encodeURIComponent(`a${character}`)}=1`]) {
        const response = await app.inject({
          method: route.method as 'GET',
          url: path + query,
          headers: headersFor(path),
        });
        expectRefused(response, `${route.method} ${path}${query}`);
      }
    }
  });
});

/** The fields of a JSON body schema (an object, a union of objects, optional or nullable). */
function bodyFieldsOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap(bodyFieldsOf))];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return bodyFieldsOf(schema.unwrap());
  // A body documented per content type (route-schemas.ts bodyByContentType): its JSON form.
  const json = (schema as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.['application/json'];
  return json ? bodyFieldsOf(json.schema) : [];
}

/** Every route that takes a JSON body and the fields its schema names, read from the app's route list. */
function jsonFieldTable(): {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  fields: string[];
  example: unknown;
}[] {
  return app.routeList
    .filter((route) => route.url.startsWith('/api') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method))
    .filter((route) => route.textPolicy)
    .map((route) => ({
      method: route.method as 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: route.url.replace(/:[A-Za-z]+/g, jobSlug),
      fields: bodyFieldsOf(route.schema?.body),
      example: exampleOf(route.schema?.body),
    }))
    .filter((entry) => entry.fields.length > 0);
}

describe('every JSON body field refuses forbidden characters', () => {
  it('covers every route that takes a body, with the fields of its schema', () => {
    const table = jsonFieldTable();
    const byUrl = new Map(table.map((entry) => [entry.url.replace(jobSlug, ':slug'), entry.fields]));
    expect(byUrl.get('/api/profile/update')).toEqual(expect.arrayContaining([...editableProfileFields]));
    expect(byUrl.get('/api/profile/name')).toEqual(['firstName', 'lastName']);
    expect(byUrl.get('/api/public/jobs/:slug/apply')).toEqual(expect.arrayContaining([...answerFields, 'resume']));
    expect(byUrl.get('/api/company/applications/:slug/notes')).toEqual(['body']);
    // Every route with a JSON body schema is in the table (multipart-only and bodiless routes get the generic probe).
    // (The feed import opts out of the text policy: it skips and counts bad records, tested below.)
    const withJsonBody = app.routeList.filter(
      (route) => route.url.startsWith('/api') && route.textPolicy && bodyFieldsOf(route.schema?.body).length > 0,
    );
    expect(table).toHaveLength(withJsonBody.length);
    expect(table.length).toBeGreaterThanOrEqual(20);
  });

  it.each(forbidden)(
    '%s in each field of each route: 400 naming the problem, nothing stored',
    async (_name, character) => {
      const before = await snapshot();
      for (const { method, url, fields, example } of jsonFieldTable()) {
        for (const field of [...fields, 'somethingElse']) {
          // The rest of the body valid, so the refusal is the one field's.
          const base = url.includes('/apply') ? buildAnswers() : ((example as object | undefined) ?? {});
          const response = await app.inject({
            method,
            url,
            headers: { ...headersFor(url), 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
            payload: JSON.stringify({ ...base, [field]: `Ada${character}Lovelace` }),
          });
          expectRefused(response, `${method} ${url} ${field}`);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(forbidden)('%s in a nested value or a key of any body-taking route: 400', async (_name, character) => {
    for (const route of app.routeList) {
      if (!route.url.startsWith('/api') || !['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method)) continue;
      // The feed import's records are not people's text: it skips and counts bad records (tested below).
      if (route.url === '/api/admin/ingest') continue;
      const url = route.url.replace(/:[A-Za-z]+/g, jobSlug);
      for (const payload of [{ nested: [{ deeper: `x${character}` }] }, { [`key${character}`]: 'x' }]) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headersFor(url), 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expectRefused(response, `${route.method} ${url}`);
      }
    }
  });

  it('a lone surrogate (half of a UTF-16 pair) in a field: 400', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: { ...headersFor('/api/profile/update'), 'content-type': 'application/json' },
      payload: '{"school": "McGill \\ud800 University"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(textPolicyMessages.invalidCharacter);
  });
});

describe('the fields’ own rules: one line, no direction controls, NFC', () => {
  const patch = (url: string, payload: unknown) =>
    app.inject({ method: 'PATCH', url, headers: headersFor(url), payload: payload as object });

  it.each(['school', 'program', 'phone', 'linkedinUrl', 'githubUsername'])('a line break in %s: 400', async (field) => {
    const response = await patch('/api/profile/update', { [field]: 'first\nsecond' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(textPolicyMessages.lineBreak);
  });

  it.each(['\u202e', '\u2066', '\u200f'])('a direction control (%j) in a name: 400', async (control) => {
    const response = await patch('/api/profile/name', { firstName: `Ada${control}gpj.exe`, lastName: 'Lovelace' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.firstName).toBe(textPolicyMessages.directionCharacter);
  });

  it('stores text normalised to NFC ("e" + combining acute becomes "é")', async () => {
    const response = await patch('/api/profile/update', { school: 'E\u0301cole Polytechnique' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().school).toBe('\u00c9cole Polytechnique');
  });
});

describe('application answers sent as multipart (checked by the shared schema, not the generic hook)', () => {
  const cases = [
    ...forbidden.map(([name, character]) => [name, character] as const),
    ['a line break', '\n'],
    ['a tab', '\t'],
    ['a right-to-left override', '\u202e'],
  ] as const;

  it.each(cases)('%s in each one-line answer: 400 naming the field, nothing stored', async (_name, character) => {
    const before = await snapshot();
    for (const field of [
      'firstName',
      'lastName',
      'phone',
      'university',
      'major',
      'linkedinUrl',
      'portfolioUrl',
      'githubUsername',
    ]) {
      const answers = buildAnswers({ [field]: `${String(buildAnswers()[field])}${character}x` });
      const response = await apply(app, student, jobSlug, multipartApplication(answers, { file: buildPdf() }));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(policyMessages, `${field}: ${response.body}`).toContain(response.json().fields?.[field]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(forbidden)('%s in the cover letter: 400', async (_name, character) => {
    const answers = buildAnswers({ coverLetter: `Dear team,${character} hello` });
    const response = await apply(app, student, jobSlug, multipartApplication(answers, { file: buildPdf() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.coverLetter).toBe(textPolicyMessages.controlCharacter);
  });
});

describe('deeply nested JSON', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it.each(['coverLetter', 'firstName', 'resume'])(
    '20 KB of [[[...]]] in %s: 400 before any processing',
    async (field) => {
      const before = await snapshot();
      const payload = JSON.stringify({ ...buildAnswers(), resume: null }).replace(/}$/, `,"${field}":${deep(10_000)}}`);
      const response = await apply(app, student, jobSlug, { payload, contentType: 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: inputPolicyMessages.tooDeep, code: 'body_too_deep' });
      expect(await snapshot()).toEqual(before);
    },
  );

  it(`${maxJsonDepth} levels are still accepted as JSON (then judged by the schema)`, async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: { ...headersFor('/api/profile/update'), 'content-type': 'application/json' },
      payload: `{"skills": ${deep(maxJsonDepth - 1)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).not.toBe(inputPolicyMessages.tooDeep);
  });

  it('a deep saved-resume reference in a multipart field: 400 (the reference is refused), not a 500', async () => {
    const body = multipartApplication(buildAnswers(), null, [{ name: 'resume', value: deep(10_000) }]);
    const response = await apply(app, student, jobSlug, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please upload a resume or select your profile resume before submitting.');
  });
});

describe('multipart forms', () => {
  it('refuses a duplicate answer field with 400 and stores nothing', async () => {
    const before = await snapshot();
    const body = multipartApplication(buildAnswers({ firstName: 'Ada' }), { file: buildPdf() }, [
      { name: 'firstName', value: 'Eve' },
    ]);
    const response = await apply(app, student, jobSlug, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid upload: The form field "firstName" was sent more than once');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a duplicate field on the resume upload too', async () => {
    const upload = buildMultipart([
      { name: 'note', value: 'a' },
      { name: 'note', value: 'b' },
      { name: 'resume', fileName: 'cv.pdf', contentType: 'application/pdf', data: buildPdf() },
    ]);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile/main-resume',
      headers: { ...headersFor('/api'), 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a file dressed as a PDF', () => {
  const htmlAsPdf = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n');
  const noPages = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );

  it.each([
    ['an HTML page between %PDF- and %%EOF', htmlAsPdf],
    ['a PDF skeleton without any page', noPages],
  ])(
    '%s: refused as the profile resume (415) and as an application resume (400), nothing stored',
    async (_label, bytes) => {
      const before = await snapshot();
      const filesBefore = readdirSync(storageDir, { recursive: true });
      const upload = resumeUpload(bytes, 'CV.pdf');
      const profileResponse = await app.inject({
        method: 'PATCH',
        url: '/api/profile/main-resume',
        headers: { ...headersFor('/api'), 'content-type': upload.contentType },
        payload: upload.body,
      });
      expect(profileResponse.statusCode).toBe(415);
      const applyResponse = await apply(app, student, jobSlug, multipartApplication(buildAnswers(), { file: bytes }));
      expect(applyResponse.statusCode).toBe(400);
      expect(applyResponse.json().error).toBe('Please upload a PDF document only');
      expect(await snapshot()).toEqual(before);
      expect(readdirSync(storageDir, { recursive: true })).toEqual(filesBefore);
    },
  );

  it('a real one-page PDF is accepted and served with nosniff, a download name and a sandboxing policy', async () => {
    const upload = resumeUpload(buildPdf('real'), 'CV.pdf');
    const stored = await app.inject({
      method: 'PATCH',
      url: '/api/profile/main-resume',
      headers: { ...headersFor('/api'), 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: '/api/profile/resume', headers: headersFor('/api') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });
});

describe('ingested feed records with forbidden characters', () => {
  it('are skipped and counted, the clean records imported, never a 500', async () => {
    const record = (id: string, title: string) => ({
      id,
      title,
      company_name: 'Contoso',
      locations: ['Remote'],
      date_posted: 1_700_000_000,
      url: `https://example.com/${id}`,
      active: true,
    });
    const records = [
      record('clean-1', 'Data Intern'),
      record('clean-2', 'SWE Intern'),
      record('clean-3', 'ML Intern'),
      record('nul', 'Bad\u0000Intern'),
      { ...record('bidi-company', 'Intern'), company_name: 'Evil\u0007Corp' },
    ];
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/ingest',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { sources: [{ name: 'internships.json', type: 'internship', records }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.stringify(response.json())).toContain('"invalid":2');
    const titles = await testDatabase.database.db
      .select({ id: externalListings.id })
      .from(externalListings)
      .where(sql`${externalListings.id} like 'clean-%' or ${externalListings.id} in ('nul', 'bidi-company')`);
    expect(titles.map((row) => row.id).sort()).toEqual(['clean-1', 'clean-2', 'clean-3']);
  });
});

describe('error logs', () => {
  it('a failed query is logged with its codes, without the SQL parameters (a name, an e-mail)', async () => {
    let failure: unknown;
    try {
      // Straight to the database, past every check: PostgreSQL refuses NUL in text.
      await testDatabase.database.db
        .update(users)
        .set({ firstName: 'Grace\u0000Hopper', email: 'grace.hopper@example.test' })
        .where(eq(users.uid, student.uid));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain('Grace');
    expect(logged).not.toContain('grace.hopper');
    expect(logged).toContain('database query failed');
    // The original error did carry them: the serializer is what keeps them out.
    expect(String((failure as Error).message)).toContain('grace.hopper');
  });
});
