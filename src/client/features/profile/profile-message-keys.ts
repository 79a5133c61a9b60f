import type { Namespace, TFunction } from 'i18next';
import { devpostMessages } from '../../../shared/devpost/devpost-profile.ts';
import { maxAuthorizedCountries, maxTargetTerms, preferenceMessages } from '../../../shared/profile/job-preferences.ts';
import { profileMessages } from '../../../shared/profile/profile-messages.ts';
import { resumeMessages } from '../../../shared/profile/resume-file.ts';
import { textPolicyMessages } from '../../../shared/schemas/text-policy.ts';

// Shared validation messages and server answers are English texts (src/shared); the account page shows them in the
// interface language by matching the exact text to a key of the `account` namespace, under `messages.` (keys carry the
// `account:` prefix, so a `t` bound to any namespace finds them).

export type TranslatedMessage = { key: string; values?: Record<string, string | number> };

const byText = new Map<string, string>([
  ...Object.entries(profileMessages).map(([key, text]) => [text, `account:messages.profile.${key}`] as const),
  ...Object.entries(resumeMessages).map(([key, text]) => [text, `account:messages.resume.${key}`] as const),
  ...Object.entries(devpostMessages).map(([key, text]) => [text, `account:messages.devpost.${key}`] as const),
  ...Object.entries(textPolicyMessages).map(([key, text]) => [text, `account:messages.textPolicy.${key}`] as const),
  ...Object.entries(preferenceMessages).map(([key, text]) => [text, `account:messages.preferences.${key}`] as const),
]);

// The limits the preference messages state, for the translation to state them too.
const messageValues: Record<string, Record<string, number>> = {
  [preferenceMessages.tooManyCountries]: { max: maxAuthorizedCountries },
  [preferenceMessages.tooManyTerms]: { max: maxTargetTerms },
};

const graduationRange = /^Graduation year must be between (\d{4}) and (\d{4})$/;

/** The i18n key (and its values) for a known English message; null for a text the app does not know. */
export function profileMessageKey(message: string): TranslatedMessage | null {
  const key = byText.get(message);
  if (key) return messageValues[message] ? { key, values: messageValues[message] } : { key };
  const range = graduationRange.exec(message);
  if (range)
    return {
      key: 'account:messages.profile.graduationYearRange',
      values: { low: Number(range[1]), high: Number(range[2]) },
    };
  return null;
}

/** The message in the interface language; an unknown server text is shown as it came. Any `t` works: keys carry their namespace. */
export function translateProfileMessage(message: string, t: TFunction<Namespace>): string {
  const known = profileMessageKey(message);
  if (!known) return message;
  return known.values ? t(known.key, known.values) : t(known.key);
}
