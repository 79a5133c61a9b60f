import { z } from 'zod';
import { supportedLocales } from '../locale.ts';
import { canonicalTimeZone, maxTimeZoneLength } from '../time-zone.ts';
import { textPolicy } from './text-policy.ts';

// POST /api/auth/create-account: the request the client sends after sign-in and the answer it gets.

export const emailAddressSchema = z
  .string({ error: 'An e-mail address is required' })
  .check(textPolicy())
  .trim()
  .min(1, { error: 'An e-mail address is required' })
  .max(254, { error: 'The e-mail address is too long' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/** The language the person uses the app in, for e-mails and notifications. */
export const accountLocaleSchema = z.enum(supportedLocales, { error: 'locale is en or fr' });

/**
 * The browser's IANA time zone ('America/Toronto'), for the hour digests arrive at. One that names no zone (or is
 * not text) reads as absent: it is never a reason to refuse a sign-in or a change.
 */
export const browserTimeZoneSchema = z
  .unknown()
  .transform((value) => canonicalTimeZone(value) ?? undefined)
  .meta({ type: 'string', maxLength: maxTimeZoneLength, examples: ['America/Toronto'] });

export const createAccountRequestSchema = z.object(
  {
    email: emailAddressSchema,
    // From the browser at sign-in; an unsupported language is ignored like an unknown zone.
    locale: accountLocaleSchema.optional().catch(undefined),
    timeZone: browserTimeZoneSchema.optional(),
  },
  { error: 'The request body must be a JSON object like {"email": "you@example.com"}' },
);

export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

export const accountUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  signInProvider: z.string(),
  studentId: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  lastSignInAt: z.iso.datetime({ offset: true }),
  /** null: not known yet (English is used). */
  locale: accountLocaleSchema.nullable(),
  /** null: not known (digests use UTC). */
  timeZone: z.string().nullable(),
});

export type AccountUser = z.infer<typeof accountUserSchema>;

export const createAccountResponseSchema = z.object({ user: accountUserSchema });

export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

/** E-mail addresses compare case-insensitively in practice (providers lower-case them). */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** PATCH /api/auth/account: the language (when the person switches it) and the time zone. */
export const accountSettingsSchema = z
  .object(
    { locale: accountLocaleSchema.optional(), timeZone: browserTimeZoneSchema.optional() },
    { error: 'The request body must be a JSON object like {"locale": "fr"}' },
  )
  .strict();

export type AccountSettings = z.input<typeof accountSettingsSchema>;

export const accountSettingsResponseSchema = z.object({
  locale: accountLocaleSchema.nullable(),
  timeZone: z.string().nullable(),
});
