import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import { type FeaturedJobRow, hiddenJobs } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

// GET /jobs/{slug} for visitors and search engines, /sitemap.xml and /robots.txt; jobs posted through the company API
// that are link-only, private, drafts or closed stay out of all three.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let staticDir: string;
let onsite: FeaturedJobRow;
let remote: FeaturedJobRow;
let expired: FeaturedJobRow;

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Campus Jobs</title>
    <meta name="description" content="Generic description" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  staticDir = mkdtempSync(join(tmpdir(), 'i14-public-pages-'));
  writeFileSync(join(staticDir, 'index.html'), shell);
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://jobs.example.org' }),
  });
  const db = testDatabase.database.db;
  const organization = await insertOrganization(db, { name: 'Aurora <Robotics>', logoPath: 'logos/aurora.png' });
  onsite = await insertFeaturedJob(db, {
    organizationId: organization.id,
    slug: 'robotics-intern',
    title: 'Robotics Intern </script><script>alert(1)</script>',
    type: 'Internship',
    location: 'Toronto, ON, Canada',
    description: 'Build robots with us.\n\nReal ones.',
    endPostingDate: new Date(Date.now() + 30 * 86_400_000),
  });
  remote = await insertFeaturedJob(db, {
    organizationId: organization.id,
    slug: 'remote-engineer',
    title: 'Platform Engineer',
    type: 'Full-time',
    location: 'Remote in USA',
  });
  expired = await insertFeaturedJob(db, {
    organizationId: organization.id,
    slug: 'expired-job',
    endPostingDate: new Date(Date.now() - 60_000),
  });
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** The properties Google's job posting guidelines require, and the recommended ones we promise. */
function expectGoogleJobPosting(posting: Record<string, unknown>): void {
  expect(posting['@context']).toBe('https://schema.org/');
  expect(posting['@type']).toBe('JobPosting');
  for (const field of ['title', 'description', 'datePosted', 'hiringOrganization']) {
    expect(posting[field], field).toBeTruthy();
  }
  expect(Number.isNaN(Date.parse(posting.datePosted as string))).toBe(false);
  expect((posting.hiringOrganization as { name?: string }).name).toBeTruthy();
  const remoteJob = posting.jobLocationType === 'TELECOMMUTE';
  if (remoteJob) {
    expect(posting.applicantLocationRequirements).toBeTruthy();
  } else {
    const address = (posting.jobLocation as { address?: Record<string, string> }).address;
    expect(address?.addressCountry).toBeTruthy();
  }
  expect(['INTERN', 'FULL_TIME', 'PART_TIME', 'CONTRACTOR']).toContain(posting.employmentType);
  expect(posting.directApply).toBe(true);
  if (posting.validThrough !== undefined)
    expect(Date.parse(posting.validThrough as string)).toBeGreaterThan(Date.now());
}

describe('GET /jobs/{slug}', () => {
  it('answers the shell with the job, its head tags and valid JobPosting data, escaped', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/jobs/robotics-intern',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain(
      '<title>Robotics Intern &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; at Aurora &lt;Robotics&gt;</title>',
    );
    expect(html).not.toContain('<title>Campus Jobs</title>');
    expect(html).not.toContain('Generic description');
    expect(html).toMatch(
      /<meta name="description" content="Aurora &lt;Robotics&gt; · Toronto, ON, Canada · Build robots/,
    );
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta property="og:url" content="https://jobs.example.org/jobs/robotics-intern">');
    expect(html).toContain('<h1>Robotics Intern &lt;/script&gt;');
    expect(html).toContain('Real ones.');
    expect(html).not.toContain('<script>alert(1)');
    const posting = jsonLd(html);
    expectGoogleJobPosting(posting);
    expect(posting).toMatchObject({
      title: onsite.title,
      employmentType: 'INTERN',
      hiringOrganization: { name: 'Aurora <Robotics>', logo: expect.stringMatching(/^https:\/\/jobs\.example\.org\//) },
      jobLocation: { address: { addressLocality: 'Toronto', addressRegion: 'Ontario', addressCountry: 'Canada' } },
    });
  });

  it('marks a remote job TELECOMMUTE with the country applicants must be in, also under the trailing-slash link', async () => {
    const response = await app.inject({ method: 'GET', url: `/jobs/${remote.id}/` });
    expect(response.statusCode).toBe(200);
    const posting = jsonLd(response.body);
    expectGoogleJobPosting(posting);
    expect(posting).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { name: 'United States' },
      employmentType: 'FULL_TIME',
    });
    expect(posting).not.toHaveProperty('jobLocation');
  });

  it('answers 404 without JobPosting data for an expired or unknown job', async () => {
    for (const url of [`/jobs/${expired.slug}`, '/jobs/no-such-job']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('application/ld+json');
    }
  });

  it('answers 410 with a "job removed" notice in the reader\'s language once the operators hide the job', async () => {
    const db = testDatabase.database.db;
    await db
      .insert(hiddenJobs)
      .values({ jobId: onsite.id, reason: 'scam', hiddenBy: 'cli:test', hiddenAt: new Date() });
    try {
      for (const [headers, title, lang] of [
        [{ 'accept-language': 'fr-CA,fr;q=0.9' }, 'Cette offre a été retirée', 'fr'],
        [{ 'accept-language': 'en-US' }, 'This job was removed', 'en'],
        [{ cookie: 'locale=fr', 'accept-language': 'en' }, 'Cette offre a été retirée', 'fr'],
      ] as const) {
        for (const url of ['/jobs/robotics-intern', `/jobs/${onsite.id}/`]) {
          const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
          expect(response.statusCode, url).toBe(410);
          expect(response.headers['content-language']).toBe(lang);
          expect(response.headers['x-robots-tag']).toBe('noindex');
          expect(response.body).toContain(`<title>${title}</title>`);
          expect(response.body).toContain('data-hidden-job');
          expect(response.body).not.toContain('application/ld+json');
          expect(response.body).not.toContain('Robotics Intern');
        }
      }
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).not.toContain('/jobs/robotics-intern');
    } finally {
      await db.delete(hiddenJobs).where(eq(hiddenJobs.jobId, onsite.id));
    }
    expect((await app.inject({ method: 'GET', url: '/jobs/robotics-intern' })).statusCode).toBe(200);
  });

  it('leaves the signed-in pages under /jobs to the app', async () => {
    for (const url of ['/jobs/saved', '/jobs/dismissed', '/jobs/applied']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Campus Jobs</title>');
    }
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists the public pages and the open featured jobs only', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('https://jobs.example.org/');
    expect(locations).toContain('https://jobs.example.org/jobs/robotics-intern');
    expect(locations).toContain('https://jobs.example.org/jobs/remote-engineer');
    expect(locations).not.toContain(`https://jobs.example.org/jobs/${expired.slug}`);
    expect(locations.some((location) => location?.includes('/dashboard'))).toBe(false);
  });

  it('allows the public pages and disallows the signed-in areas and the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\n');
    expect(lines).toContain('Allow: /jobs/');
    for (const path of [
      '/api/',
      '/dashboard',
      '/account',
      '/alerts',
      '/jobs$',
      '/jobs/saved',
      '/jobs/dismissed',
      '/jobs/applied',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://jobs.example.org/sitemap.xml');
  });
});

describe('company jobs that are not public and open stay off the open web', () => {
  let company: TestOrganization;
  let published: CompanyJob;
  let linkOnly: CompanyJob;
  let privateJob: CompanyJob;
  let draft: CompanyJob;

  beforeAll(async () => {
    company = await createOrganizationWithOwnerUser(app, testDatabase.database.db, 'Borealis Labs');
    published = await postJob(app, company.owner, company.id, { title: 'Borealis Public Intern' });
    linkOnly = await postJob(app, company.owner, company.id, { title: 'Borealis Link Intern', visibility: 'link' });
    privateJob = await postJob(app, company.owner, company.id, {
      title: 'Borealis Private Intern',
      visibility: 'private',
    });
    draft = await postJob(app, company.owner, company.id, { title: 'Borealis Draft Intern', status: 'draft' });
  });

  const page = (path: string) => app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

  async function sitemapLocations(): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    return [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  }

  /** The job's page as the open web sees it: its HTML with the job and JobPosting data. */
  function expectJobPage(response: LightMyRequestResponse, job: CompanyJob): void {
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1>${job.title}</h1>`);
    expect(jsonLd(response.body)).toMatchObject({ '@type': 'JobPosting', title: job.title });
  }

  /** Nothing of the job: the app's bare shell (which checks a shared link or invitation itself), or its 404. */
  function expectNoJobData(response: LightMyRequestResponse, status: 200 | 404, label: string): void {
    expect(response.statusCode, label).toBe(status);
    expect(response.body, label).toBe(shell);
  }

  it('GET /jobs/{slug}: the public job has its page and JSON-LD; link-only and private get the bare shell (noindex), a draft 404', async () => {
    const publicPage = await page(`/jobs/${published.slug}`);
    expectJobPage(publicPage, published);
    expect(publicPage.headers['x-robots-tag']).toBeUndefined();
    for (const job of [linkOnly, privateJob]) {
      for (const [path, label] of [
        [`/jobs/${job.slug}`, `${job.visibility}, by slug`],
        [`/jobs/${job.id}/`, `${job.visibility}, by id`],
      ] as const) {
        const response = await page(path);
        expectNoJobData(response, 200, label);
        expect(response.headers['x-robots-tag'], label).toBe('noindex');
      }
    }
    expectNoJobData(await page(`/jobs/${draft.slug}`), 404, 'draft, by slug');
    expectNoJobData(await page(`/jobs/${draft.id}/`), 404, 'draft, by id');
  });

  it('/sitemap.xml lists the public job, not the link-only, private or draft ones', async () => {
    const locations = await sitemapLocations();
    expect(locations).toContain(`https://jobs.example.org/jobs/${published.slug}`);
    const hidden = [linkOnly, privateJob, draft].flatMap((job) => [job.slug, job.id]);
    expect(locations.filter((location) => hidden.some((key) => location.endsWith(`/jobs/${key}`)))).toEqual([]);
  });

  it('a public job leaves its page, its JSON-LD and the sitemap once closed, or once made private', async () => {
    const closing = await postJob(app, company.owner, company.id, { title: 'Borealis Closing Intern' });
    const hiding = await postJob(app, company.owner, company.id, { title: 'Borealis Hiding Intern' });
    expectJobPage(await page(`/jobs/${closing.slug}`), closing);
    expectJobPage(await page(`/jobs/${hiding.slug}`), hiding);
    expect(await sitemapLocations()).toEqual(
      expect.arrayContaining([
        `https://jobs.example.org/jobs/${closing.slug}`,
        `https://jobs.example.org/jobs/${hiding.slug}`,
      ]),
    );

    const owner = caller(app, company.owner);
    expect((await owner.request('PATCH', `/api/company/jobs/${closing.id}`, { status: 'closed' })).statusCode).toBe(
      200,
    );
    expect((await owner.request('PATCH', `/api/company/jobs/${hiding.id}`, { visibility: 'private' })).statusCode).toBe(
      200,
    );

    expectNoJobData(await page(`/jobs/${closing.slug}`), 404, 'closed');
    expectNoJobData(await page(`/jobs/${hiding.slug}`), 200, 'made private');
    const locations = await sitemapLocations();
    expect(locations).not.toContain(`https://jobs.example.org/jobs/${closing.slug}`);
    expect(locations).not.toContain(`https://jobs.example.org/jobs/${hiding.slug}`);
    expect(locations).toContain(`https://jobs.example.org/jobs/${published.slug}`);
  });
});
