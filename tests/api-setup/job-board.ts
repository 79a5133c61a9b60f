import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bumpBoardVersion } from '../../src/server/db/board-state.ts';
import type { Database } from '../../src/server/db/client.ts';
import { type FeaturedJobRow, featuredJobs, type OrganizationRow, organizations } from '../../src/server/db/schema.ts';

// Builders for the job board's API tests: feed records, a local feed host, organizations and featured jobs.

let sequence = 0;

/** One raw record of a community feed, as data/current.json holds it. */
export function buildListing(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  const id = typeof overrides.id === 'string' ? overrides.id : randomUUID();
  return {
    id,
    title: `Software Engineer Intern ${sequence}`,
    company_name: 'Acme',
    locations: ['Toronto, ON, Canada'],
    category: 'Software',
    terms: ['Summer 2026'],
    degrees: ["Bachelor's"],
    date_posted: 1_760_000_000 + sequence,
    date_updated: 1_760_100_000,
    url: `https://jobs.example.com/${id}`,
    active: true,
    ...overrides,
  };
}

export type FeedResponse = {
  /** A string is sent as is (garbled JSON), anything else as JSON. */
  body?: unknown;
  status?: number;
  /** Default: a hash of the body, like the real raw-file host. */
  etag?: string | null;
  lastModified?: string | null;
  /** Answer after this long; `Infinity` never answers. */
  delayMs?: number;
};

export type FeedRequest = { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null };

export type FeedServer = {
  url(path: string): string;
  /** What `path` answers from now on. */
  serve(path: string, response: FeedResponse): void;
  requests: FeedRequest[];
  /** The most requests ever in progress at once (parallel downloads show as 2). */
  maxInFlight: number;
  close(): Promise<void>;
};

/** A real HTTP server on 127.0.0.1 that serves feed files with ETag / Last-Modified and answers 304 to a match. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedResponse>();
  const requests: FeedRequest[] = [];
  let inFlight = 0;
  const state = { maxInFlight: 0 };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://feed.test').pathname;
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    requests.push({ path, ifNoneMatch: header('if-none-match'), ifModifiedSince: header('if-modified-since') });
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    const route = routes.get(path);
    const answer = () => {
      inFlight -= 1;
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const body = typeof route.body === 'string' ? route.body : JSON.stringify(route.body ?? null);
      const etag =
        route.etag === undefined ? `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"` : route.etag;
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (etag) headers.etag = etag;
      if (route.lastModified) headers['last-modified'] = route.lastModified;
      const status = route.status ?? 200;
      if (status === 200 && etag && header('if-none-match') === etag) {
        response.writeHead(304, headers).end();
        return;
      }
      response.writeHead(status, headers).end(status === 200 ? body : 'upstream failure');
    };
    const delay = route?.delayMs ?? 0;
    if (delay === Infinity) {
      request.on('close', () => {
        inFlight -= 1;
      });
      return;
    }
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, response) => void routes.set(path, response),
    requests,
    get maxInFlight() {
      return state.maxInFlight;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function insertOrganization(
  db: Database,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<OrganizationRow> {
  sequence += 1;
  const [row] = await db
    .insert(organizations)
    .values({
      slug: `organization-${sequence}-${randomUUID().slice(0, 8)}`,
      name: `Organization ${sequence}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no organization');
  return row;
}

const dayMs = 24 * 60 * 60 * 1000;

/** A featured job (open, posted yesterday unless told otherwise); bumps the board version like any featured change. */
export async function insertFeaturedJob(
  db: Database,
  overrides: Partial<typeof featuredJobs.$inferInsert> & { organizationId: string },
): Promise<FeaturedJobRow> {
  sequence += 1;
  const [row] = await db
    .insert(featuredJobs)
    .values({
      slug: `featured-job-${sequence}-${randomUUID().slice(0, 8)}`,
      title: `Featured Job ${sequence}`,
      type: 'Internship',
      location: 'Toronto, ON, Canada',
      description: 'What you will do.\nAnd more.',
      requirements: '- One thing\n- Another',
      postingDate: new Date(Date.now() - dayMs),
      endPostingDate: null,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no featured job');
  await bumpBoardVersion(db);
  return row;
}
