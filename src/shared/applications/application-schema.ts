import { z } from 'zod';
import {
  isLinkedinUrl,
  isPortfolioUrl,
  devpostUsernamePattern,
  githubUsernamePattern,
  phoneSchema,
} from '../profile/profile-schema.ts';
import { profileMessages } from '../profile/profile-messages.ts';
import { policyText, textPolicy } from '../schemas/text-policy.ts';

// Spec sections 3 ("Application form data"), 4 ("Application wizard") and 5 ("Application form fields", "Resume in the
// application"): the apply wizard validates each step with these schemas and POST /api/public/jobs/{slug}/apply
// validates the submission with the same ones. The client translates the English texts by matching them exactly.

export const applicationMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  universityRequired: 'University is required',
  majorRequired: 'Major is required',
  graduationYearRequired: 'Graduation year is required',
  graduationYearRange: 'Graduation year must be between 2023 and 2030',
  coverLetterRequired: 'Cover letter is required',
  coverLetterTooLong: 'Cover letter must be at most 10000 characters',
  textTooLong: 'Must be at most 200 characters',
  // Spec section 4 and 5, verbatim.
  devpostContinue: 'Please verify your Devpost username before continuing',
  devpostSubmit: 'Please verify your Devpost username before submitting',
  resumeMissing: 'Please upload a resume or select your profile resume before submitting.',
  resumeNotPdf: 'Please upload a PDF document only',
  resumeTooLarge: 'File size must be less than 5MB',
  // Spec section 5, "Responses and dates".
  submitFailed: 'Failed to submit application',
  invalidToken: 'Invalid token',
  jobLoadFailed: 'Failed to access job information',
} as const;

/** Spec section 9: the application's graduation year input is 2023 to 2030 (unlike the profile's moving range). */
export const applicationGraduationYears = { min: 2023, max: 2030 } as const;

/** Spec section 9: PDF only, at most 5 MB, in the application. */
export const maxApplicationResumeBytes = 5 * 1024 * 1024;

const requiredText = (message: string, max = 200) =>
  policyText('single-line', { error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: max === 200 ? applicationMessages.textTooLong : message });

/** Optional text: '' / null / absent all mean "not given" and come out as null. */
function optionalText<Schema extends z.ZodType<string>>(schema: Schema) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }, schema.nullable());
}

/** The graduation year arrives as a number (JSON) or as text (a multipart field). */
const graduationYear = z.preprocess(
  (value) => {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      return /^\d+$/.test(trimmed) ? Number(trimmed) : value;
    }
    return value;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? applicationMessages.graduationYearRequired
          : applicationMessages.graduationYearRange,
    })
    .int({ error: applicationMessages.graduationYearRange })
    .min(applicationGraduationYears.min, { error: applicationMessages.graduationYearRange })
    .max(applicationGraduationYears.max, { error: applicationMessages.graduationYearRange }),
);

/** Step 1, Personal Info. The e-mail is fixed to the signed-in account's; the server ignores what is sent. */
export const personalInfoSchema = z.object({
  firstName: requiredText(applicationMessages.firstNameRequired, 100),
  lastName: requiredText(applicationMessages.lastNameRequired, 100),
  email: z
    .string({ error: applicationMessages.emailRequired })
    .check(textPolicy())
    .trim()
    .min(1, { error: applicationMessages.emailRequired })
    .pipe(z.email({ error: applicationMessages.emailInvalid })),
  phone: z
    .string({ error: applicationMessages.phoneRequired })
    .check(textPolicy())
    .trim()
    .min(1, { error: applicationMessages.phoneRequired })
    .pipe(phoneSchema),
  university: requiredText(applicationMessages.universityRequired),
  major: requiredText(applicationMessages.majorRequired),
  graduationYear,
  linkedinUrl: optionalText(
    z.string().check(textPolicy()).max(2048).refine(isLinkedinUrl, { error: profileMessages.linkedinUrl }),
  ),
  portfolioUrl: optionalText(
    z.string().check(textPolicy()).max(2048).refine(isPortfolioUrl, { error: profileMessages.portfolioUrl }),
  ),
});

/** Step 2, GitHub Profile: optional. */
export const githubStepSchema = z.object({
  githubUsername: optionalText(
    z.string().check(textPolicy()).regex(githubUsernamePattern, { error: profileMessages.githubUsername }),
  ),
});

/** Step 3, Hackathons: optional Devpost username; when given it must be verified (checked by the wizard and server). */
export const hackathonsStepSchema = z.object({
  devpostUsername: optionalText(
    z.string().check(textPolicy()).regex(devpostUsernamePattern, { error: profileMessages.devpostUsername }),
  ),
});

/** Step 5, Job Details. */
export const jobDetailsStepSchema = z.object({
  coverLetter: policyText('multi-line', { error: applicationMessages.coverLetterRequired })
    .trim()
    .min(1, { error: applicationMessages.coverLetterRequired })
    .max(10_000, { error: applicationMessages.coverLetterTooLong }),
});

/**
 * The answers of a submission, without the resume (a file part, or `resume` = the profile's saved resume reference
 * `{id, url}`) and without `devpost` (the verified Devpost profile; the server checks it against its own record).
 */
export const applicationAnswersSchema = personalInfoSchema
  .extend(githubStepSchema.shape)
  .extend(hackathonsStepSchema.shape)
  .extend(jobDetailsStepSchema.shape);

export type ApplicationAnswersInput = z.input<typeof applicationAnswersSchema>;
export type ApplicationAnswers = z.output<typeof applicationAnswersSchema>;

/** The profile's saved resume chosen in step 4: `{id, url}` as GET /api/profile returned them. */
export const savedResumeChoiceSchema = z.object({
  id: z.string().check(textPolicy()).min(1).max(200),
  url: z.string().check(textPolicy()).min(1).max(2048),
});

export type SavedResumeChoice = z.infer<typeof savedResumeChoiceSchema>;

/** The client-side check of a chosen file (step 4); the server judges the bytes again (isPdf). */
export function applicationResumeFileError(file: { name: string; type: string; size: number }): string | null {
  const looksLikePdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksLikePdf) return applicationMessages.resumeNotPdf;
  if (file.size >= maxApplicationResumeBytes) return applicationMessages.resumeTooLarge;
  return null;
}

/** The wizard's steps in order (spec section 2); index 0 to 4. */
export const applicationSteps = ['personal', 'github', 'hackathons', 'resume', 'jobDetails'] as const;
export type ApplicationStep = (typeof applicationSteps)[number];

/** Spec section 4: how the apply page was reached. */
export type ApplyMode = 'private' | 'link' | 'public';

export function applyMode(query: { token?: string | null; sharedId?: string | null }): ApplyMode {
  if (query.token) return 'private';
  if (query.sharedId) return 'link';
  return 'public';
}

/** What POST /api/public/jobs/{slug}/apply answers on success: 201, and the same 201 + body to a retry with the same Idempotency-Key (header `Idempotent-Replayed: true`). */
export type ApplicationReceipt = {
  applicationId: string;
  jobId: string;
  jobTitle: string;
  organizationName: string | null;
  /** Where the confirmation e-mail went. */
  email: string;
  submittedAt: string;
};
