import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { BoardSnapshotHttpError, getBoardSnapshot, validateBoardJobs } from './get-board-snapshot.ts';

const goodJob = {
  id: 'a',
  title: 'Data Intern',
  company: 'Acme',
  locations: ['NYC'],
  category: null,
  terms: [],
  degrees: [],
  datePosted: 1_760_000_000,
  url: 'https://jobs.example.com/a',
  featured: false,
  type: 'internship',
  places: [{ country: 'United States', region: 'New York', city: 'New York', mode: 'onsite' }],
  dateUpdated: null,
  family: null,
  termKeys: [],
  degreeLevels: [],
  sponsorship: 'unknown',
};

let server: Server;
let snapshotUrl = '';
let baseUrl = '';
const seenIfNoneMatch: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/unavailable') {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Down for upkeep' }));
      return;
    }
    if (req.url === '/proxy-page') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      return;
    }
    if (req.url === '/not-a-board') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobs: [] }));
      return;
    }
    const ifNoneMatch = req.headers['if-none-match'];
    seenIfNoneMatch.push(ifNoneMatch);
    if (ifNoneMatch === '"v2"') {
      res.writeHead(304, { etag: '"v2"' }).end();
      return;
    }
    const body = {
      version: 'v2',
      refreshedAt: '2026-01-10T12:00:00.000Z',
      jobs: [goodJob, { ...goodJob, id: 'b', url: 'javascript:alert(1)' }, { id: 'c' }],
    };
    res.writeHead(200, { 'content-type': 'application/json', etag: '"v2"' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  snapshotUrl = `${baseUrl}/api/public/board/snapshot`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getBoardSnapshot', () => {
  it('downloads the board when no copy is held, dropping malformed jobs instead of failing', async () => {
    const result = await getBoardSnapshot({ url: snapshotUrl, knownVersion: null, pieceSize: 250 });
    expect(seenIfNoneMatch.at(-1)).toBeUndefined();
    expect(result).toEqual({
      status: 'updated',
      snapshot: { version: 'v2', refreshedAt: '2026-01-10T12:00:00.000Z', jobs: [goodJob] },
      invalidJobs: 2,
    });
  });

  it('sends the held version as If-None-Match and reports not-modified on 304', async () => {
    const pieces: BoardJob[][] = [];
    const result = await getBoardSnapshot({
      url: snapshotUrl,
      knownVersion: 'v2',
      pieceSize: 250,
      onPiece: (jobs) => void pieces.push(jobs),
    });
    expect(result).toEqual({ status: 'not-modified' });
    expect(seenIfNoneMatch.at(-1)).toBe('"v2"');
    expect(pieces).toEqual([]);
  });

  it('downloads again when the held version is outdated', async () => {
    const result = await getBoardSnapshot({ url: snapshotUrl, knownVersion: 'v1', pieceSize: 250 });
    expect(result.status).toBe('updated');
    expect(seenIfNoneMatch.at(-1)).toBe('"v1"');
  });

  it("throws the server's status and error message for a failed answer", async () => {
    const failure = getBoardSnapshot({ url: `${baseUrl}/unavailable`, knownVersion: null, pieceSize: 250 });
    await expect(failure).rejects.toBeInstanceOf(BoardSnapshotHttpError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      message: 'Down for upkeep',
      body: { error: 'Down for upkeep' },
    });
    await expect(
      getBoardSnapshot({ url: `${baseUrl}/proxy-page`, knownVersion: null, pieceSize: 250 }),
    ).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', body: null });
  });

  it('rejects an answer that is not a board at all', async () => {
    await expect(
      getBoardSnapshot({ url: `${baseUrl}/not-a-board`, knownVersion: null, pieceSize: 250 }),
    ).rejects.toThrow(/version/);
  });
});

describe('validateBoardJobs', () => {
  it('hands the valid jobs over in order, a piece per slice, and counts the malformed ones', async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ ...goodJob, id: `job-${i}` }));
    items[1] = { ...goodJob, id: '' };
    items[5] = { ...goodJob, id: 'job-5', featured: 'yes' } as unknown as typeof goodJob;
    const pieces: string[][] = [];
    const result = await validateBoardJobs(items, 3, (jobs) => {
      pieces.push(jobs.map((job) => job.id));
    });
    expect(pieces).toEqual([['job-0', 'job-2'], ['job-3', 'job-4'], ['job-6']]);
    expect(result.jobs.map((job) => job.id)).toEqual(['job-0', 'job-2', 'job-3', 'job-4', 'job-6']);
    expect(result.invalid).toBe(2);
  });

  it('waits for each piece to be taken before validating the next', async () => {
    const events: string[] = [];
    // Jobs that note when the validation first reads them.
    const read = new Set<number>();
    const items = Array.from({ length: 4 }, (_, i) =>
      Object.defineProperty({ ...goodJob }, 'id', {
        enumerable: true,
        get: () => {
          if (!read.has(i)) events.push(`validate job-${i}`);
          read.add(i);
          return `job-${i}`;
        },
      }),
    );
    const taken: Array<() => void> = [];
    const run = validateBoardJobs(items, 2, (jobs) => {
      events.push(`take ${jobs.map((job) => job.id).join(' ')}`);
      return new Promise<void>((resolve) => taken.push(resolve));
    });
    // validateBoardJobs runs until it awaits the first piece's sink: the second slice is not read yet.
    expect(events).toEqual(['validate job-0', 'validate job-1', 'take job-0 job-1']);
    events.length = 0;
    taken[0]!();
    await expect.poll(() => taken.length).toBe(2);
    expect(events).toEqual(['validate job-2', 'validate job-3', 'take job-2 job-3']);
    taken[1]!();
    expect((await run).jobs.map((job) => job.id)).toEqual(['job-0', 'job-1', 'job-2', 'job-3']);
  });

  it('sends no empty piece when a whole slice is malformed', async () => {
    const pieces: BoardJob[][] = [];
    const result = await validateBoardJobs([{ id: 'x' }, { id: 'y' }, goodJob], 2, (jobs) => void pieces.push(jobs));
    expect(pieces).toEqual([[goodJob]]);
    expect(result.invalid).toBe(2);
  });
});
