import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DevpostProfile } from '../../../shared/devpost/devpost-profile.ts';
import {
  assembleDevpostProfile,
  DevpostLayoutError,
  type ParsedHackathon,
  type ParsedProject,
  parseHackathonPage,
  parsePortfolioPage,
  parseProjectPage,
} from './devpost-parser.ts';

// Reads a Devpost profile: the portfolio page, then its project pages and their hackathons' pages, a few at a time.
// Results are cached per username for a while, and simultaneous requests for one username share one read.

export type DevpostLookup =
  { ok: true; profile: DevpostProfile } | { ok: false; reason: 'not-found' | 'layout-changed' | 'unavailable' };

export type DevpostService = {
  lookup(username: string): Promise<DevpostLookup>;
};

export type DevpostServiceOptions = {
  /** DEVPOST_BASE_URL: https://devpost.com. Only this host and its subdomains are ever fetched. */
  baseUrl: string;
  log?: FastifyBaseLogger;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  cacheTtlMs?: number;
  /** "No such user" is remembered for less long: the person may be creating the account right now. */
  notFoundTtlMs?: number;
  cacheEntries?: number;
  timeoutMs?: number;
  maxProjectPages?: number;
  maxHackathonPages?: number;
  concurrency?: number;
  maxPageBytes?: number;
};

class PageUnavailableError extends Error {
  override name = 'PageUnavailableError';
}

type Page = { status: 'ok'; html: string; url: string } | { status: 'not-found' };

async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PageUnavailableError(`page larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs `work` over `items`, at most `concurrency` at a time, keeping the order of results. */
async function mapWithConcurrency<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function createDevpostService({
  baseUrl,
  log,
  fetch = globalThis.fetch,
  now = () => new Date(),
  cacheTtlMs = 10 * 60_000,
  notFoundTtlMs = 60_000,
  cacheEntries = 500,
  timeoutMs = 10_000,
  maxProjectPages = 30,
  maxHackathonPages = 30,
  concurrency = 4,
  maxPageBytes = 2 * 1024 * 1024,
}: DevpostServiceOptions): DevpostService {
  const base = new URL(baseUrl);
  const cache = new LRUCache<string, { expiresAt: number; lookup: DevpostLookup }>({ max: cacheEntries });
  const inFlight = new Map<string, Promise<DevpostLookup>>();

  /** Devpost itself or one of its hackathon sites (<name>.devpost.com): never anywhere a page's link points. */
  function isDevpostUrl(url: URL): boolean {
    if (url.protocol !== base.protocol) return false;
    if (url.hostname === base.hostname) return url.port === base.port;
    return /[a-z]/i.test(base.hostname) && url.hostname.endsWith(`.${base.hostname}`) && url.port === base.port;
  }

  async function fetchPage(address: string): Promise<Page> {
    const url = new URL(address);
    if (!isDevpostUrl(url)) throw new PageUnavailableError(`not a Devpost address: ${url.origin}`);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'text/html', 'user-agent': 'CampusJobs/1.0 (student profile verification)' },
        redirect: 'follow',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PageUnavailableError(`${url.pathname}: ${(error as Error).message}`);
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { status: 'not-found' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PageUnavailableError(`${url.pathname}: HTTP ${response.status}`);
    }
    const finalUrl = response.url || url.toString();
    if (!isDevpostUrl(new URL(finalUrl))) {
      await response.body?.cancel();
      throw new PageUnavailableError(`${url.pathname} redirected away from Devpost`);
    }
    return { status: 'ok', html: await readLimitedText(response, maxPageBytes), url: finalUrl };
  }

  /** A page that adds detail: any failure costs that detail only. */
  async function fetchOptional<T>(address: string, parse: (html: string, url: string) => T | null): Promise<T | null> {
    try {
      const page = await fetchPage(address);
      return page.status === 'ok' ? parse(page.html, page.url) : null;
    } catch (error) {
      log?.info({ err: error, address }, 'Devpost page skipped');
      return null;
    }
  }

  async function read(username: string): Promise<DevpostLookup> {
    let page: Page;
    try {
      page = await fetchPage(new URL(`/${encodeURIComponent(username)}`, base).toString());
    } catch (error) {
      log?.warn({ err: error }, 'Devpost profile could not be fetched');
      return { ok: false, reason: 'unavailable' };
    }
    if (page.status === 'not-found') return { ok: false, reason: 'not-found' };

    let portfolio;
    try {
      portfolio = parsePortfolioPage(page.html, page.url);
    } catch (error) {
      if (!(error instanceof DevpostLayoutError)) throw error;
      log?.error({ err: error, username }, 'Devpost profile page layout not recognised');
      return { ok: false, reason: 'layout-changed' };
    }

    const projectUrls = portfolio.entries
      .map((entry) => entry.url)
      .filter((address) => isDevpostUrl(new URL(address)))
      .slice(0, maxProjectPages);
    const parsedProjects = await mapWithConcurrency(projectUrls, concurrency, (address) =>
      fetchOptional(address, parseProjectPage),
    );
    const projects = new Map<string, ParsedProject | null>(
      projectUrls.map((address, index) => [address, parsedProjects[index] ?? null]),
    );

    const hackathonLinks = [
      ...new Set(
        [...projects.values()].flatMap((project) => project?.submissions.map((submission) => submission.link) ?? []),
      ),
    ]
      .filter((link): link is string => link !== null && isDevpostUrl(new URL(link)))
      .slice(0, maxHackathonPages);
    const parsedHackathons = await mapWithConcurrency(hackathonLinks, concurrency, (address) =>
      fetchOptional(address, (html) => parseHackathonPage(html)),
    );
    const hackathons = new Map<string, ParsedHackathon | null>(
      hackathonLinks.map((link, index) => [link, parsedHackathons[index] ?? null]),
    );

    return {
      ok: true,
      profile: assembleDevpostProfile({ requestedUsername: username, portfolio, projects, hackathons, now: now() }),
    };
  }

  return {
    async lookup(username) {
      const key = username.toLowerCase();
      const cached = cache.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached.lookup;
      const running = inFlight.get(key);
      if (running) return running;
      const reading = read(username)
        .catch((error: unknown): DevpostLookup => {
          // A page the parser did not expect must not become a 500: it is a layout Devpost changed.
          log?.error({ err: error, username }, 'Devpost profile could not be read');
          return { ok: false, reason: 'layout-changed' };
        })
        .then((lookup) => {
          if (lookup.ok) cache.set(key, { expiresAt: Date.now() + cacheTtlMs, lookup });
          else if (lookup.reason === 'not-found') cache.set(key, { expiresAt: Date.now() + notFoundTtlMs, lookup });
          return lookup;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, reading);
      return reading;
    },
  };
}
