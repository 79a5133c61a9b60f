import { withPlaces } from '../../../../shared/jobs/board-job-fixture.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { AppDb } from '../../../db/app-db.ts';
import {
  clearBoardSnapshot,
  readBoardSnapshot,
  readBoardSnapshotMeta,
  saveBoardSnapshot,
} from './board-snapshot-repository.ts';

function buildJob(overrides: Partial<BoardJob> = {}): BoardJob {
  return withPlaces({
    id: 'job-1',
    title: 'Software Engineering Intern',
    company: 'Acme',
    locations: ['Toronto, ON, Canada'],
    category: 'Software',
    terms: ['Summer 2026'],
    degrees: [],
    datePosted: 1_760_000_000,
    url: 'https://jobs.example.com/1',
    featured: false,
    type: 'internship',
    ...overrides,
  });
}

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`test-board-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('board snapshot repository', () => {
  it('has nothing before the first save', async () => {
    expect(await readBoardSnapshot(db)).toBeNull();
    expect(await readBoardSnapshotMeta(db)).toBeNull();
  });

  it('reads back what was saved, with the time it was saved, and the same version in the small meta row', async () => {
    const jobs = [buildJob(), buildJob({ id: 'job-2', featured: true, url: null, type: 'Internship' })];
    await saveBoardSnapshot({ version: 'v1', refreshedAt: '2026-01-10T12:00:00.000Z', jobs }, 1234, db);
    expect(await readBoardSnapshot(db)).toEqual({
      version: 'v1',
      refreshedAt: '2026-01-10T12:00:00.000Z',
      savedAt: 1234,
      jobs,
    });
    expect(await readBoardSnapshotMeta(db)).toEqual({
      version: 'v1',
      refreshedAt: '2026-01-10T12:00:00.000Z',
      savedAt: 1234,
    });
  });

  it('replaces the whole board when a new version is saved (never a merge)', async () => {
    await saveBoardSnapshot({ version: 'v1', refreshedAt: null, jobs: [buildJob(), buildJob({ id: 'job-2' })] }, 1, db);
    await saveBoardSnapshot({ version: 'v2', refreshedAt: null, jobs: [buildJob({ id: 'job-3' })] }, 2, db);
    const snapshot = await readBoardSnapshot(db);
    expect(snapshot?.version).toBe('v2');
    expect(snapshot?.jobs.map((job) => job.id)).toEqual(['job-3']);
    expect((await readBoardSnapshotMeta(db))?.version).toBe('v2');
    expect(await db.boardSnapshot.count()).toBe(2);
  });

  it('forgets the board on clear', async () => {
    await saveBoardSnapshot({ version: 'v1', refreshedAt: null, jobs: [] }, 1, db);
    await clearBoardSnapshot(db);
    expect(await readBoardSnapshot(db)).toBeNull();
    expect(await readBoardSnapshotMeta(db)).toBeNull();
  });
});
