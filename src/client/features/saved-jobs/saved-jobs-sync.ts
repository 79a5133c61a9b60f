import { ApiError } from '../../lib/api-client.ts';
import { getSavedJobs, sendSavedChange } from './api/saved-jobs-api.ts';
import { applyServerSavedJobs, markSavedChangeSent, pendingSavedChanges } from './db/saved-jobs-repository.ts';

// Sends the changes made on this device (oldest first), then takes the server's list. One run per account at a
// time; a request made during a run starts one more run after it, which sees the newest changes.

const running = new Map<string, Promise<boolean>>();
const queued = new Map<string, Promise<boolean>>();

/** A refusal that will never change (the job is gone, a bad id): the change is dropped rather than retried. */
function isFinalRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  );
}

async function run(uid: string): Promise<boolean> {
  for (const change of await pendingSavedChanges(uid)) {
    try {
      await sendSavedChange(change.jobId, change.saved, change.changedAt);
    } catch (error) {
      if (!isFinalRefusal(error)) return false; // offline or a server problem: kept for the next run
      console.warn('[saved-jobs] the server refused a change; dropping it', error);
    }
    await markSavedChangeSent(uid, change.jobId, change.changedAt);
  }
  await applyServerSavedJobs(uid, await getSavedJobs());
  return true;
}

/** Sends pending changes and refreshes the list; resolves false when the server could not be reached. */
export function syncSavedJobs(uid: string): Promise<boolean> {
  const current = running.get(uid);
  if (current) {
    let next = queued.get(uid);
    if (!next) {
      next = current
        .catch(() => false)
        .then(() => {
          queued.delete(uid);
          return syncSavedJobs(uid);
        });
      queued.set(uid, next);
    }
    return next;
  }
  const started = run(uid)
    .catch((error: unknown) => {
      console.warn('[saved-jobs] sync failed', error);
      return false;
    })
    .finally(() => running.delete(uid));
  running.set(uid, started);
  return started;
}
