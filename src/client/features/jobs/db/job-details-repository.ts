import { appDb, type AppDb, type JobDetailRecord } from '../../../db/app-db.ts';
import type { PublicJobView } from '../api/get-job-detail.ts';

/** Job details kept for offline reading; older ones are dropped beyond this many. */
export const maxSavedJobDetails = 50;

export async function readJobDetail(slug: string, db: AppDb = appDb): Promise<JobDetailRecord | null> {
  return (await db.jobDetails.get(slug)) ?? null;
}

/** Saves (or refreshes) a viewed job and prunes the oldest beyond `maxSavedJobDetails`. */
export async function saveJobDetail(
  slug: string,
  view: PublicJobView,
  savedAt: number = Date.now(),
  db: AppDb = appDb,
): Promise<void> {
  await db.transaction('rw', db.jobDetails, async () => {
    await db.jobDetails.put({ slug, savedAt, view });
    const stale = await db.jobDetails.orderBy('savedAt').reverse().offset(maxSavedJobDetails).primaryKeys();
    if (stale.length > 0) await db.jobDetails.bulkDelete(stale);
  });
}

/** Forgets a job the server says is gone (404), so it is not shown offline either. */
export async function deleteJobDetail(slug: string, db: AppDb = appDb): Promise<void> {
  await db.jobDetails.delete(slug);
}
