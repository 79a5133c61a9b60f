import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  buildJobInput,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import type { PublicJobView } from '../../../shared/jobs/public-job-api.ts';
import { featuredJobs } from '../../db/schema.ts';

// What a featured job declares beside its text: its role family, its terms (internships only), the degrees it accepts
// and whether it sponsors work visas. Written through the portal's API, carried to the board, the public job API and
// the job's public page; bad values are refused with nothing stored.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let dir: string;
let org: TestOrganization;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'campus-jobs-job-criteria-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
  );
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STATIC_DIR: dir,
      STORAGE_DIR: join(dir, 'storage'),
      OUTBOX_DIR: join(dir, 'outbox'),
      PUBLIC_URL: 'https://jobs.example.edu',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Criteria Labs');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function watchState() {
  return watchAppState({
    db: db(),
    storage: join(dir, 'storage'),
    outboxDir: join(dir, 'outbox'),
    mailSender: app.mailSender,
  });
}

async function boardJob(id: string): Promise<BoardJob | undefined> {
  await app.boardIndex.refresh();
  const response = await app.inject({ method: 'GET', url: '/api/public/board?type=featured&limit=100' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { jobs: BoardJob[] }).jobs.find((job) => job.id === id);
}

async function publicView(slug: string): Promise<PublicJobView> {
  const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${slug}` });
  expect(response.statusCode).toBe(200);
  return response.json() as PublicJobView;
}

async function storedRow(id: string) {
  const [row] = await db().select().from(featuredJobs).where(eq(featuredJobs.id, id));
  return row;
}

describe('posting a job with its criteria', () => {
  it('stores the family, terms (unique, calendar order), degrees (usual order) and sponsorship and answers them', async () => {
    const job = await postJob(app, org.owner, org.id, {
      title: 'Data Intern',
      family: 'ai-ml-data',
      terms: ['fall-2027', 'summer-2027', 'fall-2027'],
      degreeLevels: ['master', 'bachelor'],
      sponsorship: 'yes',
    });
    expect(job).toMatchObject({
      family: 'ai-ml-data',
      terms: ['summer-2027', 'fall-2027'],
      degreeLevels: ['bachelor', 'master'],
      sponsorship: 'yes',
    });
    const read = await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}`);
    expect(read.json()).toMatchObject({
      family: 'ai-ml-data',
      terms: ['summer-2027', 'fall-2027'],
      sponsorship: 'yes',
    });
  });

  it('takes no terms, any degree and sponsorship not stated when the job does not say', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Backend Engineer', type: 'Full-time' });
    expect(job).toMatchObject({ family: 'software', terms: [], degreeLevels: [], sponsorship: 'unknown' });
  });

  it('carries them to the board, the public job API and the public page (with JSON-LD education)', async () => {
    const job = await postJob(app, org.owner, org.id, {
      title: 'Firmware Intern',
      family: 'hardware',
      terms: ['summer-2027'],
      degreeLevels: ['master', 'bachelor'],
      sponsorship: 'no',
    });
    expect(await boardJob(job.id)).toMatchObject({
      family: 'hardware',
      termKeys: ['summer-2027'],
      degreeLevels: ['bachelor', 'master'],
      sponsorship: 'no',
    });
    expect((await publicView(job.slug)).job).toMatchObject({
      family: 'hardware',
      termKeys: ['summer-2027'],
      degreeLevels: ['bachelor', 'master'],
      sponsorship: 'no',
    });
    // The board's "Sponsors work visas" filter keeps the jobs that say yes, and only them.
    const sponsor = await postJob(app, org.owner, org.id, { title: 'Sponsored Intern', sponsorship: 'yes' });
    await app.boardIndex.refresh();
    const sponsoring = await app.inject({
      method: 'GET',
      url: '/api/public/board?type=featured&sponsorship=yes&limit=100',
    });
    const sponsoringIds = (sponsoring.json() as { jobs: BoardJob[] }).jobs.map((card) => card.id);
    expect(sponsoringIds).toContain(sponsor.id);
    expect(sponsoringIds).not.toContain(job.id);

    const page = await app.inject({ method: 'GET', url: `/jobs/${job.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>Hardware · Summer 2027 · Bachelor&#39;s, Master&#39;s</p>');
    expect(page.body).toContain('<p>Does not sponsor visas</p>');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!) as {
      educationRequirements?: unknown;
    };
    expect(ld.educationRequirements).toEqual({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'bachelor degree',
    });
  });

  it('refuses a missing or unknown family, a bad term, terms on a full-time job, a bad degree or sponsorship (400, nothing stored)', async () => {
    const unchanged = await watchState();
    const cases: [string, Record<string, unknown>, string][] = [
      ['no family', { family: undefined }, 'family'],
      ['unknown family', { family: 'biology' }, 'family: Family must be one of software'],
      ['misspelt term', { terms: ['sommer-2027'] }, 'terms.0: A term is a season and a year'],
      ['two-digit year', { terms: ['summer-27'] }, 'terms.0'],
      [
        'terms on a full-time job',
        { type: 'Full-time', terms: ['summer-2027'] },
        'terms: Terms are for internships only',
      ],
      ['terms on a new-grad job', { type: 'New Grad', terms: ['fall-2027'] }, 'terms: Terms are for internships only'],
      ['unknown degree', { degreeLevels: ['highschool'] }, 'degreeLevels.0: A degree level is one of'],
      ['bad sponsorship', { sponsorship: 'maybe' }, 'sponsorship: Sponsorship must be yes, no or unknown'],
    ];
    for (const [label, overrides, message] of cases) {
      const response = await caller(app, org.owner).request(
        'POST',
        '/api/company/jobs',
        buildJobInput(org.id, overrides),
      );
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({
        code: 'invalid_request',
        error: expect.stringContaining(message),
      });
    }
    await unchanged.expectUnchanged('jobs posted with bad criteria');
  });
});

describe('editing a job’s criteria', () => {
  it('changes each of them, and the board follows', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Product Intern', terms: ['summer-2027'] });
    const response = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      family: 'product',
      terms: ['winter-2028', 'fall-2027'],
      degreeLevels: ['mba'],
      sponsorship: 'yes',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      family: 'product',
      terms: ['fall-2027', 'winter-2028'],
      degreeLevels: ['mba'],
      sponsorship: 'yes',
    });
    expect(await boardJob(job.id)).toMatchObject({
      family: 'product',
      termKeys: ['fall-2027', 'winter-2028'],
      degreeLevels: ['mba'],
      sponsorship: 'yes',
    });
  });

  it('moves an internship to full-time when the terms go with it', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Quant Intern', terms: ['summer-2027'] });
    const response = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      type: 'Full-time',
      terms: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'Full-time', terms: [] });
  });

  it('refuses terms on a full-time job, a type change that leaves terms, bad values (400, nothing changed)', async () => {
    const intern = await postJob(app, org.owner, org.id, { title: 'Kept Intern', terms: ['summer-2027'] });
    const fullTime = await postJob(app, org.owner, org.id, { title: 'Kept Engineer', type: 'Full-time' });
    const unchanged = await watchState();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['terms on full-time', fullTime.id, { terms: ['summer-2027'] }, 'terms: Terms are for internships only'],
      ['type change keeping terms', intern.id, { type: 'Full-time' }, 'terms: Terms are for internships only'],
      ['unknown family', intern.id, { family: 'law' }, 'family'],
      ['clearing the family', intern.id, { family: null }, 'family'],
      ['bad term', intern.id, { terms: ['summer'] }, 'terms.0'],
      ['bad sponsorship', intern.id, { sponsorship: 'sometimes' }, 'sponsorship'],
    ];
    for (const [label, id, body, message] of cases) {
      const response = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${id}`, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({
        code: 'invalid_request',
        error: expect.stringContaining(message),
      });
    }
    await unchanged.expectUnchanged('job edits with bad criteria');
  });

  it('keeps a job posted before families valid until it is published again, which needs a family', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Old Posting', status: 'draft' });
    // As migration 0008 left the jobs posted before it.
    await db().update(featuredJobs).set({ family: null }).where(eq(featuredJobs.id, job.id));

    const renamed = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, { title: 'Old Job' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Old Job', family: null });

    const unchanged = await watchState();
    const publish = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      status: 'published',
    });
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringContaining('family: Choose the family before publishing the job'),
    });
    await unchanged.expectUnchanged('publishing a job without a family');

    const published = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      status: 'published',
      family: 'quant',
    });
    expect(published.statusCode).toBe(200);
    expect(await storedRow(job.id)).toMatchObject({ status: 'published', family: 'quant' });
    expect((published.json() as CompanyJob).family).toBe('quant');
  });
});
