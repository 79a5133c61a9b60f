import type { OutboxRecord } from '../../db/records/apply-records.ts';

/** The profile's applied job ids plus the outbox's applications that are sent or on their way (not failed ones). */
export function appliedJobIdsOf(
  profileApplied: readonly string[],
  outbox: readonly Pick<OutboxRecord, 'jobId' | 'status'>[],
): Set<string> {
  const ids = new Set(profileApplied);
  for (const record of outbox) if (record.status !== 'failed') ids.add(record.jobId);
  return ids;
}
