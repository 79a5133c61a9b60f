import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../db/app-db.ts';
import { setIdTokenProvider } from '../../lib/api-client.ts';
import { listSavedJobs, pendingSavedChanges, recordSavedChange } from './db/saved-jobs-repository.ts';
import { syncSavedJobs } from './saved-jobs-sync.ts';

// The real sync (API client, repository, the app's IndexedDB in fake-indexeddb) against a local HTTP server that
// answers as the API does, or fails the way the network and servers do.

const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

/** What the server does with a request: an HTTP status and body, or cut the connection without an answer. */
type Answer = { status: number; body?: unknown } | 'drop';

let server: Server;
/** `METHOD jobId` -> the answers to give, in turn; once used up, 200. */
let script: Map<string, Answer[]>;
/** The server's saved jobs, as GET /api/saved-jobs lists them. */
let serverList: Array<{ jobId: string; savedAt: string; job: null }>;
let seen: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const jobId = decodeURIComponent(url.pathname.replace(/^\/api\/saved-jobs\/?/, ''));
      const request = jobId ? `${req.method} ${jobId}` : `${req.method} list`;
      seen.push(request);
      const answer = script.get(request)?.shift() ?? { status: 200 };
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      if (typeof answer.body === 'string') {
        res.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body);
        return;
      }
      const body =
        answer.body ??
        (request === 'GET list'
          ? { savedJobs: serverList }
          : { jobId, saved: req.method === 'PUT', changedAt: new Date(0).toISOString() });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testEnv.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  await appDb.savedJobs.clear();
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
const jobIdsOf = (records: Array<{ jobId: string }>) => records.map((record) => record.jobId);

describe('syncSavedJobs', () => {
  it('drops a change the server refuses for good (404, 400), sends the others, and never sends it again', async () => {
    await recordSavedChange(uid, 'closed-job', true, null, 1000);
    await recordSavedChange(uid, 'not a job id', false, null, 2000);
    await recordSavedChange(uid, 'open-job', true, null, 3000);
    script.set('PUT closed-job', [
      { status: 404, body: { error: 'There is no job with this id', code: 'job_not_found' } },
    ]);
    script.set('DELETE not a job id', [
      { status: 400, body: { error: 'The request is not valid.', code: 'invalid_request' } },
    ]);
    serverList = [{ jobId: 'open-job', savedAt: new Date(3000).toISOString(), job: null }];

    expect(await syncSavedJobs(uid)).toBe(true);
    expect(seen).toEqual(['PUT closed-job', 'DELETE not a job id', 'PUT open-job', 'GET list']);
    expect(await pendingSavedChanges(uid)).toEqual([]);
    // The refused save is gone from the list too: the server's list is the truth once nothing is pending.
    expect(jobIdsOf(await listSavedJobs(uid))).toEqual(['open-job']);

    seen = [];
    expect(await syncSavedJobs(uid)).toBe(true);
    expect(seen).toEqual(['GET list']);
  });

  it.each([
    ['a 503', { status: 503, body: { error: 'Service unavailable', code: 'upstream_unavailable' } }],
    ['a 500', { status: 500, body: { error: 'Internal Server Error', code: 'internal_error' } }],
    ['a proxy page (502, not JSON)', { status: 502, body: '<h1>Bad gateway</h1>' }],
    ['a 401', { status: 401, body: { error: 'Missing or invalid bearer token', code: 'unauthenticated' } }],
    ['a 429', { status: 429, body: { error: 'Too many requests', code: 'rate_limited' } }],
    ['no answer (connection cut)', 'drop'],
  ] satisfies Array<[string, Answer]>)(
    'keeps a change that got %s, stops the run, and sends it on the next run',
    async (_name, failure) => {
      await recordSavedChange(uid, 'job-a', true, null, 1000);
      await recordSavedChange(uid, 'job-b', false, null, 2000);
      script.set('PUT job-a', [failure]);
      serverList = [{ jobId: 'job-a', savedAt: new Date(1000).toISOString(), job: null }];

      expect(await syncSavedJobs(uid)).toBe(false);
      expect(seen).toEqual(['PUT job-a']);
      expect(jobIdsOf(await pendingSavedChanges(uid))).toEqual(['job-a', 'job-b']);

      seen = [];
      expect(await syncSavedJobs(uid)).toBe(true);
      expect(seen).toEqual(['PUT job-a', 'DELETE job-b', 'GET list']);
      expect(await pendingSavedChanges(uid)).toEqual([]);
      expect(jobIdsOf(await listSavedJobs(uid))).toEqual(['job-a']);
    },
  );
});
