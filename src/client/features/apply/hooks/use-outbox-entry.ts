import { useLiveQuery } from '../../../db/use-live-query.ts';
import type { OutboxRecord } from '../../../db/records/apply-records.ts';
import { latestOutboxEntryForJob } from '../db/outbox-repository.ts';

/** The newest submission of this account for this job, live: `undefined` while reading, `null` when none. */
export function useOutboxEntry(uid: string, jobId: string): OutboxRecord | null | undefined {
  return useLiveQuery(() => latestOutboxEntryForJob(uid, jobId), [uid, jobId]);
}
