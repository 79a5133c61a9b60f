import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildListing, type FeedServer, startFeedServer } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { readBoardState } from '../../db/board-state.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { externalListings, feedState } from '../../db/schema.ts';
import { createIngestService, type FeedRefreshOutcome, type IngestLogger } from './ingest.service.ts';

let testDatabase: TestDatabase;
let feeds: FeedServer;
let app: FastifyInstance;

const internshipsPath = '/tech-internships/data/current.json';
const newGradsPath = '/tech-new-grads/data/current.json';

type LogLine = { level: 'info' | 'warn'; details: object; message: string };

function recordingLogger(lines: LogLine[] = []): IngestLogger & { lines: LogLine[] } {
  return {
    lines,
    info: (details, message) => void lines.push({ level: 'info', details, message }),
    warn: (details, message) => void lines.push({ level: 'warn', details, message }),
  };
}

function serviceFor(database: DatabaseHandle, log = recordingLogger(), download = {}) {
  return createIngestService({
    database,
    feeds: [
      { type: 'internship', url: feeds.url(internshipsPath) },
      { type: 'new-grad', url: feeds.url(newGradsPath) },
    ],
    log,
    download,
  });
}

async function listings() {
  const rows = await testDatabase.database.db.select().from(externalListings);
  return new Map(rows.map((row) => [row.id, row]));
}

async function stateOf(type: 'internship' | 'new-grad') {
  const [row] = await testDatabase.database.db.select().from(feedState).where(eq(feedState.feedType, type));
  return row;
}

async function boardTotal(): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/public/board?limit=1' });
  return response.json().total;
}

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function outcome(outcomes: FeedRefreshOutcome[], type: string): FeedRefreshOutcome {
  const found = outcomes.find((entry) => entry.type === type);
  if (!found) throw new Error(`no outcome for ${type}`);
  return found;
}

async function refresh() {
  const run = await app.feedIngest.refreshFeeds();
  if (!run.ran) throw new Error('the ingestion did not run');
  return run.feeds;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  feeds = await startFeedServer();
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ FEED_INTERNSHIPS_URL: feeds.url(internshipsPath), FEED_NEW_GRADS_URL: feeds.url(newGradsPath) }),
  });
});

afterAll(async () => {
  await app.close();
  await feeds.close();
  await testDatabase.dispose();
});

describe('feed ingestion from a local feed host', () => {
  const kept = buildListing({ title: 'Data Engineer Intern', company_name: 'Maple Bank' });
  const leaving = buildListing({ title: 'Leaving Soon Intern' });
  const newGrad = buildListing({ title: 'Software Engineer I', locations: ['Austin, TX'] });

  it('downloads both feeds in parallel, imports the valid records and counts the bad ones', async () => {
    feeds.serve(internshipsPath, {
      delayMs: 150,
      lastModified: 'Sat, 18 Oct 2025 10:00:00 GMT',
      body: [
        kept,
        leaving,
        buildListing({ title: '' }), // invalid: empty title
        buildListing({ url: 'javascript:alert(1)' }), // invalid: not a web link
        buildListing({ active: false }), // closed posting
        { ...kept, title: 'Same id again' }, // duplicate
        buildListing({ title: 'Third Intern' }),
      ],
    });
    feeds.serve(newGradsPath, { delayMs: 150, body: [newGrad, buildListing({ title: 'Backend Engineer' })] });
    const before = await readBoardState(testDatabase.database.db);

    const outcomes = await refresh();

    expect(feeds.maxInFlight).toBe(2);
    const internships = outcome(outcomes, 'internship');
    expect(internships).toMatchObject({ status: 'imported', imported: 3, added: 3, deactivated: 0 });
    if (internships.status !== 'imported') throw new Error('unreachable');
    expect(internships.sources[0]?.skipped).toEqual({ invalid: 2, inactive: 1, duplicate: 1 });
    expect(outcome(outcomes, 'new-grad')).toMatchObject({ status: 'imported', imported: 2, added: 2 });

    const rows = await listings();
    expect(rows.size).toBe(5);
    expect(rows.get(kept.id as string)).toMatchObject({
      feedType: 'internship',
      title: 'Data Engineer Intern',
      company: 'Maple Bank',
      locations: ['Toronto, ON, Canada'],
      terms: ['Summer 2026'],
      active: true,
    });
    expect(rows.get(newGrad.id as string)?.feedType).toBe('new-grad');
    expect(await stateOf('internship')).toMatchObject({
      url: feeds.url(internshipsPath),
      etag: expect.stringMatching(/^"[0-9a-f]+"$/),
      lastModified: 'Sat, 18 Oct 2025 10:00:00 GMT',
      recordCount: 3,
      skippedCount: 4,
      lastError: null,
    });
    expect((await readBoardState(testDatabase.database.db)).version).not.toBe(before.version);
    expect(await boardTotal()).toBe(5);
  });

  it('sends the validators back and changes nothing when both feeds answer 304', async () => {
    const before = await readBoardState(testDatabase.database.db);
    const rowsBefore = await listings();
    const requestCount = feeds.requests.length;

    const outcomes = await refresh();

    expect(outcomes.map((entry) => entry.status)).toEqual(['not-modified', 'not-modified']);
    const sent = feeds.requests.slice(requestCount);
    expect(sent.find((request) => request.path === internshipsPath)).toMatchObject({
      ifNoneMatch: expect.stringMatching(/^"/),
      ifModifiedSince: 'Sat, 18 Oct 2025 10:00:00 GMT',
    });
    expect(await readBoardState(testDatabase.database.db)).toEqual(before);
    const rowsAfter = await listings();
    for (const [id, row] of rowsBefore) {
      expect(rowsAfter.get(id)?.lastSeenAt).toEqual(row.lastSeenAt);
      expect(rowsAfter.get(id)?.updatedAt).toEqual(row.updatedAt);
    }
    expect((await stateOf('internship'))?.lastCheckedAt?.getTime()).toBeGreaterThan(
      rowsBefore.get(kept.id as string)!.lastSeenAt.getTime(),
    );
  });

  it('keeps the version when a changed file holds the same listings (only fields the board ignores moved)', async () => {
    const before = await readBoardState(testDatabase.database.db);
    const rows = await listings();
    const sameListings = [...rows.values()]
      .filter((row) => row.feedType === 'new-grad')
      .map((row) => ({
        id: row.id,
        title: row.title,
        company_name: row.company,
        locations: row.locations,
        category: row.category,
        terms: row.terms,
        degrees: row.degrees,
        date_posted: row.datePosted,
        url: row.url,
        date_updated: row.dateUpdated,
        sponsorship: 'Offers Sponsorship',
      }));
    feeds.serve(newGradsPath, { body: sameListings });

    const outcomes = await refresh();

    expect(outcome(outcomes, 'new-grad')).toMatchObject({ status: 'imported', added: 0, updated: 0, unchanged: 2 });
    expect((await readBoardState(testDatabase.database.db)).version).toBe(before.version);
  });

  it('deactivates a listing that left its feed, updates a changed one, and brings a returning one back', async () => {
    feeds.serve(internshipsPath, { body: [{ ...kept, title: 'Senior Data Engineer Intern' }] });
    let outcomes = await refresh();
    expect(outcome(outcomes, 'internship')).toMatchObject({ imported: 1, updated: 1, added: 0, deactivated: 2 });
    let rows = await listings();
    expect(rows.get(leaving.id as string)?.active).toBe(false);
    expect(rows.get(kept.id as string)).toMatchObject({ active: true, title: 'Senior Data Engineer Intern' });
    expect(await boardTotal()).toBe(3);
    const firstSeen = rows.get(leaving.id as string)!.firstSeenAt;

    feeds.serve(internshipsPath, { body: [kept, leaving] });
    outcomes = await refresh();
    expect(outcome(outcomes, 'internship')).toMatchObject({ added: 0, updated: 2, deactivated: 0 });
    rows = await listings();
    expect(rows.get(leaving.id as string)).toMatchObject({ active: true, firstSeenAt: firstSeen });
    expect(await boardTotal()).toBe(4);
  });

  it('logs a feed answering 500 in one line, keeps its listings and still refreshes the other feed', async () => {
    const log = recordingLogger();
    const before = await listings();
    feeds.serve(internshipsPath, { status: 500 });
    const extra = buildListing({ title: 'Platform Engineer', locations: ['Denver, CO'] });
    feeds.serve(newGradsPath, { body: [newGrad, extra] });

    const run = await serviceFor(testDatabase.database, log).refreshFeeds();

    if (!run.ran) throw new Error('the ingestion did not run');
    expect(outcome(run.feeds, 'internship')).toEqual({
      status: 'failed',
      type: 'internship',
      url: feeds.url(internshipsPath),
      error: 'HTTP 500',
    });
    expect(outcome(run.feeds, 'new-grad')).toMatchObject({ status: 'imported', added: 1, deactivated: 1 });
    const warnings = log.lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe('feed internship not refreshed: HTTP 500');
    const rows = await listings();
    const internshipsBefore = [...before.values()].filter((row) => row.feedType === 'internship');
    expect(internshipsBefore.map((row) => rows.get(row.id)?.active)).toEqual(
      internshipsBefore.map((row) => row.active),
    );
    expect(await stateOf('internship')).toMatchObject({ lastError: 'HTTP 500', lastErrorAt: expect.any(Date) });
  });

  it.each([
    ['garbled JSON', '[{"id": "x", "title": ', /^not valid JSON/],
    ['an object instead of a list', { listings: [] }, /not a JSON array of listings$/],
    ['an empty list', [], /the file has no records$/],
    ['mostly invalid records', [buildListing(), { id: 1 }, { id: 2 }, { nope: true }], /3 of 4 records are invalid$/],
  ])('refuses %s and keeps the last good data', async (_name, body, error) => {
    const before = await listings();
    const version = (await readBoardState(testDatabase.database.db)).version;
    feeds.serve(internshipsPath, { body });

    const outcomes = await refresh();

    expect(outcome(outcomes, 'internship')).toMatchObject({ status: 'failed', error: expect.stringMatching(error) });
    expect(await listings()).toEqual(before);
    expect((await readBoardState(testDatabase.database.db)).version).toBe(version);
  });

  it('fails a feed that does not answer in time, or is larger than the cap', async () => {
    feeds.serve(internshipsPath, { delayMs: Infinity });
    feeds.serve(newGradsPath, { body: Array.from({ length: 50 }, () => buildListing()) });

    const run = await serviceFor(testDatabase.database, recordingLogger(), {
      timeoutMs: 300,
      maxBytes: 4000,
    }).refreshFeeds();

    if (!run.ran) throw new Error('the ingestion did not run');
    expect(outcome(run.feeds, 'internship')).toMatchObject({ status: 'failed', error: 'no answer within 0.3 s' });
    expect(outcome(run.feeds, 'new-grad')).toMatchObject({ status: 'failed', error: 'larger than 4 KB' });
  });

  it('fails quietly when the feed host cannot be reached', async () => {
    const log = recordingLogger();
    const unreachable = createIngestService({
      database: testDatabase.database,
      feeds: [{ type: 'internship', url: `http://127.0.0.1:${await closedPort()}/current.json` }],
      log,
    });
    const run = await unreachable.refreshFeeds();
    if (!run.ran) throw new Error('the ingestion did not run');
    expect(run.feeds[0]).toMatchObject({ status: 'failed', error: 'request failed (ECONNREFUSED)' });
    expect(log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });
});

describe('one ingestion at a time (advisory lock)', () => {
  beforeEach(() => {
    feeds.serve(internshipsPath, { delayMs: 300, body: [buildListing(), buildListing()] });
    feeds.serve(newGradsPath, { delayMs: 300, body: [buildListing()] });
  });

  it('lets one of two simultaneous runs in this process do the work; the other skips at once', async () => {
    const requestCount = feeds.requests.length;
    const [first, second] = await Promise.all([
      serviceFor(testDatabase.database).refreshFeeds(),
      serviceFor(testDatabase.database).refreshFeeds(),
    ]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(feeds.requests.length - requestCount).toBe(2);
  });

  let otherInstance: DatabaseHandle | null = null;
  afterEach(async () => {
    await otherInstance?.close();
    otherInstance = null;
  });

  it('lets one of two instances on the same PostgreSQL database do the work', async (context) => {
    if (!testDatabase.url) {
      context.skip('PGlite: one process per data folder, so there is no second instance to exclude');
      return;
    }
    otherInstance = await openDatabase({ databaseUrl: testDatabase.url });
    const requestCount = feeds.requests.length;
    const [first, second] = await Promise.all([
      serviceFor(testDatabase.database).refreshFeeds(),
      serviceFor(otherInstance).refreshFeeds(),
    ]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(feeds.requests.length - requestCount).toBe(2);
    // The lock is free again afterwards.
    expect((await serviceFor(otherInstance).refreshFeeds()).ran).toBe(true);
  });

  it('releases the lock after a run, so the next one runs', async () => {
    expect((await serviceFor(testDatabase.database).refreshFeeds()).ran).toBe(true);
    expect((await serviceFor(testDatabase.database).refreshFeeds()).ran).toBe(true);
  });
});

describe('the feed schedule', () => {
  /** A promise and the function that settles it (a feed host event the test waits for, no clock involved). */
  function signal(): { promise: Promise<void>; resolve: () => void } {
    let resolve!: () => void;
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  }

  /** A logger for the app under test, and a promise of the `times`-th matching line it logs from now on. */
  function watchedLog() {
    const lines: Record<string, unknown>[] = [];
    const waiting: { match: (line: Record<string, unknown>) => boolean; left: number; resolve: () => void }[] = [];
    const logger = pino(
      { level: 'info' },
      {
        write(text: string) {
          const line = JSON.parse(text) as Record<string, unknown>;
          lines.push(line);
          for (const waiter of waiting.filter((entry) => entry.match(line) && --entry.left === 0)) waiter.resolve();
        },
      },
    );
    return {
      logger,
      lines,
      logged(match: (line: Record<string, unknown>) => boolean, times = 1): Promise<void> {
        return new Promise((resolve) => waiting.push({ match, left: times, resolve }));
      },
    };
  }

  it('ingests on start without holding up the server, shows a feed while the other hangs, and shutdown cancels the hanging download', async () => {
    const internship = buildListing({ title: 'Scheduled Intern' });
    // The internships answer at once; the new-grad download is held open until the server drops it.
    const newGradStarted = signal();
    const newGradDropped = signal();
    const host = createServer((request, response) => {
      if (request.url === '/internships.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([internship]));
        return;
      }
      response.on('close', newGradDropped.resolve);
      newGradStarted.resolve();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    const log = watchedLog();
    // The board loads once on start, then again when a feed comes in.
    const internshipOnBoard = log.logged((line) => line.msg === 'job board loaded', 2);
    const scheduledApp = await buildApp({
      env: buildEnv({
        FEEDS_ENABLED: 'true',
        FEED_INTERNSHIPS_URL: `${hostUrl}/internships.json`,
        FEED_NEW_GRADS_URL: `${hostUrl}/new-grads.json`,
      }),
      // The file's database (a second instance on it): no second database to create and migrate.
      database: testDatabase.database,
      logger: log.logger,
    });
    try {
      await scheduledApp.ready();
      await newGradStarted.promise;
      // Serving while the new-grad download hangs.
      expect((await scheduledApp.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
      await internshipOnBoard;
      const board = await scheduledApp.inject({ method: 'GET', url: '/api/public/board?type=internship' });
      expect(board.json().jobs.map((job: { id: string }) => job.id)).toEqual([internship.id]);

      // Shutdown ends the download in progress rather than waiting for its 30 s timeout, and records why.
      await scheduledApp.close();
      await newGradDropped.promise;
      expect(await stateOf('internship')).toMatchObject({
        url: `${hostUrl}/internships.json`,
        recordCount: 1,
      });
      expect(await stateOf('new-grad')).toMatchObject({ lastError: 'download cancelled' });
      expect(log.lines).toContainEqual(
        expect.objectContaining({ level: 40, msg: 'feed new-grad not refreshed: download cancelled' }),
      );
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
      await scheduledApp.close();
    }
  });
});
