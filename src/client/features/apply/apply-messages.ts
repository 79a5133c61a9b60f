import { applicationMessages } from '../../../shared/applications/application-schema.ts';
import { profileMessageKey } from '../profile/index.ts';

// Shared validation texts and the apply API's error texts are English (src/shared, the server); the apply page shows
// them in the interface language by matching the exact text. An unknown server text is shown as it came.

/** The apply API's own answers (docs: apply contract), so they read well in French too. */
export const applyServerMessages = {
  alreadyApplied: 'You have already applied to this job.',
  inFlight: 'This application is already being submitted.',
  keyReused: 'This Idempotency-Key was already used with a different application.',
  invitationExpired: 'This invitation has expired.',
  invitationOtherEmail: 'This invitation was sent to another email address.',
  linkNotValid: 'This link is not valid.',
  linkRevoked: 'This link has been revoked.',
  jobNotAvailable: 'This job posting is not available or has expired.',
} as const;

const byText = new Map<string, string>([
  ...Object.entries(applicationMessages).map(([key, text]) => [text, `messages.${key}`] as const),
  ...Object.entries(applyServerMessages).map(([key, text]) => [text, `serverMessages.${key}`] as const),
]);

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** `t` of the `apply` namespace; the profile's texts (phone, LinkedIn, Devpost...) come from the `account` one. */
export function translateApplyMessage(message: string, t: Translate): string {
  const own = byText.get(message);
  if (own) return t(own);
  const profile = profileMessageKey(message);
  if (profile) return profile.key.includes(':') ? t(profile.key, profile.values) : t(profile.key, { ...profile.values, ns: 'account' });
  return message;
}
