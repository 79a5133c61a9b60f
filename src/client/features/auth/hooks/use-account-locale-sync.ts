import { useEffect } from 'react';
import { syncAccountLocale } from '../account-locale.ts';

/** Keeps the account's language the app's (see account-locale.ts), once per signed-in start and uid. */
export function useAccountLocaleSync(uid: string | null): void {
  useEffect(() => {
    if (uid === null || !navigator.onLine) return;
    // Not worth an error for the student: a failure is retried on the next start.
    syncAccountLocale(uid).catch((error: unknown) => console.warn('[auth] could not save the language', error));
  }, [uid]);
}
