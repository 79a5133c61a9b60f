import type { AppDb } from '../../db/app-db.ts';
import { createAccountSync, isFinalRefusal } from '../../lib/account-sync.ts';
import { getTrackedApplications, sendTrackedChange } from './api/tracked-applications-api.ts';
import {
  applyServerTracked,
  markTrackedChangeSent,
  pendingTrackedChanges,
} from './db/tracked-applications-repository.ts';

/** Sends this device's changes, oldest first, then takes the server's list; false when the server was not reached. */
export function createTrackedApplicationsSync(db?: AppDb): (uid: string) => Promise<boolean> {
  return createAccountSync('tracked-applications', async (uid) => {
    // Read again after each change: an add answered with another id moves the later changes to it.
    for (let [change] = await pendingTrackedChanges(uid, db); change; [change] = await pendingTrackedChanges(uid, db)) {
      let answeredId: string | null = null;
      try {
        answeredId = await sendTrackedChange(change);
      } catch (error) {
        if (!isFinalRefusal(error)) return false; // offline or a server problem: kept for the next run
        console.warn('[tracked-applications] the server refused a change; dropping it', error);
      }
      await markTrackedChangeSent(change, answeredId, db);
    }
    await applyServerTracked(uid, await getTrackedApplications(), db);
    return true;
  });
}

export const syncTrackedApplications = createTrackedApplicationsSync();
