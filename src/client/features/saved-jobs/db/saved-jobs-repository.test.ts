import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import {
  applyServerSavedJobs,
  listSavedJobs,
  markSavedChangeSent,
  pendingSavedChanges,
  recordSavedChange,
} from './saved-jobs-repository.ts';

function snapshot(id: string, overrides: Partial<SavedJobSnapshot> = {}): SavedJobSnapshot {
  return {
    id,
    title: `Job ${id}`,
    company: 'Acme',
    locations: ['Toronto, ON, Canada'],
    url: `https://jobs.example.com/${id}`,
    featured: false,
    type: 'internship',
    datePosted: 1_760_000_000,
    closed: false,
    ...overrides,
  };
}

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`saved-jobs-${Math.random()}`);
});

afterEach(async () => {
  await db.delete();
});

describe('saved jobs on the device', () => {
  it('keeps a save made offline as pending, listed most recent first, per account', async () => {
    await recordSavedChange('ada', 'a', true, snapshot('a'), 1000, db);
    await recordSavedChange('ada', 'b', true, snapshot('b'), 2000, db);
    await recordSavedChange('bob', 'c', true, snapshot('c'), 3000, db);
    expect((await listSavedJobs('ada', db)).map((record) => record.jobId)).toEqual(['b', 'a']);
    expect((await pendingSavedChanges('ada', db)).map((record) => record.jobId)).toEqual(['a', 'b']);
    expect((await listSavedJobs('bob', db)).map((record) => record.jobId)).toEqual(['c']);
  });

  it('orders two changes of one job made in the same millisecond', async () => {
    const saved = await recordSavedChange('ada', 'a', true, snapshot('a'), 1000, db);
    const unsaved = await recordSavedChange('ada', 'a', false, null, 1000, db);
    expect(unsaved.changedAt).toBeGreaterThan(saved.changedAt);
    expect(unsaved.job?.title).toBe('Job a');
    expect(await listSavedJobs('ada', db)).toEqual([]);
  });

  it('clears pending only for the change the server confirmed, and forgets a confirmed unsave', async () => {
    const first = await recordSavedChange('ada', 'a', true, snapshot('a'), 1000, db);
    const newer = await recordSavedChange('ada', 'a', false, null, 2000, db);
    await markSavedChangeSent('ada', 'a', first.changedAt, db);
    expect(await pendingSavedChanges('ada', db)).toHaveLength(1);
    await markSavedChangeSent('ada', 'a', newer.changedAt, db);
    expect(await pendingSavedChanges('ada', db)).toEqual([]);
    expect(await db.savedJobs.count()).toBe(0);
  });

  it('takes the server list for jobs without a pending change, keeping the pending ones', async () => {
    await recordSavedChange('ada', 'kept-local', true, snapshot('kept-local'), 5000, db);
    const synced = await recordSavedChange('ada', 'unsaved-elsewhere', true, snapshot('unsaved-elsewhere'), 1000, db);
    await markSavedChangeSent('ada', 'unsaved-elsewhere', synced.changedAt, db);
    await applyServerSavedJobs(
      'ada',
      [{ jobId: 'saved-elsewhere', savedAt: 3000, job: snapshot('saved-elsewhere', { closed: true }) }],
      db,
    );
    const saved = await listSavedJobs('ada', db);
    expect(saved.map((record) => record.jobId)).toEqual(['kept-local', 'saved-elsewhere']);
    expect(saved[1]?.job?.closed).toBe(true);
    expect(saved[0]?.pending).toBe(true);
  });
});
