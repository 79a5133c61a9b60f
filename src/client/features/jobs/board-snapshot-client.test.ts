import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { AppDb } from '../../db/app-db.ts';
import type { BoardReply, BoardRequest } from './board-snapshot-protocol.ts';
import { runBoardTask } from './board-snapshot-tasks.ts';

const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

function job(index: number): BoardJob {
  return withPlaces({
    id: `job-${index}`,
    title: `Intern ${index}`,
    company: 'Acme',
    locations: ['Montreal, QC, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 1_760_000_000 + index,
    url: null,
    featured: index === 0,
    type: 'internship',
  });
}

// 600 jobs: more than two pieces of the default size, so assembly across pieces is exercised.
const goodJobs = Array.from({ length: 600 }, (_, index) => job(index));
const serverState = { failing: false, requests: 0 };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    serverState.requests += 1;
    if (req.url !== '/api/public/board/snapshot') {
      res.writeHead(404).end();
      return;
    }
    if (serverState.failing) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Boom' }));
      return;
    }
    if (req.headers['if-none-match'] === '"v3"') {
      res.writeHead(304).end();
      return;
    }
    const jobs = [...goodJobs.slice(0, 300), { id: 'broken' }, ...goodJobs.slice(300)];
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ version: 'v3', refreshedAt: null, jobs }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testEnv.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Stands in for the board's worker: runs the same task, and delivers every reply cloned, in its own task. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  onmessage: ((event: { data: BoardReply }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault: () => void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  readonly requests: BoardRequest[] = [];

  readonly url: URL;
  readonly options: WorkerOptions;

  constructor(url: URL, options: WorkerOptions) {
    this.url = url;
    this.options = options;
    FakeWorker.instances.push(this);
  }

  postMessage(request: BoardRequest): void {
    this.requests.push(request);
    void runBoardTask(structuredClone(request), (reply) => {
      const data = structuredClone(reply);
      setTimeout(() => this.onmessage?.({ data }));
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** A worker whose script cannot be loaded (offline, no cached copy, or no module workers). */
class UnloadableWorker extends FakeWorker {
  override postMessage(request: BoardRequest): void {
    this.requests.push(request);
    setTimeout(() => this.onerror?.({ message: 'Failed to load worker script', preventDefault: () => {} }));
  }
}

async function freshModules() {
  vi.resetModules();
  const client = await import('./board-snapshot-client.ts');
  const store = await import('./board-snapshot-store.ts');
  const sync = await import('./board-snapshot-sync.ts');
  return { ...client, ...store, ...sync };
}

beforeEach(async () => {
  serverState.failing = false;
  FakeWorker.instances = [];
  const db = new AppDb();
  await db.boardSnapshot.clear();
  db.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('without workers (Node, very old browsers): the same tasks on the page', () => {
  it('downloads, validates and stores the board, then reads it back', async () => {
    const { downloadBoard, readStoredBoard } = await freshModules();
    expect(await readStoredBoard()).toBeNull();
    const download = await downloadBoard(null);
    if (download.status !== 'updated') throw new Error(`expected a new board, got ${download.status}`);
    expect(download.invalidJobs).toBe(1);
    expect(download.snapshot.version).toBe('v3');
    expect(download.snapshot.jobs).toEqual(goodJobs);
    await download.saved;
    const stored = await readStoredBoard();
    expect(stored).toEqual(download.snapshot);
    expect(await downloadBoard('v3')).toEqual({ status: 'not-modified' });
  });

  it('rejects a failed download with an ApiError carrying the status', async () => {
    const { downloadBoard } = await freshModules();
    const { ApiError } = await import('../../lib/api-client.ts');
    serverState.failing = true;
    const failure = downloadBoard(null);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 500, message: 'Boom' });
  });

  it('refreshBoardSnapshot puts the board in memory and on the device, then waits its turn', async () => {
    const { refreshBoardSnapshot, getLoadedBoard, readStoredBoard } = await freshModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await refreshBoardSnapshot(null);
    expect(warn).toHaveBeenCalledWith('[jobs] 1 malformed jobs left out of the board');
    expect(getLoadedBoard().snapshot?.jobs).toEqual(goodJobs);
    expect((await readStoredBoard())?.version).toBe('v3');
    const requestsBefore = serverState.requests;
    await refreshBoardSnapshot('v3');
    expect(serverState.requests).toBe(requestsBefore);
    await refreshBoardSnapshot('v3', { force: true });
    expect(serverState.requests).toBe(requestsBefore + 1);
  });

  it('refreshBoardSnapshot keeps the board it has when the download fails', async () => {
    const { refreshBoardSnapshot, getLoadedBoard } = await freshModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await refreshBoardSnapshot(null);
    const before = getLoadedBoard().snapshot;
    serverState.failing = true;
    await refreshBoardSnapshot(null, { force: true });
    expect(getLoadedBoard().snapshot).toBe(before);
    expect(warn).toHaveBeenLastCalledWith(
      '[jobs] could not refresh the board',
      expect.objectContaining({ status: 500 }),
    );
  });
});

describe('with a worker', () => {
  it('starts one worker on first use (none at import) and assembles its pieces into the board', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { downloadBoard, readStoredBoard } = await freshModules();
    expect(FakeWorker.instances).toHaveLength(0);

    const download = await downloadBoard(null);
    expect(FakeWorker.instances).toHaveLength(1);
    const [worker] = FakeWorker.instances;
    expect(worker!.url.pathname).toMatch(/board-snapshot\.worker\.ts$/);
    expect(worker!.options).toMatchObject({ type: 'module' });
    expect(worker!.requests[0]).toEqual({
      id: 1,
      kind: 'refresh',
      url: `${testEnv.baseUrl}/public/board/snapshot`,
      knownVersion: null,
    });
    if (download.status !== 'updated') throw new Error(`expected a new board, got ${download.status}`);
    expect(download.snapshot.jobs).toEqual(goodJobs);
    await download.saved;

    expect((await readStoredBoard())?.jobs).toEqual(goodJobs);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(worker!.requests.map((request) => request.kind)).toEqual(['refresh', 'read']);
  });

  it('answers two requests under way at once, each with its own jobs', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { downloadBoard, readStoredBoard } = await freshModules();
    const first = await downloadBoard(null);
    if (first.status !== 'updated') throw new Error('expected a new board');
    await first.saved;
    const [again, stored] = await Promise.all([downloadBoard('v1'), readStoredBoard()]);
    expect(again.status === 'updated' && again.snapshot.jobs).toEqual(goodJobs);
    expect(stored?.jobs).toEqual(goodJobs);
  });

  it('loadStoredSnapshot reads the stored board through the worker into memory', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { downloadBoard, loadStoredSnapshot, getLoadedBoard, subscribeToLoadedBoard } = await freshModules();
    const download = await downloadBoard(null);
    if (download.status !== 'updated') throw new Error('expected a new board');
    await download.saved;
    const loaded = new Promise<void>((resolve) => subscribeToLoadedBoard(resolve));
    loadStoredSnapshot({ version: 'v3', refreshedAt: null, savedAt: download.snapshot.savedAt });
    await loaded;
    expect(getLoadedBoard().snapshot).toEqual(download.snapshot);
    expect(FakeWorker.instances[0]!.requests.map((request) => request.kind)).toEqual(['refresh', 'read']);
  });

  it('falls back to the page when the worker cannot start, for that request and every later one', async () => {
    vi.stubGlobal('Worker', UnloadableWorker);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { downloadBoard, readStoredBoard } = await freshModules();
    const download = await downloadBoard(null);
    expect(warn).toHaveBeenCalledWith(
      '[jobs] the board worker is unavailable; the board is handled on the page',
      'Failed to load worker script',
    );
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
    if (download.status !== 'updated') throw new Error('expected a new board');
    expect(download.snapshot.jobs).toEqual(goodJobs);
    await download.saved;
    expect((await readStoredBoard())?.jobs).toEqual(goodJobs);
    // No second attempt at starting a worker.
    expect(FakeWorker.instances).toHaveLength(1);
  });
});
