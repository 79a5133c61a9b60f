import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import {
  applyServerToggles,
  listToggledOn,
  markToggleSent,
  pendingToggles,
  recordToggle,
} from '../../../lib/job-toggles/job-toggle-repository.ts';
import { dismissedJobsStore as store } from './dismissed-jobs-repository.ts';

const job = (id: string, closed = false): SavedJobSnapshot => ({
  id,
  title: `Job ${id}`,
  company: 'Acme',
  locations: ['Montréal, QC, Canada'],
  url: null,
  featured: true,
  type: 'internship',
  datePosted: 1_760_000_000,
  closed,
});

let db: AppDb;

beforeEach(() => {
  db = new AppDb(`dismissed-jobs-${Math.random()}`);
});

afterEach(async () => {
  await db.delete();
});

const ids = (records: Array<{ jobId: string }>) => records.map((record) => record.jobId);

describe('dismissed jobs on the device', () => {
  it('keeps a dismissal made offline as pending, in its own table, listed most recent first, per account', async () => {
    await recordToggle(store, 'ada', 'a', true, job('a'), 1000, db);
    await recordToggle(store, 'ada', 'b', true, job('b'), 2000, db);
    await recordToggle(store, 'bob', 'c', true, job('c'), 3000, db);
    expect(ids(await listToggledOn(store, 'ada', db))).toEqual(['b', 'a']);
    expect(ids(await pendingToggles(store, 'ada', db))).toEqual(['a', 'b']);
    expect(ids(await listToggledOn(store, 'bob', db))).toEqual(['c']);
    expect((await db.dismissedJobs.get('ada\u0000a'))?.dismissed).toBe(true);
    expect(await db.savedJobs.count()).toBe(0);
  });

  it('restores (undo) with a later change that stays pending until sent, keeping the job summary', async () => {
    const dismissed = await recordToggle(store, 'ada', 'a', true, job('a'), 1000, db);
    const restored = await recordToggle(store, 'ada', 'a', false, null, 1000, db);
    expect(restored.changedAt).toBeGreaterThan(dismissed.changedAt);
    expect(restored.job?.title).toBe('Job a');
    expect(await listToggledOn(store, 'ada', db)).toEqual([]);
    // The server confirming the older dismissal leaves the restore to send; confirming the restore forgets the job.
    await markToggleSent(store, 'ada', 'a', dismissed.changedAt, db);
    expect(await pendingToggles(store, 'ada', db)).toMatchObject([{ jobId: 'a', dismissed: false }]);
    await markToggleSent(store, 'ada', 'a', restored.changedAt, db);
    expect(await db.dismissedJobs.count()).toBe(0);
  });

  it("takes the server's list for jobs without a pending change: dismissed elsewhere appears, restored elsewhere goes", async () => {
    await recordToggle(store, 'ada', 'kept-local', true, job('kept-local'), 5000, db);
    const synced = await recordToggle(store, 'ada', 'restored-elsewhere', true, job('restored-elsewhere'), 1000, db);
    await markToggleSent(store, 'ada', 'restored-elsewhere', synced.changedAt, db);
    await applyServerToggles(
      store,
      'ada',
      [{ jobId: 'dismissed-elsewhere', changedAt: 3000, job: job('dismissed-elsewhere', true) }],
      db,
    );
    const dismissed = await listToggledOn(store, 'ada', db);
    expect(ids(dismissed)).toEqual(['kept-local', 'dismissed-elsewhere']);
    expect(dismissed[0]).toMatchObject({ pending: true, dismissed: true });
    expect(dismissed[1]).toMatchObject({ pending: false, dismissed: true, job: { closed: true } });
  });
});
