import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { AppDb } from '../../db/app-db.ts';
import { BoardPieces, type BoardOutcome, type BoardReply } from './board-snapshot-protocol.ts';
import { runBoardTask } from './board-snapshot-tasks.ts';
import { readBoardSnapshot, readBoardSnapshotMeta, saveBoardSnapshot } from './db/board-snapshot-repository.ts';

function job(index: number): BoardJob {
  return withPlaces({
    id: `job-${index}`,
    title: `Intern ${index}`,
    company: 'Acme',
    locations: ['Toronto, ON, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 1_760_000_000 + index,
    url: `https://jobs.example.com/${index}`,
    featured: false,
    type: 'internship',
  });
}

const served = { version: 'v2', refreshedAt: '2026-01-10T12:00:00.000Z', jobs: [] as unknown[] };
const seenIfNoneMatch: Array<string | undefined> = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/broken') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Boom' }));
      return;
    }
    seenIfNoneMatch.push(req.headers['if-none-match']);
    if (req.headers['if-none-match'] === `"${served.version}"`) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`test-board-tasks-${crypto.randomUUID()}`);
  // 7 good jobs with two malformed ones among them.
  served.jobs = [
    job(0),
    job(1),
    { id: 'no-fields' },
    job(2),
    job(3),
    job(4),
    { ...job(5), url: 'javascript:x' },
    job(6),
  ];
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

/** Runs a task as the worker would, each reply structured-cloned like postMessage does. */
async function run(request: Parameters<typeof runBoardTask>[0], pieceSize = 3): Promise<BoardReply[]> {
  const replies: BoardReply[] = [];
  await runBoardTask(request, (reply) => replies.push(structuredClone(reply)), { db, pieceSize, now: () => 4242 });
  return replies;
}

function assemble(replies: BoardReply[]): BoardOutcome[] {
  const pieces = new BoardPieces();
  return replies.flatMap((reply) => pieces.accept(reply) ?? []);
}

const refresh = (knownVersion: string | null, path = '/api/public/board/snapshot') =>
  ({ id: 9, kind: 'refresh', url: `${baseUrl}${path}`, knownVersion }) as const;

describe('runBoardTask: refresh', () => {
  it('sends the valid jobs in pieces as they pass, then the board with the malformed ones counted, then stores it', async () => {
    const replies = await run(refresh(null));
    expect(replies.map((reply) => reply.type)).toEqual(['jobs', 'jobs', 'jobs', 'snapshot', 'saved']);
    expect(replies.every((reply) => reply.id === 9)).toBe(true);
    const pieces = replies.flatMap((reply) => (reply.type === 'jobs' ? [reply.jobs.map((item) => item.id)] : []));
    // Pieces of three validated items, malformed ones left out.
    expect(pieces).toEqual([['job-0', 'job-1'], ['job-2', 'job-3', 'job-4'], ['job-6']]);

    const ids = ['job-0', 'job-1', 'job-2', 'job-3', 'job-4', 'job-6'];
    expect(assemble(replies)).toEqual([
      {
        type: 'snapshot',
        snapshot: {
          version: 'v2',
          refreshedAt: '2026-01-10T12:00:00.000Z',
          savedAt: 4242,
          jobs: [0, 1, 2, 3, 4, 6].map(job),
        },
        invalidJobs: 2,
      },
      { type: 'saved' },
    ]);
    const stored = await readBoardSnapshot(db);
    expect(stored?.jobs.map((item) => item.id)).toEqual(ids);
    expect(await readBoardSnapshotMeta(db)).toEqual({
      version: 'v2',
      refreshedAt: '2026-01-10T12:00:00.000Z',
      savedAt: 4242,
    });
  });

  it('sends the held version as If-None-Match and answers not-modified on 304, storing nothing', async () => {
    const replies = await run(refresh('v2'));
    expect(seenIfNoneMatch.at(-1)).toBe('"v2"');
    expect(replies).toEqual([{ id: 9, type: 'not-modified' }]);
    expect(await readBoardSnapshotMeta(db)).toBeNull();
  });

  it('answers a failed download with the error and its status, leaving the stored board alone', async () => {
    await saveBoardSnapshot({ version: 'v1', refreshedAt: null, jobs: [job(1)] }, 1, db);
    const replies = await run(refresh(null, '/broken'));
    expect(replies).toEqual([
      {
        id: 9,
        type: 'error',
        error: { name: 'BoardSnapshotHttpError', message: 'Boom', status: 500, body: { error: 'Boom' } },
      },
    ]);
    expect((await readBoardSnapshot(db))?.version).toBe('v1');
  });

  it('answers an unreachable server with the network error', async () => {
    const replies = await run({ id: 3, kind: 'refresh', url: 'http://127.0.0.1:1/snapshot', knownVersion: null });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ id: 3, type: 'error', error: { name: 'TypeError' } });
  });

  it('still sends the whole board when storing it fails, then says it could not be stored', async () => {
    vi.spyOn(db, 'transaction').mockImplementation(() =>
      Dexie.Promise.reject(Object.assign(new Error('The quota has been exceeded'), { name: 'QuotaExceededError' })),
    );
    const outcomes = assemble(await run(refresh(null)));
    expect(outcomes.map((outcome) => outcome.type)).toEqual(['snapshot', 'save-failed']);
    expect(outcomes[0]?.type === 'snapshot' && outcomes[0].snapshot.jobs).toHaveLength(6);
    expect(outcomes[1]).toEqual({
      type: 'save-failed',
      error: { name: 'QuotaExceededError', message: 'The quota has been exceeded' },
    });
  });
});

describe('runBoardTask: read', () => {
  it('answers empty when nothing is stored', async () => {
    expect(await run({ id: 1, kind: 'read' })).toEqual([{ id: 1, type: 'empty' }]);
  });

  it('sends the stored board in pieces that assemble into the same board', async () => {
    const jobs = Array.from({ length: 8 }, (_, index) => job(index));
    await saveBoardSnapshot({ version: 'v5', refreshedAt: null, jobs }, 777, db);
    const replies = await run({ id: 2, kind: 'read' });
    expect(replies.map((reply) => (reply.type === 'jobs' ? reply.jobs.length : reply.type))).toEqual([
      3,
      3,
      2,
      'snapshot',
    ]);
    expect(assemble(replies)).toEqual([
      { type: 'snapshot', snapshot: { version: 'v5', refreshedAt: null, savedAt: 777, jobs }, invalidJobs: 0 },
    ]);
  });

  it('gives the thread back after each piece when asked to (the main-thread fallback)', async () => {
    await saveBoardSnapshot({ version: 'v5', refreshedAt: null, jobs: [job(0), job(1), job(2)] }, 1, db);
    const events: string[] = [];
    await runBoardTask({ id: 2, kind: 'read' }, (reply) => events.push(reply.type), {
      db,
      pieceSize: 2,
      afterPiece: async () => {
        events.push('yield');
      },
    });
    expect(events).toEqual(['jobs', 'yield', 'jobs', 'yield', 'snapshot']);
  });

  it('answers a failed read with an error', async () => {
    vi.spyOn(db.boardSnapshot, 'get').mockImplementation(() => Dexie.Promise.reject(new Error('disk I/O error')));
    expect(await run({ id: 6, kind: 'read' })).toEqual([
      { id: 6, type: 'error', error: { name: 'Error', message: 'disk I/O error' } },
    ]);
  });
});
