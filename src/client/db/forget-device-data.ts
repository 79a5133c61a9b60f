import { appDb } from './app-db.ts';

/**
 * Removes what this browser keeps of the app: the whole Dexie database (profile copy, drafts, outbox, saved and
 * dismissed jobs, the board copy) and the local storage hints (the signed-in name shown before the app starts).
 * Used once the account is deleted, right before the page is loaded afresh.
 */
export async function forgetDeviceData(): Promise<void> {
  // Closed for good: a live query of the page must not open (and so recreate) it before the page reloads.
  await appDb.delete({ disableAutoOpen: true });
  try {
    localStorage.clear();
  } catch {
    // Storage disabled: nothing was kept there.
  }
}
