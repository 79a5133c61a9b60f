import type { AccountSettings } from '../../../shared/schemas/create-account.ts';
import { getLocale } from '../../i18n/locale.ts';
import { apiJson } from '../../lib/api-client.ts';

// The account keeps the student's language for e-mails and notifications (digests are written in it). The app's
// language lives in a cookie that any page may change (the language switch reloads the page), so the signed-in app
// tells the server whenever the language it starts in is not the one it last told for this account on this device.

const storageKey = (uid: string) => `account-locale:${uid}`;

export function rememberAccountLocale(uid: string, locale: string): void {
  try {
    localStorage.setItem(storageKey(uid), locale);
  } catch {
    // Storage refused (private mode, quota): the next start tells the server again, which is harmless.
  }
}

function toldLocale(uid: string): string | null {
  try {
    return localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

/** Sends the app's language to the account when it changed since it was last sent from this device. */
export async function syncAccountLocale(uid: string): Promise<void> {
  const locale = getLocale();
  if (toldLocale(uid) === locale) return;
  const settings: AccountSettings = { locale };
  await apiJson('/auth/account', { method: 'PATCH', body: JSON.stringify(settings) });
  rememberAccountLocale(uid, locale);
}
