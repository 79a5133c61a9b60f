import { useEffect } from 'react';
import type { MemberPreferencesRequest } from '../../../shared/company/application-notifications.ts';
import { getLocale } from '../../i18n/locale.ts';
import { updateMemberPreferences } from './api/company-api.ts';

// The portal's e-mails to a member (a notice per application, the daily summary) are written in the language they
// use the portal in and sent at an hour of their time zone: the portal tells the server both whenever they differ
// from what it last told for this member on this device (the language switch reloads the page).

const storageKey = (uid: string) => `member-preferences:${uid}`;

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function told(uid: string): string | null {
  try {
    return localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

export async function syncMemberPreferences(uid: string): Promise<void> {
  const preferences: MemberPreferencesRequest = { locale: getLocale(), timeZone: browserTimeZone() };
  const key = JSON.stringify(preferences);
  if (told(uid) === key) return;
  await updateMemberPreferences(preferences);
  try {
    localStorage.setItem(storageKey(uid), key);
  } catch {
    // Told again on the next start: harmless.
  }
}

/** Once per portal start and member, after their organizations are known (so the call finds their memberships). */
export function useMemberPreferencesSync(uid: string | null): void {
  useEffect(() => {
    if (uid === null || !navigator.onLine) return;
    syncMemberPreferences(uid).catch((error: unknown) =>
      console.warn('[company] could not save the language and time zone', error),
    );
  }, [uid]);
}
