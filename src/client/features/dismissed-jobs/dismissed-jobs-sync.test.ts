import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../db/app-db.ts';
import { setIdTokenProvider } from '../../lib/api-client.ts';
import { listToggledOn, pendingToggles, recordToggle } from '../../lib/job-toggles/job-toggle-repository.ts';
import { dismissedJobsStore as store } from './db/dismissed-jobs-repository.ts';
import { syncDismissedJobs } from './dismissed-jobs-sync.ts';

// The real sync (API client, repository, the app's IndexedDB in fake-indexeddb) against a local HTTP server that
// answers as /api/dismissed-jobs does, or fails the way the network does.

const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

let server: Server;
/** `METHOD jobId` -> a status to answer once (else 200), or 'drop' to cut the connection. */
let script: Map<string, number | 'drop'>;
let serverList: Array<{ jobId: string; dismissedAt: string; job: null }>;
/** Each request: `METHOD jobId?changedAt` (PUT bodies carry the time too). */
let seen: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const jobId = decodeURIComponent(url.pathname.replace(/^\/api\/dismissed-jobs\/?/, ''));
      const request = jobId ? `${req.method} ${jobId}` : `${req.method} list`;
      const changedAt =
        url.searchParams.get('changedAt') ?? (body ? (JSON.parse(body) as { changedAt: string }).changedAt : '');
      seen.push(changedAt ? `${request} ${changedAt}` : request);
      const answer = script.get(request);
      script.delete(request);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      const status = answer ?? 200;
      const payload =
        status !== 200
          ? { error: 'Refused', code: status === 404 ? 'job_not_found' : 'upstream_unavailable' }
          : request === 'GET list'
            ? { dismissedJobs: serverList }
            : { jobId, dismissed: req.method === 'PUT', changedAt };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testEnv.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  await appDb.dismissedJobs.clear();
  script = new Map();
  serverList = [];
  seen = [];
  setIdTokenProvider(async () => 'token-ada');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  setIdTokenProvider(null);
  vi.restoreAllMocks();
});

const uid = 'ada';
const at = (ms: number) => new Date(ms).toISOString();

describe('syncDismissedJobs', () => {
  it('sends a dismissal and its undo in the order made, with their times, then takes the server list', async () => {
    await recordToggle(store, uid, 'job-a', true, null, 1000);
    await recordToggle(store, uid, 'job-b', true, null, 2000);
    await recordToggle(store, uid, 'job-a', false, null, 3000);
    serverList = [{ jobId: 'job-b', dismissedAt: at(2000), job: null }];

    expect(await syncDismissedJobs(uid)).toBe(true);
    expect(seen).toEqual([`PUT job-b ${at(2000)}`, `DELETE job-a ${at(3000)}`, 'GET list']);
    expect(await pendingToggles(store, uid)).toEqual([]);
    expect((await listToggledOn(store, uid)).map((record) => record.jobId)).toEqual(['job-b']);
  });

  it('keeps a change the network lost and sends it on the next run; drops one refused for good (404)', async () => {
    await recordToggle(store, uid, 'gone', true, null, 1000);
    await recordToggle(store, uid, 'job-a', true, null, 2000);
    script.set('PUT gone', 404);
    script.set('PUT job-a', 'drop');

    expect(await syncDismissedJobs(uid)).toBe(false);
    expect(seen).toEqual([`PUT gone ${at(1000)}`, `PUT job-a ${at(2000)}`]);
    expect((await pendingToggles(store, uid)).map((record) => record.jobId)).toEqual(['job-a']);

    seen = [];
    serverList = [{ jobId: 'job-a', dismissedAt: at(2000), job: null }];
    expect(await syncDismissedJobs(uid)).toBe(true);
    expect(seen).toEqual([`PUT job-a ${at(2000)}`, 'GET list']);
    expect((await listToggledOn(store, uid)).map((record) => record.jobId)).toEqual(['job-a']);
  });

  it('runs once at a time: a sync asked for during a run waits for it, and runs once more for the newest changes', async () => {
    await recordToggle(store, uid, 'job-a', true, null, 1000);
    const first = syncDismissedJobs(uid);
    await recordToggle(store, uid, 'job-b', true, null, 2000);
    const second = syncDismissedJobs(uid);
    const third = syncDismissedJobs(uid);
    expect(third).toBe(second);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    const puts = seen.filter((request) => request.startsWith('PUT'));
    expect(puts).toEqual([`PUT job-a ${at(1000)}`, `PUT job-b ${at(2000)}`]);
    expect(await pendingToggles(store, uid)).toEqual([]);
  });
});
