import type { Auth } from 'firebase-admin/auth';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import type { ScheduledTask } from '../../scheduler/scheduler.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  accountFileKeys,
  deleteAccountRows,
  findAccountDeletion,
  forgetAccountDeletion,
  markAccountDeletion,
  organizationsOwnedAlone,
  pendingAccountDeletions,
} from './account-deletion.repository.ts';

// Deleting a student's account (DELETE /api/account). In order, each step safe to run again:
// 1. a row in account_deletions (the uid and e-mail): from now on the deletion is owed, whatever happens;
// 2. the files (profile resume, application copies) deleted from the storage, while the rows still name them;
// 3. one transaction: applications withdrawn and anonymised, mail, invitations, memberships, then the account row
//    (every table keyed to it goes with it);
// 4. the Firebase user deleted (already gone is fine);
// 5. the account_deletions row removed: nothing of the student is left.
// A crash between two steps is finished by a retry of the request or by the scheduled task (at start, then every
// few minutes). A file written by an upload racing the deletion is named by no row afterwards: the orphan sweep
// removes it.

export type AccountDeletionDeps = {
  db: Database;
  storage: Storage;
  firebaseAuth: Pick<Auth, 'deleteUser'>;
  now: () => number;
};

function isUserNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'auth/user-not-found';
}

/** Steps 2 to 5 for a deletion already recorded (step 1). */
export async function finishAccountDeletion(deps: AccountDeletionDeps, uid: string): Promise<boolean> {
  const pending = await findAccountDeletion(deps.db, uid);
  if (!pending) return false;
  for (const key of await accountFileKeys(deps.db, uid)) await deps.storage.delete(key);
  await deleteAccountRows(deps.db, uid, pending.email, new Date(deps.now()));
  try {
    await deps.firebaseAuth.deleteUser(uid);
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
  await forgetAccountDeletion(deps.db, uid);
  return true;
}

/**
 * Deletes the account of `uid` (whose verified e-mail is `email`). Refused with 409 while they are the only owner
 * of an organization. Calling it again, or for an account already gone, is fine.
 */
export async function deleteAccount(deps: AccountDeletionDeps, uid: string, email: string): Promise<void> {
  const ownedAlone = await organizationsOwnedAlone(deps.db, uid);
  if (ownedAlone.length > 0) {
    throw new HttpError(
      409,
      'last_owner',
      `You are the only owner of ${ownedAlone.join(', ')}: name another owner or delete the organization first.`,
    );
  }
  await markAccountDeletion(deps.db, uid, email);
  await finishAccountDeletion(deps, uid);
}

export const accountDeletionTaskName = 'account-deletions';

/** Finishes deletions a crash cut short (the runner starts it with the app, then every few minutes). */
export function accountDeletionTask(
  deps: AccountDeletionDeps & { log: { warn(details: object, message: string): void } },
): ScheduledTask {
  return {
    name: accountDeletionTaskName,
    everyMs: 5 * 60_000,
    async run({ renewLease }) {
      let finished = 0;
      for (const pending of await pendingAccountDeletions(deps.db, 100)) {
        try {
          if (await finishAccountDeletion(deps, pending.uid)) finished += 1;
        } catch (error) {
          deps.log.warn({ err: error }, 'an account deletion could not be finished; it is tried again later');
        }
        if (!(await renewLease())) break;
      }
      return { finished };
    },
  };
}
