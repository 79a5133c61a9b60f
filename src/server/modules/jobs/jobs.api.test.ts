import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { readBoardState } from '../../db/board-state.ts';
import { featuredJobs, organizations } from '../../db/schema.ts';
import { demoJobs, demoOrganizations, logoKeyFor, seedDemoData } from '../company/index.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';

let testDatabase: TestDatabase;
let storageDir: string;
let storage: Storage;
let app: FastifyInstance;

const notAvailable = { error: 'This job posting is not available or has expired.', code: 'job_not_available' };
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-jobs-files-'));
  storage = createLocalDiskStorage(storageDir);
  await seedDemoData(testDatabase.database.db, storage);
  app = await buildApp({ env: buildEnv(), database: testDatabase.database, storage });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function featuredBySlug(slug: string) {
  const [row] = await testDatabase.database.db.select().from(featuredJobs).where(eq(featuredJobs.slug, slug));
  if (!row) throw new Error(`no featured job ${slug}`);
  return row;
}

const openDemoJobs = demoJobs.filter((job) => job.closesInDays === null || job.closesInDays > 0);
const closedDemoJob = demoJobs.find((job) => job.closesInDays !== null && job.closesInDays < 0)!;

describe('demo featured jobs and the board version', () => {
  it('moved the board version when the seed added jobs, and a second seed (nothing new) leaves it', async () => {
    const seeded = await readBoardState(testDatabase.database.db);
    expect(seeded.version).not.toBe('initial');
    await seedDemoData(testDatabase.database.db, storage);
    expect(await readBoardState(testDatabase.database.db)).toEqual(seeded);
  });
});

describe('GET /api/public/jobs', () => {
  it('lists the open featured jobs, newest first, in the spec’s shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/jobs' });
    expect(response.statusCode).toBe(200);
    const { jobs } = response.json();
    const expected = [...openDemoJobs].sort((a, b) => a.postedDaysAgo - b.postedDaysAgo);
    expect(jobs.map((job: { slug: string }) => job.slug)).toEqual(expected.map((job) => job.slug));
    const first = expected[0]!;
    const organization = demoOrganizations.find((org) => org.slug === first.organizationSlug)!;
    expect(jobs[0]).toEqual({
      id: (await featuredBySlug(first.slug)).id,
      slug: first.slug,
      title: first.title,
      organization: { name: organization.name },
      location: first.location,
      type: first.type,
      featured: true,
    });
  });

  it('leaves out a posting whose end date has passed', async () => {
    const { jobs } = (await app.inject({ method: 'GET', url: '/api/public/jobs' })).json();
    expect(jobs.map((job: { slug: string }) => job.slug)).not.toContain(closedDemoJob.slug);
  });
});

describe('GET /api/public/jobs/{idOrSlug}', () => {
  const demo = openDemoJobs[0]!;

  it('answers {job, organization} by slug, with the logo as a URL the browser can load', async () => {
    const row = await featuredBySlug(demo.slug);
    const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${demo.slug}` });
    expect(response.statusCode).toBe(200);
    const organization = demoOrganizations.find((org) => org.slug === demo.organizationSlug)!;
    expect(response.json()).toEqual({
      job: {
        id: row.id,
        slug: demo.slug,
        title: demo.title,
        type: demo.type,
        location: demo.location,
        description: demo.description,
        requirements: demo.requirements,
        postingDate: row.postingDate.toISOString(),
        endPostingDate: row.endPostingDate?.toISOString() ?? null,
        family: demo.family,
        termKeys: row.terms,
        degreeLevels: demo.degreeLevels,
        sponsorship: demo.sponsorship,
        skills: row.skills,
        screeningQuestions: [],
      },
      organization: {
        name: organization.name,
        logo: `/api/public/files/logos/organizations/${organization.slug}/logo.svg`,
      },
    });
    expect(response.json().job.description).toContain('\n');
    // The demo internships are for the coming summer.
    expect(row.terms).toEqual(demo.type === 'Internship' ? [expect.stringMatching(/^summer-20\d\d$/)] : []);
  });

  it('answers the same job by id (featured cards link /jobs/{id}/), and accepts token and sharedId', async () => {
    const row = await featuredBySlug(demo.slug);
    const byId = await app.inject({ method: 'GET', url: `/api/public/jobs/${row.id}` });
    const bySlug = await app.inject({ method: 'GET', url: `/api/public/jobs/${demo.slug}?token=abc&sharedId=xyz` });
    expect(byId.statusCode).toBe(200);
    expect(bySlug.statusCode).toBe(200);
    expect(byId.json()).toEqual(bySlug.json());
    const upperCaseId = await app.inject({ method: 'GET', url: `/api/public/jobs/${row.id.toUpperCase()}` });
    expect(upperCaseId.json().job.id).toBe(row.id);
  });

  it('answers null as the logo of an organization without one', async () => {
    const organization = await insertOrganization(testDatabase.database.db, { name: 'No Logo Co', logoPath: null });
    const job = await insertFeaturedJob(testDatabase.database.db, { organizationId: organization.id });
    const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${job.slug}` });
    expect(response.json().organization).toEqual({ name: 'No Logo Co', logo: null });
  });

  it.each([
    ['an unknown slug', () => 'no-such-job'],
    ['an unknown id', () => '7c0b5e44-6d2b-4c8e-9a51-3f1f1c0f9a11'],
    ['an expired posting', () => closedDemoJob.slug],
    ['a 100-character slug', () => 'x'.repeat(100)],
    ['an encoded path', () => '..%2F..%2Fetc%2Fpasswd'],
  ])('answers %s with 404 and the spec’s message', async (_name, slug) => {
    const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${slug()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notAvailable);
  });

  it('answers 404 once the end date passes', async () => {
    const organization = await insertOrganization(testDatabase.database.db);
    const job = await insertFeaturedJob(testDatabase.database.db, {
      organizationId: organization.id,
      endPostingDate: new Date(Date.now() - dayMs),
    });
    const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${job.id}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/public/files/logos/{key}', () => {
  const logoUrl = `/api/public/files/logos/${logoKeyFor(demoOrganizations[0]!.slug)}`;

  it('serves an organization logo with its stored content type', async () => {
    const response = await app.inject({ method: 'GET', url: logoUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toMatch(/^<svg /);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves the URL a job detail gives', async () => {
    const detail = await app.inject({ method: 'GET', url: `/api/public/jobs/${openDemoJobs[0]!.slug}` });
    const response = await app.inject({ method: 'GET', url: detail.json().organization.logo });
    expect(response.statusCode).toBe(200);
  });

  it('does not serve a stored file that is no organization’s logo', async () => {
    await storage.put('resumes/someone/cv.pdf', '%PDF-1.4 private');
    const response = await app.inject({ method: 'GET', url: '/api/public/files/logos/resumes/someone/cv.pdf' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Logo not found', code: 'not_found' });
  });

  it('answers 404 JSON when the logo file is missing from the storage', async () => {
    const key = 'organizations/ghost/logo.png';
    await insertOrganization(testDatabase.database.db, { logoPath: key });
    const response = await app.inject({ method: 'GET', url: `/api/public/files/logos/${key}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Logo not found', code: 'not_found' });
    const [row] = await testDatabase.database.db.select().from(organizations).where(eq(organizations.logoPath, key));
    expect(row).toBeDefined();
  });

  it.each(['..%2F..%2Fetc%2Fpasswd', 'organizations/..%2F..%2Fsecret.svg', '.env', 'a//b.svg'])(
    'refuses the key %s with 400',
    async (key) => {
      const response = await app.inject({ method: 'GET', url: `/api/public/files/logos/${key}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid logo key', code: 'invalid_request' });
    },
  );
});
