import type { OutboxRecord } from '../../db/records/apply-records.ts';

interface ServerApplication {
  applicationId: string;
  jobId: string;
  status: string;
}

/**
 * The device's outbox entries My Applications shows beside the server's list: the ones not confirmed yet, and a sent
 * one the server's list does not hold yet (read before it arrived). A sent entry whose application the server lists,
 * withdrawn included, is the server's card: shown again it would be a ghost "Applied" beside "Withdrawn". A withdrawn
 * application does not hide a newer one still waiting on this device for the same job.
 */
export function pendingOutboxEntries(
  outbox: readonly OutboxRecord[],
  applications: readonly ServerApplication[],
): OutboxRecord[] {
  const listedIds = new Set(applications.map((item) => item.applicationId));
  const listedJobs = new Set(applications.map((item) => item.jobId));
  const liveJobs = new Set(applications.filter((item) => item.status !== 'withdrawn').map((item) => item.jobId));
  return outbox.filter((entry) => {
    if (entry.status !== 'sent') return !liveJobs.has(entry.jobId);
    const id = entry.receipt?.applicationId;
    return id ? !listedIds.has(id) : !listedJobs.has(entry.jobId);
  });
}
