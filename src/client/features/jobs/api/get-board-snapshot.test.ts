import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBoardSnapshot } from './get-board-snapshot.ts';

const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../../../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

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
};

let server: Server;
const seenIfNoneMatch: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
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
  testEnv.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('getBoardSnapshot', () => {
  it('downloads the board when no copy is held, dropping malformed jobs instead of failing', async () => {
    const result = await getBoardSnapshot(null);
    expect(seenIfNoneMatch.at(-1)).toBeUndefined();
    expect(result).toEqual({
      status: 'updated',
      snapshot: { version: 'v2', refreshedAt: '2026-01-10T12:00:00.000Z', jobs: [goodJob] },
      invalidJobs: 2,
    });
  });

  it('sends the held version as If-None-Match and reports not-modified on 304', async () => {
    expect(await getBoardSnapshot('v2')).toEqual({ status: 'not-modified' });
    expect(seenIfNoneMatch.at(-1)).toBe('"v2"');
  });

  it('downloads again when the held version is outdated', async () => {
    const result = await getBoardSnapshot('v1');
    expect(result.status).toBe('updated');
    expect(seenIfNoneMatch.at(-1)).toBe('"v1"');
  });
});
