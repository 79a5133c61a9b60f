import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';
import { degreeLevelSchema, interestsSchema, targetTermsSchema, workAuthorizationSchema } from './job-preferences.ts';
import { graduationYearRangeMessage, profileMessages } from './profile-messages.ts';
import { parseSkillsText, skillListError } from './skills.ts';

// Spec section 5, "Profile save": the account form validates with this schema and PATCH /api/profile/update
// validates the request with the same one. Every text is trimmed; an empty text (or null) clears the field; a field
// that is absent is left unchanged. Unknown keys (the client sends the whole profile, including firstName, lastName,
// email, resume and github) are dropped: names and e-mail are not writable here.

/** Years before and after the current one that a graduation year may be (spec section 9). */
export const graduationYearsBack = 50;
export const graduationYearsAhead = 6;

export function graduationYearRange(now: Date): { low: number; high: number } {
  const year = now.getFullYear();
  return { low: year - graduationYearsBack, high: year + graduationYearsAhead };
}

/** Trims text; '' and null become null ("clear the field"); undefined stays undefined ("leave it"). */
function clearable<Schema extends z.ZodType<string>>(schema: Schema) {
  return z
    .preprocess((value) => {
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? null : trimmed;
    }, schema.nullable())
    .optional();
}

// Every text field of the profile is under the one text policy (src/shared/schemas/text-policy.ts).
const text = (message: string = profileMessages.textExpected) => policyText('single-line', { error: message });

export const phoneSchema = text(profileMessages.phoneCharacters)
  .max(30, { error: profileMessages.phoneTooLong })
  .regex(/^[\d\s+()-]+$/, { error: profileMessages.phoneCharacters })
  .refine((phone) => phone.replace(/\D/g, '').length >= 10, { error: profileMessages.phoneDigits });

export function graduationYearSchema(now: () => Date) {
  return text(profileMessages.graduationYearFormat)
    .regex(/^\d{4}$/, { error: profileMessages.graduationYearFormat })
    .superRefine((value, context) => {
      // Read at validation time, so a long-running server and an open form both follow the calendar.
      const { low, high } = graduationYearRange(now());
      const year = Number(value);
      if (year < low || year > high) {
        context.addIssue({ code: 'custom', message: graduationYearRangeMessage(low, high) });
      }
    });
}

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // user:password@ in a profile link is a phishing trick, never a real profile.
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const linkedinHosts = new Set(['linkedin.com', 'www.linkedin.com']);

/** http(s), host linkedin.com or www.linkedin.com, path /in/<name> or /company/<name> (optional trailing slash). */
export function isLinkedinUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  if (!url || url.port !== '' || !linkedinHosts.has(url.hostname)) return false;
  return /^\/(in|company)\/[^/]+\/?$/.test(url.pathname);
}

/** http(s) with a dot inside the host name (example.com, ada.github.io). */
export function isPortfolioUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  if (!url) return false;
  const host = url.hostname;
  return /^[^.]+(\.[^.]+)+$/.test(host);
}

export const linkedinUrlSchema = text(profileMessages.linkedinUrl)
  .max(2048, { error: profileMessages.linkedinUrl })
  .refine(isLinkedinUrl, { error: profileMessages.linkedinUrl });

export const portfolioUrlSchema = text(profileMessages.portfolioUrl)
  .max(2048, { error: profileMessages.portfolioUrl })
  .refine(isPortfolioUrl, { error: profileMessages.portfolioUrl });

/** 1-39 characters, letters, digits or hyphens, not starting or ending with a hyphen (GitHub's own rule). */
export const githubUsernamePattern = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/;

export const githubUsernameSchema = text(profileMessages.githubUsername).regex(githubUsernamePattern, {
  error: profileMessages.githubUsername,
});

/** Letters, digits, hyphens and underscores (spec section 5); at most 100 characters. */
export const devpostUsernamePattern = /^[A-Za-z0-9_-]{1,100}$/;

export const devpostUsernameSchema = text(profileMessages.devpostUsername).regex(devpostUsernamePattern, {
  error: profileMessages.devpostUsername,
});

/**
 * Skills as the spec's comma-separated text or as a list. The text form drops empty pieces (stray commas);
 * in the list form an empty entry is an error ('Please enter a skill'). null or '' clears the skills.
 */
export const skillsSchema = z
  .unknown()
  .transform((value, context): string[] => {
    if (value === null) return [];
    if (typeof value === 'string') return parseSkillsText(value);
    if (Array.isArray(value) && value.every((skill) => typeof skill === 'string')) {
      return value.map((skill: string) => skill.trim());
    }
    context.addIssue({ code: 'custom', message: profileMessages.skillsType });
    return z.NEVER;
  })
  .superRefine((skills, context) => {
    const error = skillListError(skills);
    if (error) context.addIssue({ code: 'custom', message: error });
  });

/** A list where null clears (the list becomes empty), as an empty list does. */
function clearableList<Item>(schema: z.ZodType<Item[], unknown[]>) {
  return schema
    .nullable()
    .transform((value): Item[] => value ?? [])
    .optional();
}

/** A choice where null or '' clears (a form's empty select). */
function clearableChoice<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable()).optional();
}

/**
 * The work authorization as the form holds it may be empty: no country and no sponsorship answer is "not said"
 * (null). Countries without the sponsorship answer are refused with its message.
 */
function isEmptyWorkAuthorization(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { authorizedIn, needsSponsorship } = value as { authorizedIn?: unknown; needsSponsorship?: unknown };
  const noCountries = authorizedIn === undefined || (Array.isArray(authorizedIn) && authorizedIn.length === 0);
  return noCountries && (needsSponsorship === undefined || needsSponsorship === '' || needsSponsorship === null);
}

const clearableWorkAuthorization = z
  .preprocess(
    (value) =>
      isEmptyWorkAuthorization(value)
        ? null
        : typeof value === 'object' && value !== null && 'needsSponsorship' in value && value.needsSponsorship === ''
          ? { ...value, needsSponsorship: undefined }
          : value,
    workAuthorizationSchema.nullable(),
  )
  .optional();

export type ProfileSchemaOptions = {
  /** The clock the graduation-year range follows; tests pass a fixed date. */
  now?: () => Date;
};

export function createProfileUpdateSchema({ now = () => new Date() }: ProfileSchemaOptions = {}) {
  return z.object(
    {
      phone: clearable(phoneSchema),
      school: clearable(text().max(200, { error: profileMessages.schoolTooLong })),
      program: clearable(text().max(200, { error: profileMessages.programTooLong })),
      graduationYear: clearable(graduationYearSchema(now)),
      linkedinUrl: clearable(linkedinUrlSchema),
      portfolioUrl: clearable(portfolioUrlSchema),
      devpostUsername: clearable(devpostUsernameSchema),
      githubUsername: clearable(githubUsernameSchema),
      skills: skillsSchema.optional(),
      degreeLevel: clearableChoice(degreeLevelSchema),
      targetTerms: clearableList(targetTermsSchema),
      interests: clearableList(interestsSchema),
      workAuthorization: clearableWorkAuthorization,
    },
    { error: profileMessages.bodyNotObject },
  );
}

export const profileUpdateSchema = createProfileUpdateSchema();

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** Absent: unchanged; null: cleared. */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The fields the Save/Cancel bar watches (spec section 4), in form order. */
export const editableProfileFields = [
  'phone',
  'school',
  'program',
  'graduationYear',
  'linkedinUrl',
  'portfolioUrl',
  'devpostUsername',
  'githubUsername',
  'skills',
  'degreeLevel',
  'targetTerms',
  'interests',
  'workAuthorization',
] as const;

export type EditableProfileField = (typeof editableProfileFields)[number];

/**
 * One message per field, the first rule it breaks: `{phone: 'Phone number must be at least 10 digits'}`.
 * Issues about the body as a whole land under '_'.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

// Onboarding (spec section 3): the name comes from the sign-in account and is asked once when it is missing.

export const placeholderName = 'User';

function isPlaceholder(name: string): boolean {
  return name.trim().toLowerCase() === placeholderName.toLowerCase();
}

/**
 * Onboarding is required when the first or last name is missing, or the name is the placeholder 'User' (a sign-in
 * account named 'User' is split into first name 'User').
 */
export function isOnboardingRequired(name: { firstName: string | null; lastName: string | null }): boolean {
  const firstName = name.firstName?.trim() ?? '';
  const lastName = name.lastName?.trim() ?? '';
  return !firstName || !lastName || isPlaceholder(firstName);
}

/** A person's name: letters (any script, with their accents), spaces, hyphens and apostrophes. */
export const personNamePattern = /^[\p{L}\p{M}' ’-]+$/u;
export const maxPersonNameLength = 50;

const personName = (required: string) =>
  policyText('single-line', { error: required })
    .trim()
    .min(1, { error: required })
    .max(maxPersonNameLength, { error: profileMessages.nameTooLong })
    .regex(personNamePattern, { error: profileMessages.nameCharacters })
    .refine((name) => /\p{L}/u.test(name), { error: profileMessages.nameCharacters });

/**
 * PATCH /api/profile/name: during onboarding and later from /account (a typo can be fixed). Each name is trimmed,
 * 1-50 characters of letters, spaces, hyphens and apostrophes; the placeholder 'User' is not a first name.
 */
export const profileNameSchema = z.object(
  {
    firstName: personName(profileMessages.firstNameRequired).refine((name) => !isPlaceholder(name), {
      error: profileMessages.nameIsPlaceholder,
    }),
    lastName: personName(profileMessages.lastNameRequired),
  },
  { error: profileMessages.bodyNotObject },
);

export type ProfileName = z.output<typeof profileNameSchema>;
