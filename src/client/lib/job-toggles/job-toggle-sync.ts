import type { AppDb } from '../../db/app-db.ts';
import { createAccountSync, isFinalRefusal } from '../account-sync.ts';
import {
  applyServerToggles,
  markToggleSent,
  pendingToggles,
  type JobToggleFields,
  type JobToggleStore,
  type ServerJobToggle,
} from './job-toggle-repository.ts';

// Sends the changes made on this device (oldest first), then takes the server's list (one run per account at a time).

export interface JobToggleApi {
  /** For the console: `[saved-jobs] ...`. */
  name: string;
  send: (jobId: string, on: boolean, changedAt: number) => Promise<void>;
  list: () => Promise<ServerJobToggle[]>;
}

/** The sync of one kind of mark: sends pending changes and refreshes the list; false when the server was not reached. */
export function createJobToggleSync<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  api: JobToggleApi,
  db?: AppDb,
): (uid: string) => Promise<boolean> {
  return createAccountSync(api.name, async (uid) => {
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
  });
}
