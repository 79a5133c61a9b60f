import { applicationMessages } from '../../../shared/applications/application-schema.ts';
import { profileMessageKey } from '../profile/index.ts';

// The shared validation texts (src/shared, checked in the form and named again in a 400's `fields`) are English; the
// apply page shows them in the interface language by their text. Server errors are translated by their code instead
// (lib/api-error-text.ts). An unknown text is shown as it came.

const byText = new Map<string, string>([
  ...Object.entries(applicationMessages).map(([key, text]) => [text, `messages.${key}`] as const),
]);

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** `t` of the `apply` namespace; the profile's texts (phone, LinkedIn, Devpost...) come from the `account` one. */
export function translateApplyMessage(message: string, t: Translate): string {
  const own = byText.get(message);
  if (own) return t(own);
  const profile = profileMessageKey(message);
  if (profile)
    return profile.key.includes(':')
      ? t(profile.key, profile.values)
      : t(profile.key, { ...profile.values, ns: 'account' });
  return message;
}
