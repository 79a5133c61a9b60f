import { apiJson } from '../../../lib/api-client.ts';
import type { CreateAccountResponse } from '../../../../shared/schemas/create-account.ts';
import { getLocale } from '../../../i18n/locale.ts';
import { rememberAccountLocale } from '../account-locale.ts';

/** The browser's IANA time zone, when it tells one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /auth/create-account after every sign-in: idempotent (201 the first time, 200 afterwards).
 * Needs an identified user whose token carries this email. Sends the language the app is in and the browser's time
 * zone, which e-mails and digests use.
 */
export async function createAccount(email: string): Promise<CreateAccountResponse> {
  const locale = getLocale();
  const answer = await apiJson<CreateAccountResponse>('/auth/create-account', {
    method: 'POST',
    body: JSON.stringify({ email, locale, timeZone: browserTimeZone() }),
  });
  rememberAccountLocale(answer.user.uid, locale);
  return answer;
}
