import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedApplication } from '../../../shared/tracked-applications/tracked-applications-api.ts';
import { applyTrackedChange, newTrackedState } from '../../../shared/tracked-applications/tracked-changes.ts';
import { appDb } from '../../db/app-db.ts';
import { setIdTokenProvider } from '../../lib/api-client.ts';
import { readTracked, recordTrackedChange, trackedViewsOf } from './db/tracked-applications-repository.ts';
import { syncTrackedApplications } from './tracked-applications-sync.ts';

// The real sync (API client, repository, the app's IndexedDB in fake-indexeddb) against a local HTTP server that
// keeps applications by the shared rule, or cuts the connection the way a lost network does.

const testEnv = vi.hoisted(() => ({ baseUrl: '' }));
vi.mock('../../env.ts', () => ({
  get activeApiBaseUrl() {
    return testEnv.baseUrl;
  },
}));

let server: Server;
let offline: boolean;
let stored: Map<string, TrackedApplication>;
let seen: string[];
/** Answer an add of this listing with the id another device gave it first. */
let firstIdOfJob: Map<string, string>;

function applicationOf(id: string, body: Record<string, unknown>): TrackedApplication {
  const state = newTrackedState(body as Parameters<typeof newTrackedState>[0], body.changedAt as string);
  const { fieldTimes, ...fields } = state;
  return {
    id,
    jobId: (body.jobId as string | undefined) ?? null,
    ...fields,
    appliedAt: body.appliedAt as string,
    changedAt: fieldTimes,
    closedAt: null,
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (offline) {
        req.socket.destroy();
        return;
      }
      const id = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname.split('/')[3] ?? '');
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
      seen.push(`${req.method}${id ? ' ' + id : ''}`);
      const json = (status: number, answer: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.method === 'GET') return json(200, { trackedApplications: [...stored.values()] });
      if (req.method === 'POST') {
        const existing = firstIdOfJob.get(body.jobId as string) ?? (body.id as string);
        if (!stored.has(existing)) stored.set(existing, applicationOf(existing, body));
        return json(existing === body.id ? 201 : 200, stored.get(existing));
      }
      const current = stored.get(id);
      if (!current) return json(404, { error: 'gone', code: 'tracked_application_not_found' });
      if (req.method === 'DELETE') {
        stored.delete(id);
        return res.writeHead(204).end();
      }
      const { changedAt, ...change } = body;
      const state = applyTrackedChange(
        { ...current, fieldTimes: current.changedAt },
        change as Parameters<typeof applyTrackedChange>[1],
        changedAt as string,
      );
      const { fieldTimes, ...fields } = state;
      stored.set(id, { ...current, ...fields, changedAt: fieldTimes });
      return json(200, stored.get(id));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  testEnv.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  await appDb.trackedApplications.clear();
  await appDb.trackedChanges.clear();
  offline = false;
  stored = new Map();
  seen = [];
  firstIdOfJob = new Map();
  setIdTokenProvider(async () => 'token-ada');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  setIdTokenProvider(null);
  vi.restoreAllMocks();
});

const uid = 'ada';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute)).toISOString();
const views = async () => {
  const { records, changes } = await readTracked(uid);
  return trackedViewsOf(records, changes);
};

async function addByHand(id: string, minute: number, extra: Record<string, unknown> = {}) {
  await recordTrackedChange({
    uid,
    id,
    changedAt: at(minute),
    kind: 'create',
    body: {
      id,
      company: 'Fabrikam',
      title: 'Backend Intern',
      url: 'https://careers.fabrikam.example/backend',
      stage: 'applied',
      changedAt: at(minute),
      appliedAt: at(minute),
      ...extra,
    },
  });
}

describe('syncTrackedApplications', () => {
  it('shows changes made offline at once, keeps them while the server cannot be reached, and sends each once when back', async () => {
    const id = crypto.randomUUID();
    offline = true;
    await addByHand(id, 0);
    await recordTrackedChange({
      uid,
      id,
      changedAt: at(5),
      kind: 'update',
      body: { stage: 'interview', nextStepAt: '2026-12-03T15:00:00.000Z', changedAt: at(5) },
    });
    expect(await syncTrackedApplications(uid)).toBe(false);
    expect(await views()).toMatchObject([{ id, stage: 'interview', pending: true }]);
    expect((await readTracked(uid)).changes).toHaveLength(2);

    offline = false;
    expect(await syncTrackedApplications(uid)).toBe(true);
    expect(await syncTrackedApplications(uid)).toBe(true);
    expect(seen.filter((request) => request !== 'GET')).toEqual(['POST', `PATCH ${id}`]);
    expect(await views()).toMatchObject([
      { id, stage: 'interview', nextStepAt: '2026-12-03T15:00:00.000Z', pending: false },
    ]);
    expect((await readTracked(uid)).changes).toHaveLength(0);
  });

  it('follows the id the server answers when another device tracked the same listing first', async () => {
    const mine = crypto.randomUUID();
    const theirs = crypto.randomUUID();
    stored.set(
      theirs,
      applicationOf(theirs, {
        jobId: 'job-1',
        company: 'A',
        title: 'B',
        url: 'https://a.example',
        stage: 'applied',
        changedAt: at(0),
        appliedAt: at(0),
      }),
    );
    firstIdOfJob.set('job-1', theirs);
    await addByHand(mine, 1, { jobId: 'job-1' });
    await recordTrackedChange({
      uid,
      id: mine,
      changedAt: at(2),
      kind: 'update',
      body: { stage: 'offer', changedAt: at(2) },
    });
    expect(await syncTrackedApplications(uid)).toBe(true);
    expect(seen.filter((request) => request !== 'GET')).toEqual(['POST', `PATCH ${theirs}`]);
    expect(await views()).toMatchObject([{ id: theirs, stage: 'offer' }]);
  });

  it('drops a change to an application deleted elsewhere (404) and takes the server list', async () => {
    const id = crypto.randomUUID();
    await recordTrackedChange({
      uid,
      id,
      changedAt: at(3),
      kind: 'update',
      body: { stage: 'offer', changedAt: at(3) },
    });
    expect(await syncTrackedApplications(uid)).toBe(true);
    expect(await views()).toEqual([]);
    expect((await readTracked(uid)).changes).toHaveLength(0);
  });
});
