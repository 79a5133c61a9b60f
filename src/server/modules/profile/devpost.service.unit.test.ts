import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevpostService } from './devpost.service.ts';

const base = 'https://devpost.com';
const fixturesDir = join(import.meta.dirname, '../../../../tests/fixtures/devpost');
const fixture = (name: string) => readFileSync(join(fixturesDir, name), 'utf8').replaceAll('{{BASE}}', base);

type Page = { status?: number; body?: string; redirectTo?: string; delayMs?: number };

/** A fetch that serves `pages` by URL and records every URL asked for (Devpost or not). */
function fakeFetch(pages: Record<string, Page>) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const page = pages[url];
    if (page?.delayMs) await new Promise((wait) => setTimeout(wait, page.delayMs));
    if (!page) return new Response('<h1>Not found</h1>', { status: 404 });
    const response = new Response(page.body ?? '', { status: page.status ?? 200 });
    if (page.redirectTo) Object.defineProperty(response, 'url', { value: page.redirectTo });
    else Object.defineProperty(response, 'url', { value: url });
    return response;
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const janeSite: Record<string, Page> = {
  [`${base}/jane_doe`]: { body: fixture('profile-jane-doe.html') },
  [`${base}/software/smart-recycle`]: { body: fixture('project-smart-recycle.html') },
  [`${base}/software/study-buddy`]: { body: fixture('project-study-buddy.html') },
  [`${base}/software/pixel-garden`]: { body: fixture('project-pixel-garden.html') },
  [`${base}/software/night-owl`]: { body: fixture('project-night-owl.html') },
  [`${base}/hackathons/hack-the-north-2023/`]: { body: fixture('hackathon-hack-the-north-2023.html') },
  [`${base}/hackathons/mchacks-11/`]: { body: fixture('hackathon-mchacks-11.html') },
};

describe('Devpost service', () => {
  it('reads the whole profile and never requests an address outside Devpost', async () => {
    const hostile = fixture('profile-jane-doe.html').replace(
      `${base}/software/pixel-garden`,
      'http://169.254.169.254/software/latest-meta-data',
    );
    const { fetch, asked } = fakeFetch({ ...janeSite, [`${base}/jane_doe`]: { body: hostile } });
    const lookup = await createDevpostService({ baseUrl: base, fetch }).lookup('jane_doe');
    expect(lookup.ok).toBe(true);
    expect(asked.every((url) => new URL(url).hostname === 'devpost.com')).toBe(true);
    // HackMIT's own site is linked from a project but is not Devpost's.
    expect(asked.some((url) => url.includes('hackmit'))).toBe(false);
  });

  it('follows hackathon sites on Devpost subdomains (<name>.devpost.com)', async () => {
    const project = fixture('project-study-buddy.html').replace(
      `${base}/hackathons/mchacks-11/`,
      'https://mchacks-11.devpost.com/',
    );
    const { fetch, asked } = fakeFetch({
      ...janeSite,
      [`${base}/software/study-buddy`]: { body: project },
      'https://mchacks-11.devpost.com/': { body: fixture('hackathon-mchacks-11.html') },
    });
    const lookup = await createDevpostService({ baseUrl: base, fetch }).lookup('jane_doe');
    expect(asked).toContain('https://mchacks-11.devpost.com/');
    const entry = lookup.ok
      ? lookup.profile.projectsAndHackathons.find((item) => item.project === 'Study Buddy')
      : null;
    expect(entry?.hackathon_details.deadline).toBe('Feb 4, 2024 @ 10:00am EST');
  });

  it('treats a redirect away from Devpost as unavailable', async () => {
    const { fetch } = fakeFetch({ [`${base}/jane_doe`]: { body: 'x', redirectTo: 'https://evil.test/jane' } });
    expect(await createDevpostService({ baseUrl: base, fetch }).lookup('jane_doe')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('refuses a page larger than the limit', async () => {
    const { fetch } = fakeFetch({ [`${base}/jane_doe`]: { body: 'x'.repeat(10_000) } });
    const service = createDevpostService({ baseUrl: base, fetch, maxPageBytes: 1000 });
    expect(await service.lookup('jane_doe')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('gives up on a page that does not answer in time', async () => {
    const { fetch } = fakeFetch({ [`${base}/jane_doe`]: { body: fixture('profile-jane-doe.html'), delayMs: 60_000 } });
    const slowAware = (async (input: string | URL | Request, init?: RequestInit) => {
      // The fake ignores the signal; race it the way a real fetch would abort.
      return Promise.race([
        fetch(input, init),
        new Promise<never>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ]);
    }) as typeof globalThis.fetch;
    const service = createDevpostService({ baseUrl: base, fetch: slowAware, timeoutMs: 50 });
    expect(await service.lookup('jane_doe')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('caches a profile until its time is up, and shares one read between simultaneous lookups', async () => {
    const { fetch, asked } = fakeFetch(janeSite);
    let now = 0;
    const realNow = Date.now;
    Date.now = () => realNow() + now;
    try {
      const service = createDevpostService({ baseUrl: base, fetch, cacheTtlMs: 1000 });
      const [a, b] = await Promise.all([service.lookup('jane_doe'), service.lookup('Jane_Doe')]);
      expect(a).toBe(b);
      const pagesPerRead = asked.length;
      await service.lookup('JANE_DOE');
      expect(asked.length).toBe(pagesPerRead);
      now = 1500;
      await service.lookup('jane_doe');
      expect(asked.length).toBe(pagesPerRead * 2);
    } finally {
      Date.now = realNow;
    }
  });

  it('does not cache a failure other than "not found"', async () => {
    const pages: Record<string, Page> = { [`${base}/jane_doe`]: { status: 502 } };
    const { fetch } = fakeFetch(pages);
    const service = createDevpostService({ baseUrl: base, fetch });
    expect(await service.lookup('jane_doe')).toEqual({ ok: false, reason: 'unavailable' });
    pages[`${base}/jane_doe`] = { body: fixture('profile-new-user.html') };
    expect((await service.lookup('jane_doe')).ok).toBe(true);
  });

  it('keeps at most the configured number of profiles', async () => {
    const pages: Record<string, Page> = {};
    for (const name of ['a1', 'a2', 'a3']) pages[`${base}/${name}`] = { body: fixture('profile-new-user.html') };
    const { fetch, asked } = fakeFetch(pages);
    const service = createDevpostService({ baseUrl: base, fetch, cacheEntries: 2 });
    for (const name of ['a1', 'a2', 'a3', 'a1']) await service.lookup(name);
    expect(asked.filter((url) => url.endsWith('/a1'))).toHaveLength(2);
  });
});
