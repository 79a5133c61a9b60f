import { z } from 'zod';
import {
  compareTerms,
  type DegreeLevel,
  degreeLevels,
  jobFamilies,
  type JobFamily,
  type Sponsorship,
  sponsorshipValues,
  termKeySchema,
  type TermKey,
} from '../jobs/job-criteria.ts';
import { skillsSchema } from '../profile/profile-schema.ts';
import { policyText } from '../schemas/text-policy.ts';
import {
  type ScreeningAnswer,
  screeningFilters,
  type ScreeningQuestion,
  screeningQuestionsSchema,
} from '../screening/screening-questions.ts';
import { applicationStatuses, companySettableStatuses } from './application-status.ts';
import { messageChoiceSchema, studentMessageSchema } from '../messages/messages-api.ts';

// The company portal's API (issue 11, /api/company/...) and the student's applications (/api/applications/...):
// the zod schema of every request the server validates and the type of every answer. Requests are validated on the
// server with these schemas; the client builds its forms on them. Dates travel as ISO 8601 strings.

export { applicationStatuses, companySettableStatuses };
export type { ApplicationStatus, CompanySettableStatus } from './application-status.ts';

export const organizationRoles = ['owner', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const jobStatuses = ['draft', 'published', 'closed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** public: on the board; link: only through a shared link; private: only through invitations. */
export const jobVisibilities = ['public', 'link', 'private'] as const;
export type JobVisibility = (typeof jobVisibilities)[number];

/** The spec's job types (section 3, FeaturedJob.type). */
export const jobTypes = ['Internship', 'New Grad', 'Full-time'] as const;
export type JobType = (typeof jobTypes)[number];

/** Only internships have terms (a season and a year); the other types start whenever they start. */
export function typeHasTerms(type: string | null | undefined): boolean {
  return type === 'Internship';
}

/** At most this many terms on one job (a year and a half of seasons). */
export const maxJobTerms = 6;

export const applicantSorts = ['newest', 'match'] as const;
export type ApplicantSort = (typeof applicantSorts)[number];

export const maxLogoBytes = 1024 * 1024;
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const maxInvitationsPerRequest = 500;
export const memberInvitationDays = 7;
export const applicantInvitationDays = 30;

export const companyLimits = {
  title: 200,
  location: 200,
  description: 20_000,
  requirements: 20_000,
  organizationName: 120,
  website: 2048,
  note: 5000,
  query: 200,
  csvBytes: 512 * 1024,
  pageSizeMax: 100,
} as const;

const uuid = z.uuid({ error: 'Must be a valid id' });
const email = policyText('single-line')
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'This is not a valid e-mail address.' }));
const singleLine = (max: number, required: string) =>
  policyText('single-line')
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Must be at most ${max} characters` });
const multiLine = (max: number, required: string) =>
  policyText('multi-line')
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Must be at most ${max} characters` });
/** A calendar date ('2026-12-01') or an ISO date-time; answered as an ISO date-time. */
const dateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Must be a date like 2026-12-01',
});
const salary = z
  .number({ error: 'Salary must be a number' })
  .int({ error: 'Salary must be a whole number' })
  .min(0)
  .max(100_000_000);
const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'Currency must be a 3-letter code like USD' });

// ---------------------------------------------------------------- organizations and members

const organizationRole = z.enum(organizationRoles);

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: organizationRole,
  /** GET /api/company/organizations/{id}/logo (public), with a version so a new logo is not cached; null without one. */
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  rejectionEmails: z.boolean(),
  /** When the organization, its jobs and applications are deleted (an owner scheduled it); null: not scheduled. */
  deletionDueAt: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * POST /api/company/organizations/{orgId}/leave (any member): the caller's membership ends. The last owner names
 * another current member as the new owner (made owner in the same transaction), or is refused 409 last_owner.
 */
export const organizationLeaveRequestSchema = z
  .object({ newOwnerUid: z.string().trim().min(1).max(128).optional() })
  .strict();
export type OrganizationLeaveRequest = z.input<typeof organizationLeaveRequestSchema>;
/** GET /api/company/organizations */
export type OrganizationsResponse = Organization[];

/** PATCH /api/company/organizations/{orgId} (owner) */
export const organizationUpdateRequestSchema = z
  .object({
    name: singleLine(companyLimits.organizationName, 'Name is required').optional(),
    website: z
      .union([
        z.null(),
        z.literal(''),
        policyText('single-line')
          .trim()
          .max(companyLimits.website)
          .pipe(z.url({ protocol: /^https?$/, error: 'Website must be an http(s) address' })),
      ])
      .optional()
      .transform((value) => (value === '' ? null : value)),
    rejectionEmails: z.boolean().optional(),
  })
  .strict();
export type OrganizationUpdateRequest = z.input<typeof organizationUpdateRequestSchema>;

export const memberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: organizationRole,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const pendingMemberInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: organizationRole,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingMemberInvitation = z.infer<typeof pendingMemberInvitationSchema>;
/** GET /api/company/organizations/{orgId}/members */
export const membersResponseSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(pendingMemberInvitationSchema),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** POST /api/company/organizations/{orgId}/invitations (owner) */
export const memberInvitationRequestSchema = z
  .object({ email, role: z.enum(organizationRoles).default('member') })
  .strict();
export type MemberInvitationRequest = z.input<typeof memberInvitationRequestSchema>;
export type MemberInvitationCreated = { id: string; email: string; role: OrganizationRole; expiresAt: string };

/** GET /api/company/join/{token} */
export const joinInvitationInfoSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: organizationRole,
  expired: z.boolean(),
});
export type JoinInvitationInfo = z.infer<typeof joinInvitationInfoSchema>;
/** POST /api/company/join/{token} answers the membership as an Organization. */
export type JoinResponse = Organization;

// ---------------------------------------------------------------- jobs

const jobFields = {
  title: singleLine(companyLimits.title, 'Title is required'),
  type: z.enum(jobTypes, { error: 'Type must be Internship, New Grad or Full-time' }),
  location: singleLine(companyLimits.location, 'Location is required'),
  description: multiLine(companyLimits.description, 'Description is required'),
  requirements: multiLine(companyLimits.requirements, 'Requirements are required'),
  postingDate: dateInput,
  deadline: dateInput.nullable().optional(),
  salaryMin: salary.nullable().optional(),
  salaryMax: salary.nullable().optional(),
  salaryCurrency: currency.nullable().optional(),
  /** The same rules as a profile's skills: a list or comma-separated text, at most 15, no duplicates. */
  skills: skillsSchema.optional(),
  visibility: z.enum(jobVisibilities, { error: 'Visibility must be public, link or private' }),
  /** The role family the board files the job under (src/shared/jobs/job-criteria.ts). */
  family: z.enum(jobFamilies, { error: `Family must be one of ${jobFamilies.join(', ')}` }),
  /** Internships only (typeHasTerms): the terms the job is for, kept unique and in calendar order. */
  terms: z
    .array(termKeySchema)
    .max(maxJobTerms, { error: `Choose at most ${maxJobTerms} terms` })
    .transform((terms) => [...new Set(terms)].sort(compareTerms)),
  /** The degree levels accepted, in the usual order; empty: any degree. */
  degreeLevels: z
    .array(z.enum(degreeLevels, { error: `A degree level is one of ${degreeLevels.join(', ')}` }))
    .max(degreeLevels.length)
    .transform((levels) => degreeLevels.filter((level) => levels.includes(level))),
  sponsorship: z.enum(sponsorshipValues, { error: 'Sponsorship must be yes, no or unknown' }),
  /** Asked in the apply wizard (src/shared/screening); the knockout answers stay the organization's. */
  screeningQuestions: screeningQuestionsSchema,
};

type JobFieldsCheck = {
  type?: string;
  terms?: readonly string[];
  postingDate?: string;
  deadline?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryCurrency?: string | null;
};

/** Checks across fields; the server repeats them on the merged row for a PATCH. */
export function jobFieldsProblems(job: JobFieldsCheck): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (job.salaryMin != null && job.salaryMax != null && job.salaryMax < job.salaryMin) {
    problems.push({ path: 'salaryMax', message: 'The maximum salary must not be below the minimum' });
  }
  if ((job.salaryMin != null || job.salaryMax != null) && !job.salaryCurrency) {
    problems.push({ path: 'salaryCurrency', message: 'Choose the salary currency' });
  }
  if (job.deadline && job.postingDate && Date.parse(job.deadline) < Date.parse(job.postingDate)) {
    problems.push({ path: 'deadline', message: 'The deadline must not be before the posting date' });
  }
  // Refused rather than cleared: a type change never drops the terms a member chose without their saying so (the
  // portal's form sends no terms for other types).
  if (job.terms && job.terms.length > 0 && job.type !== undefined && !typeHasTerms(job.type)) {
    problems.push({ path: 'terms', message: 'Terms are for internships only: send no terms for this type' });
  }
  return problems;
}

/** POST /api/company/jobs -> 201 CompanyJob */
export const jobCreateRequestSchema = z
  .object({
    organizationId: uuid,
    ...jobFields,
    terms: jobFields.terms.default([]),
    degreeLevels: jobFields.degreeLevels.default([]),
    sponsorship: jobFields.sponsorship.default('unknown'),
    screeningQuestions: jobFields.screeningQuestions.default([]),
    status: z.enum(['draft', 'published'], { error: 'A new job is a draft or published' }).default('draft'),
  })
  .strict()
  .superRefine((job, context) => {
    for (const problem of jobFieldsProblems(job))
      context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type JobCreateRequest = z.input<typeof jobCreateRequestSchema>;

/**
 * PATCH /api/company/jobs/{id}: any subset. `status` moves draft -> published (publish), published -> closed (close),
 * closed -> published (reopen); anything else is 409 invalid_job_status_change. Jobs posted before families existed
 * keep a null family through other changes, but are not published or reopened without one (400).
 */
export const jobUpdateRequestSchema = z
  .object({
    title: jobFields.title.optional(),
    type: jobFields.type.optional(),
    location: jobFields.location.optional(),
    description: jobFields.description.optional(),
    requirements: jobFields.requirements.optional(),
    postingDate: dateInput.optional(),
    deadline: jobFields.deadline,
    salaryMin: jobFields.salaryMin,
    salaryMax: jobFields.salaryMax,
    salaryCurrency: jobFields.salaryCurrency,
    skills: jobFields.skills,
    visibility: jobFields.visibility.optional(),
    family: jobFields.family.optional(),
    terms: jobFields.terms.optional(),
    degreeLevels: jobFields.degreeLevels.optional(),
    sponsorship: jobFields.sponsorship.optional(),
    screeningQuestions: jobFields.screeningQuestions.optional(),
    status: z.enum(jobStatuses, { error: 'Status must be draft, published or closed' }).optional(),
  })
  .strict();
export type JobUpdateRequest = z.input<typeof jobUpdateRequestSchema>;

export type StatusCounts = Record<(typeof applicationStatuses)[number], number>;
export type ApplicationCounts = StatusCounts & { total: number };

export type CompanyJobSummary = {
  id: string;
  slug: string;
  title: string;
  type: string;
  location: string;
  status: JobStatus;
  visibility: JobVisibility;
  postingDate: string;
  deadline: string | null;
  applicationCounts: ApplicationCounts;
  updatedAt: string;
};
/** GET /api/company/jobs?organizationId= */
export type CompanyJobsResponse = CompanyJobSummary[];

/** GET/PATCH /api/company/jobs/{id}, POST /api/company/jobs */
export type CompanyJob = CompanyJobSummary & {
  organizationId: string;
  description: string;
  requirements: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  skills: string[];
  /** null only on jobs posted before families existed, until a member chooses one. */
  family: JobFamily | null;
  terms: TermKey[];
  /** Empty: any degree. */
  degreeLevels: DegreeLevel[];
  sponsorship: Sponsorship;
  screeningQuestions: ScreeningQuestion[];
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  /** The student-facing page of the job (`${PUBLIC_URL}/jobs/{slug}`). */
  publicUrl: string;
  /**
   * When its applications lose their applicants' details and resumes (APPLICATION_RETENTION_DAYS after the job
   * closed or its deadline passed); null while the job is open.
   */
  dataRemovalAt: string | null;
};

export const companyJobsQuerySchema = z.object({ organizationId: uuid }).strict();

// ---------------------------------------------------------------- match

export type MatchPart =
  | {
      key: 'skills';
      points: number;
      max: number;
      matched: number;
      required: number;
      missing: string[];
      /** The profile lists no skills at all: the part is left out of the score (max 0) rather than counted as 0. */
      notListed?: boolean;
    }
  | {
      key: 'graduation';
      points: number;
      max: number;
      year: number | null;
      jobType: string;
      fit: 'fits' | 'close' | 'far' | 'unknown';
    }
  | { key: 'github'; points: number; max: number; contributions: number | null; repos: number | null }
  | { key: 'devpost'; points: number; max: number; projects: number | null; wins: number | null };
/** 0-100, the sum of the parts' points. */
export type Match = { score: number; parts: MatchPart[] };

// ---------------------------------------------------------------- applicants

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/company/jobs/{id}/applicants (and applicants.csv without page/pageSize). */
export const applicantsQuerySchema = z
  .object({
    q: z.preprocess(emptyAsUndefined, policyText('single-line').trim().max(companyLimits.query).optional()),
    status: z.preprocess(emptyAsUndefined, z.enum(applicationStatuses, { error: 'Unknown status' }).optional()),
    graduationYear: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1900).max(2200).optional()),
    school: z.preprocess(emptyAsUndefined, policyText('single-line').trim().max(200).optional()),
    /** passed: no knockout answer; knocked-out: at least one. */
    screening: z.preprocess(
      emptyAsUndefined,
      z.enum(screeningFilters, { error: 'Unknown screening filter' }).optional(),
    ),
    sort: z.preprocess(emptyAsUndefined, z.enum(applicantSorts).default('newest')),
    page: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
    pageSize: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(companyLimits.pageSizeMax).default(20)),
  })
  .strict();
export type ApplicantsQuery = z.input<typeof applicantsQuerySchema>;

export type ApplicantListItem = {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  school: string;
  program: string;
  graduationYear: number;
  skills: string[];
  status: (typeof applicationStatuses)[number];
  statusChangedAt: string;
  appliedAt: string;
  /** The team's scorecard score, 1-4 (null: no card yet). */
  rating: number | null;
  match: Match;
  /** The application gave a knockout answer to a screening question. */
  knockedOut: boolean;
};
export type ApplicantsResponse = {
  items: ApplicantListItem[];
  total: number;
  page: number;
  pageSize: number;
  /** Every school and graduation year among the job's applicants, for the filters. */
  schools: string[];
  graduationYears: number[];
};

/** GET /api/company/jobs/{id}/stats */
export type JobStats = {
  byStatus: StatusCounts;
  overTime: { date: string; count: number }[];
  bySchool: { school: string; count: number }[];
  byGraduationYear: { year: number; count: number }[];
  /**
   * Where the applications came from: the job's public page (`public`), a private invitation, or a shared link (each
   * link on its own, with its label), most first.
   */
  bySource: { source: 'public' | 'invitation' | 'link'; label: string | null; count: number }[];
  /** The private invitations' conversion: sent (not revoked), opened (the link was validated), applied. */
  invitations: { sent: number; opened: number; applied: number };
};

// ---------------------------------------------------------------- applications (company side)

export type HistoryEntry = {
  from: (typeof applicationStatuses)[number] | null;
  to: (typeof applicationStatuses)[number];
  at: string;
  /** Who made the change: a member of the organization, or null for the student (the application, a withdrawal). */
  by: { uid: string; name: string | null } | null;
  /** A rejection's reason and its words, when the member gave them (the organization's only). */
  reason?: RejectionReason | null;
  reasonNote?: string | null;
};
export type Note = { id: string; body: string; at: string; by: { uid: string; name: string | null } };

/** What the student sent (spec section 3, application form data). */
export const applicationAnswersViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  university: z.string(),
  major: z.string(),
  graduationYear: z.number(),
  githubUsername: z.string().nullable(),
  devpostUsername: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  portfolioUrl: z.string().nullable(),
});
export type ApplicationAnswersView = z.infer<typeof applicationAnswersViewSchema>;

/** GET /api/company/applications/{id} */
export type CompanyApplication = {
  applicationId: string;
  jobId: string;
  /** The job's title and required skills (highlighted in the resume). */
  job: { title: string; requiredSkills: string[] };
  status: (typeof applicationStatuses)[number];
  statusChangedAt: string;
  appliedAt: string;
  version: number;
  channel: 'public' | 'private' | 'link';
  answers: ApplicationAnswersView;
  coverLetter: string;
  links: { linkedin: string | null; portfolio: string | null; github: string | null; devpost: string | null };
  /** The GitHub and Devpost profiles as they were when the student applied (the profile's saved copies). */
  github: import('../github/github-profile.ts').GithubProfile | null;
  devpost: import('../devpost/devpost-profile.ts').DevpostProfile | null;
  skills: string[];
  match: Match;
  /** The screening answers with the questions as asked; `knockedOut`: one of them is a knockout answer. */
  screening: { answers: ScreeningAnswer[]; knockedOut: boolean };
  history: HistoryEntry[];
  notes: Note[];
  hasResume: boolean;
  resumeName: string | null;
};

/**
 * Why an application was rejected (a fixed list + other), for the organization's own records: never shown to the
 * student, who reads only what a message the recruiter chose to send says.
 */
export const rejectionReasons = [
  'qualifications',
  'experience',
  'another-candidate',
  'position-filled',
  'unresponsive',
  'location',
  'compensation',
  'other',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
export const maxRejectionNoteLength = 300;

const rejectionReasonSchema = z.enum(rejectionReasons, {
  error: `rejectionReason is one of ${rejectionReasons.join(', ')}`,
});
const rejectionNoteSchema = multiLine(maxRejectionNoteLength, 'Write the reason, or leave it out').optional();

/** A reason goes with a rejection only. */
function reasonOnlyWhenRejected(value: { status: string; rejectionReason?: unknown; rejectionNote?: unknown }) {
  return value.status === 'rejected' || (value.rejectionReason === undefined && value.rejectionNote === undefined);
}
const reasonMessage = 'A rejection reason goes with the status rejected only';

/** One way to tell the student: the standard e-mail (`notify`) or a message, not both. */
function oneMessage(value: { notify?: boolean | undefined; message?: unknown }) {
  return !(value.notify === true && value.message !== undefined);
}
const oneMessageError = 'Send notify (the standard status e-mail) or a message, not both';

/** PATCH /api/company/applications/{id} */
export const applicationStatusRequestSchema = z
  .object({
    status: z.enum(companySettableStatuses, {
      error: 'Status must be one of applied, screening, interview, offer, hired, rejected',
    }),
    version: z.number({ error: 'version is required' }).int().min(0),
    /**
     * Tell the student (an e-mail in their language and a notification). Absent or false: the move is silent, as in
     * the tools recruiters use; the student sees the new status in My Applications.
     */
    notify: z.boolean({ error: 'notify must be true or false' }).optional(),
    /** With `rejected`: why, for the organization (never sent to the student). */
    rejectionReason: rejectionReasonSchema.optional(),
    /** Words of the reason (with `other`, or to add to one), for the organization. */
    rejectionNote: rejectionNoteSchema,
    /** A template or the member's words, e-mailed to the student in the move's transaction (instead of `notify`). */
    message: messageChoiceSchema.optional(),
  })
  .strict()
  .refine(reasonOnlyWhenRejected, { error: reasonMessage })
  .refine(oneMessage, { error: oneMessageError });
export type ApplicationStatusRequest = z.input<typeof applicationStatusRequestSchema>;

/** POST /api/company/applications/bulk-status */
export const bulkStatusRequestSchema = z
  .object({
    applicationIds: z.array(uuid).min(1, { error: 'Select at least one application' }).max(500),
    status: z.enum(companySettableStatuses, {
      error: 'Status must be one of applied, screening, interview, offer, hired, rejected',
    }),
    notify: z.boolean({ error: 'notify must be true or false' }).optional(),
    rejectionReason: rejectionReasonSchema.optional(),
    rejectionNote: rejectionNoteSchema,
    message: messageChoiceSchema.optional(),
  })
  .strict()
  .refine(reasonOnlyWhenRejected, { error: reasonMessage })
  .refine(oneMessage, { error: oneMessageError });
export type BulkStatusRequest = z.input<typeof bulkStatusRequestSchema>;
export type BulkStatusResponse = {
  updated: string[];
  skipped: { id: string; code: 'application_withdrawn' | 'unchanged' }[];
};

/** POST /api/company/applications/{id}/notes -> 201 Note */
export const noteRequestSchema = z.object({ body: multiLine(companyLimits.note, 'Write a note first') }).strict();
export type NoteRequest = z.input<typeof noteRequestSchema>;

// ---------------------------------------------------------------- invitations and shared links of a job

export const jobInvitationStatuses = ['sent', 'opened', 'applied', 'revoked'] as const;
export type JobInvitationStatus = (typeof jobInvitationStatuses)[number];
export type JobInvitation = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: JobInvitationStatus;
  sentAt: string;
  openedAt: string | null;
  appliedAt: string | null;
  expiresAt: string;
};

const invitationEntrySchema = z.object({
  email: z.string().max(1000),
  firstName: z.string().max(1000).nullable().optional(),
  lastName: z.string().max(1000).nullable().optional(),
});
/**
 * POST /api/company/jobs/{id}/invitations: `{csv}` (columns email, first name, last name; the header is optional)
 * or `{entries}`. Each entry is checked on its own: bad ones are answered in `invalid`, the good ones are sent.
 */
export const jobInvitationsRequestSchema = z.union(
  [
    z
      .object({
        csv: z
          .string()
          .min(1, { error: 'Paste or upload at least one e-mail' })
          .max(companyLimits.csvBytes, { error: 'The CSV is too large (512 KB at most)' }),
      })
      .strict(),
    z
      .object({
        entries: z
          .array(invitationEntrySchema)
          .min(1, { error: 'Add at least one e-mail' })
          .max(maxInvitationsPerRequest),
      })
      .strict(),
  ],
  { error: 'Send {csv} or {entries}' },
);
export type JobInvitationsRequest = z.input<typeof jobInvitationsRequestSchema>;
export type JobInvitationsResponse = {
  created: JobInvitation[];
  invalid: { line: number; value: string; code: 'email_invalid' | 'csv_invalid' }[];
  /** E-mails already invited (a live invitation exists) or repeated in the request. */
  duplicates: string[];
};

export type SharedLink = {
  id: string;
  url: string;
  /** Where it is posted ("career fair"); null: no label. */
  label: string | null;
  createdAt: string;
  /** null: until revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
  applicationCount: number;
};

export const sharedLinkLimits = { label: 60, expiresInDays: 365 } as const;
/** The expiry choices the portal offers (any whole number of days up to a year is accepted). */
export const sharedLinkExpiryChoices = [7, 30, 90] as const;

/** POST /api/company/jobs/{id}/shared-links (every field optional). */
export const sharedLinkRequestSchema = z
  .object({
    label: z
      .string({ error: 'label must be text' })
      .trim()
      .max(sharedLinkLimits.label, { error: `A label is at most ${sharedLinkLimits.label} characters` })
      .optional(),
    expiresInDays: z
      .number({ error: 'expiresInDays must be a number of days' })
      .int({ error: 'expiresInDays must be a whole number of days' })
      .min(1, { error: 'A link lasts at least 1 day' })
      .max(sharedLinkLimits.expiresInDays, { error: `A link lasts at most ${sharedLinkLimits.expiresInDays} days` })
      .optional(),
  })
  .strict();
export type SharedLinkRequest = z.input<typeof sharedLinkRequestSchema>;

// ---------------------------------------------------------------- the student's side

/** GET /api/applications, newest first. */
export const studentApplicationSchema = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  jobSlug: z.string(),
  jobTitle: z.string(),
  company: z.string().nullable(),
  status: z.enum(applicationStatuses),
  statusChangedAt: z.string(),
  appliedAt: z.string(),
  featured: z.boolean(),
  /** Whether POST /api/applications/{id}/withdraw is allowed now. */
  canWithdraw: z.boolean(),
  /** When the job's organization first opened the resume (never who); null: not yet. */
  viewedAt: z.string().nullable(),
});
export type StudentApplication = z.infer<typeof studentApplicationSchema>;
export type StudentApplicationsResponse = StudentApplication[];

/** GET /api/applications/{id} (the student's own): what was sent, read-only. */
export const studentApplicationDetailSchema = studentApplicationSchema.extend({
  answers: applicationAnswersViewSchema,
  coverLetter: z.string(),
  resumeName: z.string(),
  /** When the job's retention period removed what was sent (answers, resume); null: still kept. */
  detailsRemovedAt: z.string().nullable(),
  history: z.array(
    z.object({ from: z.enum(applicationStatuses).nullable(), to: z.enum(applicationStatuses), at: z.string() }),
  ),
  /** The messages the organization sent about this application, oldest first. */
  messages: z.array(studentMessageSchema),
});
export type StudentApplicationDetail = z.infer<typeof studentApplicationDetailSchema>;
