import { z } from 'zod';
import { accountLocaleSchema, browserTimeZoneSchema } from '../schemas/create-account.ts';
import { policyText } from '../schemas/text-policy.ts';
import type { OrganizationRole } from './company-api.ts';

// How a member of an organization hears of its applications (issue 26, item 5), chosen per member and per
// organization: an e-mail on each new application or withdrawal, a daily summary, or nothing.
// GET/PUT /api/company/organizations/{orgId}/notifications (the caller's own choice) and PATCH /api/company/me (the
// member's language and time zone, which the e-mails and the summary's hour follow).

export const applicationNotificationChoices = ['each', 'daily', 'none'] as const;
export type ApplicationNotificationChoice = (typeof applicationNotificationChoices)[number];

/** The choice of a member who made none: owners get the daily summary, members nothing. */
export function roleDefaultNotifications(role: OrganizationRole): ApplicationNotificationChoice {
  return role === 'owner' ? 'daily' : 'none';
}

const choiceSchema = z.enum(applicationNotificationChoices, {
  error: 'applicationNotifications is each, daily or none',
});

export const notificationSettingsRequestSchema = z
  .object({ applicationNotifications: choiceSchema }, { error: 'Send {"applicationNotifications": "each"}' })
  .strict();
export type NotificationSettingsRequest = z.input<typeof notificationSettingsRequestSchema>;

export const notificationSettingsSchema = z.object({
  /** The choice in effect (the role's default when the member made none). */
  applicationNotifications: choiceSchema,
  /** What applies without a choice of their own. */
  roleDefault: choiceSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const memberNameLimit = 80;
export const memberNameSchema = policyText('single-line')
  .trim()
  .min(1, { error: 'Enter your name' })
  .max(memberNameLimit, { error: `A name is at most ${memberNameLimit} characters` });

/** PATCH /api/company/me: the portal's language and the browser's time zone, for every membership of the caller. */
export const memberPreferencesRequestSchema = z
  .object(
    {
      locale: accountLocaleSchema.optional(),
      timeZone: browserTimeZoneSchema.optional(),
      /** The name shown beside the member's notes, moves and scorecards, on every membership. */
      name: memberNameSchema.optional(),
    },
    { error: 'Send {"locale": "fr", "timeZone": "Europe/Paris"}' },
  )
  .strict();
export type MemberPreferencesRequest = z.input<typeof memberPreferencesRequestSchema>;

export const memberPreferencesSchema = z.object({
  locale: accountLocaleSchema.nullable(),
  timeZone: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
});
export type MemberPreferences = z.infer<typeof memberPreferencesSchema>;
