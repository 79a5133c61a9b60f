import { ApiError } from '../api-client.ts';
import type { AppDb } from '../../db/app-db.ts';
import {
  applyServerToggles,
  markToggleSent,
  pendingToggles,
  type JobToggleFields,
  type JobToggleStore,
  type ServerJobToggle,
} from './job-toggle-repository.ts';

// Sends the changes made on this device (oldest first), then takes the server's list. One run per account at a
// time; a request made during a run starts one more run after it, which sees the newest changes.

export interface JobToggleApi {
  /** For the console: `[saved-jobs] ...`. */
  name: string;
  send: (jobId: string, on: boolean, changedAt: number) => Promise<void>;
  list: () => Promise<ServerJobToggle[]>;
}

/** A refusal that will never change (the job is gone, a bad id): the change is dropped rather than retried. */
function isFinalRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  );
}

/** The sync of one kind of mark: sends pending changes and refreshes the list; false when the server was not reached. */
export function createJobToggleSync<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  api: JobToggleApi,
  db?: AppDb,
): (uid: string) => Promise<boolean> {
  const running = new Map<string, Promise<boolean>>();
  const queued = new Map<string, Promise<boolean>>();

  async function run(uid: string): Promise<boolean> {
    for (const change of await pendingToggles(store, uid, db)) {
      try {
        await api.send(change.jobId, store.isOn(change), change.changedAt);
      } catch (error) {
        if (!isFinalRefusal(error)) return false; // offline or a server problem: kept for the next run
        console.warn(`[${api.name}] the server refused a change; dropping it`, error);
      }
      await markToggleSent(store, uid, change.jobId, change.changedAt, db);
    }
    await applyServerToggles(store, uid, await api.list(), db);
    return true;
  }

  return function sync(uid: string): Promise<boolean> {
    const current = running.get(uid);
    if (current) {
      let next = queued.get(uid);
      if (!next) {
        next = current
          .catch(() => false)
          .then(() => {
            queued.delete(uid);
            return sync(uid);
          });
        queued.set(uid, next);
      }
      return next;
    }
    const started = run(uid)
      .catch((error: unknown) => {
        console.warn(`[${api.name}] sync failed`, error);
        return false;
      })
      .finally(() => running.delete(uid));
    running.set(uid, started);
    return started;
  };
}
