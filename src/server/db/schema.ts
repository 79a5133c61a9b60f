import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationAnswers, ApplicationReceipt } from '../../shared/applications/application-schema.ts';
import type { BoardPlace } from '../../shared/jobs/board-place.ts';
import type { WorkAuthorization } from '../../shared/profile/job-preferences.ts';
import type { StageChange, TrackedField } from '../../shared/tracked-applications/tracked-applications-api.ts';
import type { DevpostProfile } from '../../shared/devpost/devpost-profile.ts';
import type { GithubProfile } from '../../shared/github/github-profile.ts';
import type { ScreeningAnswer, ScreeningQuestion } from '../../shared/screening/screening-questions.ts';
import { type ActivityDetail, activityKinds } from '../../shared/organization-activity/organization-activity-api.ts';
import { moderationActions, reportReasons } from '../../shared/moderation/moderation-api.ts';

// The one Drizzle schema. Change it, then `npx drizzle-kit generate` to add a migration in migrations/.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person who signed in with Firebase and created an account; keyed by the Firebase uid. */
export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  signInProvider: text('sign_in_provider').notNull(),
  // The short public number shown to students and employers (spec: studentId is a number).
  studentId: integer('student_id').notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  /** The language the student uses the app in ('en' | 'fr'), for e-mails and notifications; null: English. */
  locale: text('locale'),
  /** IANA time zone from the browser at sign-up ('America/Toronto'), for digest hours; null: UTC. */
  timeZone: text('time_zone'),
});

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** A storage key (see src/server/storage), not a URL. */
  logoPath: text('logo_path'),
  website: text('website'),
  /** Whether a student moved to 'rejected' gets an e-mail (other status changes always do). */
  rejectionEmails: boolean('rejection_emails').notNull().default(true),
  /**
   * An owner asked to delete the organization (DELETE /api/company/organizations/{id}): its jobs closed then, and
   * at `deletion_due_at` (ORGANIZATION_DELETION_GRACE_DAYS later) the daily sweep deletes it with its jobs,
   * applications and files. An owner may cancel before then (both columns back to null).
   */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
  deletionRequestedBy: text('deletion_requested_by'),
  createdAt: createdAt(),
});

/**
 * Who may act for an organization in the company portal. This row is the only thing that makes someone a company
 * user: it is read on every /api/company request, so a removed member loses access on their next request.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The Firebase uid (company users need no student account). */
    uid: text('uid').notNull(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    /** The verified e-mail and name from the ID token when the person joined. */
    email: text('email').notNull(),
    name: text('name'),
    /**
     * How this member hears of new applications: 'each' (an e-mail per application or withdrawal), 'daily' (a
     * summary) or 'none'. null: the role's default (owners 'daily', members 'none').
     */
    applicationNotifications: text('application_notifications', { enum: ['each', 'daily', 'none'] }),
    /** The member's language for e-mails ('en' | 'fr'); null: English. */
    locale: text('locale'),
    /** IANA time zone for the daily summary's hour; null: UTC. */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.uid] }),
    check(
      'organization_members_application_notifications_check',
      sql`${table.applicationNotifications} in ('each', 'daily', 'none')`,
    ),
    index('organization_members_uid_idx').on(table.uid),
    check('organization_members_role_check', sql`${table.role} in ('owner', 'member')`),
  ],
);

/** An invitation to join an organization (`/company/join/{token}`): 7 days, single use, for one e-mail. Only the token's SHA-256 is stored. */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    /** null: created by an operator (npm run org). */
    invitedBy: text('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('organization_invitations_organization_id_idx').on(table.organizationId),
    check('organization_invitations_role_check', sql`${table.role} in ('owner', 'member')`),
  ],
);

export const featuredJobs = pgTable(
  'featured_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // Free text in the spec ('Internship', 'New Grad', 'Full-time', ...).
    type: text('type').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    requirements: text('requirements').notNull(),
    postingDate: timestamp('posting_date', { withTimezone: true }).notNull(),
    /** The application deadline: the posting leaves the board after it. */
    endPostingDate: timestamp('end_posting_date', { withTimezone: true }),
    /** Drafts are seen by the organization only; closed jobs leave the board and take no applications. */
    status: text('status', { enum: ['draft', 'published', 'closed'] })
      .notNull()
      .default('published'),
    /** public: on the board; link: only through a shared link; private: only through invitations. */
    visibility: text('visibility', { enum: ['public', 'link', 'private'] })
      .notNull()
      .default('public'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    /** Required skills (the profile's skills rules). */
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Role family (src/shared/jobs/job-criteria.ts); null only on jobs posted before families existed. */
    family: text('family'),
    /** Terms as `season-year` keys (internships only). */
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Degree levels accepted; empty: any degree. */
    degreeLevels: text('degree_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the job sponsors work visas. */
    sponsorship: text('sponsorship', { enum: ['yes', 'no', 'unknown'] })
      .notNull()
      .default('unknown'),
    /** Screening questions asked in the apply wizard, with their knockout answers (src/shared/screening). */
    screeningQuestions: jsonb('screening_questions').$type<ScreeningQuestion[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('featured_jobs_organization_id_idx').on(table.organizationId),
    // Job lists are shown newest first.
    index('featured_jobs_posting_date_idx').on(table.postingDate.desc()),
    check('featured_jobs_status_check', sql`${table.status} in ('draft', 'published', 'closed')`),
    check('featured_jobs_visibility_check', sql`${table.visibility} in ('public', 'link', 'private')`),
    check('featured_jobs_sponsorship_check', sql`${table.sponsorship} in ('yes', 'no', 'unknown')`),
  ],
);

/**
 * One listing of the community feeds (internship / new-grad), keyed by the feed record's id. A listing that leaves
 * its feed is kept with active = false (so it can come back, and `first_seen_at` survives), never deleted.
 */
export const externalListings = pgTable(
  'external_listings',
  {
    id: text('id').primaryKey(),
    feedType: text('feed_type', { enum: ['internship', 'new-grad'] }).notNull(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    locations: text('locations').array().notNull(),
    category: text('category'),
    terms: text('terms').array().notNull(),
    degrees: text('degrees').array().notNull(),
    url: text('url').notNull(),
    /** Unix seconds, as in the feed (the board's sort key). */
    datePosted: doublePrecision('date_posted').notNull(),
    /** Unix seconds of the feed's last change (its date_updated), when it gives one. */
    dateUpdated: doublePrecision('date_updated'),
    /** Where each location is filed (src/shared/jobs/normalize-place.ts), in the order of `locations`. */
    places: jsonb('places').$type<BoardPlace[]>().notNull().default([]),
    /** The category, terms and degrees filed (src/shared/jobs/job-criteria.ts); null / empty: not stated. */
    family: text('family'),
    termKeys: text('term_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    degreeLevels: text('degree_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change of the listing's content or active flag (not merely seen again). */
    updatedAt: updatedAt(),
  },
  (table) => [
    check('external_listings_feed_type_check', sql`${table.feedType} in ('internship', 'new-grad')`),
    // The board loads the active listings of both feeds; ingestion deactivates per feed.
    index('external_listings_feed_type_active_idx').on(table.feedType, table.active),
  ],
);

/** Conditional-request validators and the health of each feed, one row per feed type. */
export const feedState = pgTable(
  'feed_state',
  {
    feedType: text('feed_type', { enum: ['internship', 'new-grad'] }).primaryKey(),
    /** Where the stored data came from (the feed URL, or the files of a manual import). Validators belong to it. */
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Listings imported by the last successful download (or import). */
    recordCount: integer('record_count').notNull().default(0),
    /** Records the last successful download left out (invalid, inactive or duplicate). */
    skippedCount: integer('skipped_count').notNull().default(0),
  },
  (table) => [check('feed_state_feed_type_check', sql`${table.feedType} in ('internship', 'new-grad')`)],
);

/**
 * A single row whose `version` changes whenever the set of active board jobs changes (ingest, featured jobs).
 * Every API instance polls it and rebuilds its in-memory board when it moves.
 */
export const boardState = pgTable(
  'board_state',
  {
    id: integer('id').primaryKey().default(1),
    version: text('version').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('board_state_single_row', sql`${table.id} = 1`)],
);

/**
 * The student profile of one account (spec section 3), created on first use. Names and e-mail stay on `users`.
 * The resume is a private object in the storage under an unguessable key; GitHub and Devpost hold the computed
 * profiles (never a token).
 */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    phone: text('phone'),
    school: text('school'),
    program: text('program'),
    graduationYear: text('graduation_year'),
    linkedinUrl: text('linkedin_url'),
    portfolioUrl: text('portfolio_url'),
    githubUsername: text('github_username'),
    devpostUsername: text('devpost_username'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the student looks for (src/shared/profile/job-preferences.ts). */
    degreeLevel: text('degree_level'),
    targetTerms: text('target_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    workAuthorization: jsonb('work_authorization').$type<WorkAuthorization>(),
    /** Public id of the current resume; changes with every upload. */
    resumeId: uuid('resume_id'),
    /** Storage key (src/server/storage); never sent to a client. */
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    resumeSize: integer('resume_size'),
    resumeUploadedAt: timestamp('resume_uploaded_at', { withTimezone: true }),
    githubProfile: jsonb('github_profile').$type<GithubProfile>(),
    devpostProfile: jsonb('devpost_profile').$type<DevpostProfile>(),
    /** The last Devpost username this person verified (POST /api/devpost/profile succeeded for it). */
    devpostVerifiedUsername: text('devpost_verified_username'),
    devpostVerifiedAt: timestamp('devpost_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A resume is all five columns or none.
    check(
      'student_profiles_resume_complete',
      sql`num_nulls(${sql.join(
        [table.resumeId, table.resumeKey, table.resumeName, table.resumeSize, table.resumeUploadedAt],
        sql`, `,
      )}) in (0, 5)`,
    ),
  ],
);

/**
 * A private invitation to apply (`/jobs/{id}/apply?token=...`): for one job and one applicant e-mail, valid 30 days.
 * Only the SHA-256 of the token is stored, so the table alone cannot be used to apply.
 */
export const applicantInvitations = pgTable(
  'applicant_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => featuredJobs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The member who sent it from the portal; null for `npm run invite`. */
    createdBy: text('created_by'),
    /** When the e-mail was last (re)sent. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first time the invited person validated the link (GET /api/applicants/validate/{token}). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('applicant_invitations_job_id_idx').on(table.jobId)],
);

/** A link anyone may use to apply to one job (`?sharedId=`), until it is revoked. The id is random (128 bits). */
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: text('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => featuredJobs.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Where the organization posts it ("career fair", "LinkedIn post"), for the dashboard's sources. */
    label: text('label'),
    /** After this the link takes no application (410 shared_link_expired); null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The member who created it; null for `npm run share-link`. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('shared_links_job_id_idx').on(table.jobId)],
);

/**
 * One application of one student to one featured job. The unique constraints are what make a submission happen
 * exactly once, whatever the number of concurrent retries: (uid, job_id) refuses a second application and
 * (uid, idempotency_key) ties a retried request to the application it created, whose answer is kept for replays.
 * The resume is the application's own copy in the storage, never the profile's file.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null once the student deleted their account: the organization keeps the application, anonymised. */
    uid: text('uid').references(() => users.uid, { onDelete: 'set null' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => featuredJobs.id, { onDelete: 'cascade' }),
    /** The verified e-mail of the account at submission (the confirmation went there). */
    email: text('email').notNull(),
    answers: jsonb('answers').$type<ApplicationAnswers>().notNull(),
    channel: text('channel', { enum: ['public', 'private', 'link'] }).notNull(),
    invitationId: uuid('invitation_id').references(() => applicantInvitations.id, { onDelete: 'set null' }),
    sharedLinkId: text('shared_link_id').references(() => sharedLinks.id, { onDelete: 'set null' }),
    /** The pipeline (src/shared/company/application-status.ts); `version` grows with every change (optimistic check). */
    status: text('status', { enum: ['applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] })
      .notNull()
      .default('applied'),
    version: integer('version').notNull().default(0),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The profile's skills, GitHub and Devpost as they were when the student applied (for the company and the match). */
    skillsSnapshot: text('skills_snapshot')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    githubSnapshot: jsonb('github_snapshot').$type<GithubProfile>(),
    devpostSnapshot: jsonb('devpost_snapshot').$type<DevpostProfile>(),
    /** The screening answers, each with its question as asked; `screening_knocked_out`: one is a knockout answer. */
    screeningAnswers: jsonb('screening_answers').$type<ScreeningAnswer[]>().notNull().default([]),
    screeningKnockedOut: boolean('screening_knocked_out').notNull().default(false),
    /** Storage key of the application's copy of the resume; never sent to a client. */
    resumeKey: text('resume_key').notNull(),
    resumeName: text('resume_name').notNull(),
    resumeSize: integer('resume_size').notNull(),
    /** 'upload': a file sent with the application; 'profile': a copy of the profile's resume `resume_profile_id`. */
    resumeSource: text('resume_source', { enum: ['upload', 'profile'] }).notNull(),
    resumeProfileId: uuid('resume_profile_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the normalized request (job, channel, answers, resume): a reused key must carry the same one. */
    requestHash: text('request_hash').notNull(),
    /** The answer the first request got, sent again to a retry with the same key. */
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').$type<ApplicationReceipt>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the applicant's personal data and resume copy were removed (their account was deleted, or the retention
     * period ended): the row keeps the job, the status and its history for the organization.
     */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** Why: the account was deleted, or the job ended more than APPLICATION_RETENTION_DAYS ago (the row keeps its uid). */
    anonymizedReason: text('anonymized_reason', { enum: ['account-deleted', 'retention'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One live application per student and job: a withdrawn one does not count, so the job can be applied to again.
    uniqueIndex('applications_uid_job_id_live_unique')
      .on(table.uid, table.jobId)
      .where(sql`${table.status} <> 'withdrawn'`),
    unique('applications_uid_idempotency_key_unique').on(table.uid, table.idempotencyKey),
    index('applications_job_id_idx').on(table.jobId),
    index('applications_invitation_id_idx').on(table.invitationId),
    index('applications_shared_link_id_idx').on(table.sharedLinkId),
    check('applications_channel_check', sql`${table.channel} in ('public', 'private', 'link')`),
    check(
      'applications_status_check',
      sql`${table.status} in ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn')`,
    ),
    check('applications_resume_source_check', sql`${table.resumeSource} in ('upload', 'profile')`),
    check(
      'applications_anonymized_reason_check',
      sql`${table.anonymizedReason} is null or ${table.anonymizedReason} in ('account-deleted', 'retention')`,
    ),
  ],
);

/** Every status change of an application: who (a member, or null for the student), when, from, to. */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** The member's uid; null when the student made the change (a withdrawal). */
    changedBy: text('changed_by'),
    changedByName: text('changed_by_name'),
    /** A rejection's reason (shared/company/company-api.ts rejectionReasons) and its words: the organization's only. */
    reason: text('reason'),
    reasonNote: text('reason_note'),
    createdAt: createdAt(),
  },
  (table) => [index('application_status_history_application_id_idx').on(table.applicationId, table.createdAt)],
);

/** Private notes of the organization's members about an application. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid').notNull(),
    authorName: text('author_name'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('application_notes_application_id_idx').on(table.applicationId, table.createdAt)],
);

/**
 * What an organization's members did with its applications (docs/decisions/028-privacy-and-trust.md): resume views,
 * status moves, notes, CSV exports. Written with the action; read by the organization's owners, and by the student
 * as "viewed on {date}" (never who). `actor_uid` is nulled when the member's account is deleted.
 */
export const organizationActivity = pgTable(
  'organization_activity',
  {
    // In insertion order: the log pages on it (`before`).
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUid: text('actor_uid'),
    kind: text('kind', { enum: activityKinds }).notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => featuredJobs.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<ActivityDetail>().notNull().default({}),
    /** The app's clock at the action. */
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('organization_activity_organization_id_idx').on(table.organizationId, table.id),
    index('organization_activity_application_id_idx').on(table.applicationId, table.kind),
    index('organization_activity_actor_uid_idx').on(table.actorUid),
    check(
      'organization_activity_kind_check',
      sql`${table.kind} in (${sql.raw(activityKinds.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

/**
 * An organization's e-mail templates (docs/decisions/034-email-templates.md): a subject and a plain-text body per
 * language (`{en?, fr?}`, at least one), with `{{variables}}` of a fixed list. Owners edit them, members use them.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The status it suits (offered first for a move there); null: any. */
    status: text('status', { enum: ['applied', 'screening', 'interview', 'offer', 'hired', 'rejected'] }),
    texts: jsonb('texts').$type<Partial<Record<'en' | 'fr', { subject: string; body: string }>>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('email_templates_organization_id_idx').on(table.organizationId, table.name)],
);

/**
 * Every message sent to an application's student ("what did we tell them?"): written in the transaction that puts
 * the e-mail in the outbox. The member's name is kept as it was at send time; the uid is nulled when the member's
 * account is deleted. The rows go with the application's personal data (account deletion, retention).
 */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** 'status': the standard status e-mail; 'template': from a template; 'custom': words the member wrote. */
    kind: text('kind', { enum: ['status', 'template', 'custom'] }).notNull(),
    sentByUid: text('sent_by_uid'),
    sentByName: text('sent_by_name'),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    /** The text as the student read it (variables filled). */
    body: text('body').notNull(),
    templateId: uuid('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    /** The template's name at send time (the template may be renamed or deleted later). */
    templateName: text('template_name'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('application_messages_application_id_idx').on(table.applicationId, table.sentAt),
    index('application_messages_sent_by_uid_idx').on(table.sentByUid),
    check('application_messages_kind_check', sql`${table.kind} in ('status', 'template', 'custom')`),
  ],
);

/**
 * An interview of an application (docs/decisions/038-interview-scheduling.md): the member proposes 1-10 slots, the
 * student books one. `sequence` is the calendar invitation's SEQUENCE (RFC 5545): it grows with every change sent
 * after the first invitation (a move, new slots, a cancellation), and the invitation's UID is the interview's id.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => featuredJobs.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['proposed', 'booked', 'cancelled'] })
      .notNull()
      .default('proposed'),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location'),
    videoUrl: text('video_url'),
    /** The members who interview, as they were when chosen: `[{uid, name, email}]`. */
    interviewers: jsonb('interviewers').$type<{ uid: string; name: string | null; email: string }[]>().notNull(),
    /** The proposing member's time zone, for the e-mails of recipients whose own is unknown; null: UTC. */
    timeZone: text('time_zone'),
    sequence: integer('sequence').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('interviews_application_id_idx').on(table.applicationId, table.createdAt),
    index('interviews_job_id_idx').on(table.jobId),
    check('interviews_status_check', sql`${table.status} in ('proposed', 'booked', 'cancelled')`),
  ],
);

/**
 * The times proposed for an interview. `booked_at` is set on the one the student chose; a booked slot of one
 * application hides the overlapping slots the same job proposed to other candidates. The unique index is the last
 * guard against two bookings of one time of a job (the booking itself locks the job's row).
 */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => featuredJobs.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
  },
  (table) => [
    index('interview_slots_interview_id_idx').on(table.interviewId, table.startsAt),
    index('interview_slots_job_id_idx').on(table.jobId, table.startsAt),
    uniqueIndex('interview_slots_job_booked_unique')
      .on(table.jobId, table.startsAt)
      .where(sql`${table.bookedAt} is not null`),
  ],
);

/** What happened to an interview, for the application's history: who (a member, or null for the student) and when. */
export const interviewEvents = pgTable(
  'interview_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['proposed', 'booked', 'moved', 'reproposed', 'cancelled'] }).notNull(),
    actorUid: text('actor_uid'),
    actorName: text('actor_name'),
    /** The interview's time after the event (booked, moved); null otherwise. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('interview_events_interview_id_idx').on(table.interviewId, table.at),
    check(
      'interview_events_kind_check',
      sql`${table.kind} in ('proposed', 'booked', 'moved', 'reproposed', 'cancelled')`,
    ),
  ],
);

/** The criteria a job's scorecards rate (2-6, in order); a job without a row has none yet. */
export const jobScorecardCriteria = pgTable('job_scorecard_criteria', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => featuredJobs.id, { onDelete: 'cascade' }),
  /** `[{id, label}]`: a criterion keeps its id when renamed, so ratings stay attached to it. */
  criteria: jsonb('criteria').$type<{ id: string; label: string }[]>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * Each member's own scorecard of an application: a 1-4 rating per criterion (keyed by criterion id), a
 * recommendation and a note. `overall_rating` is the 1-5 rating members gave before scorecards existed, kept as is.
 */
export const applicationScorecards = pgTable(
  'application_scorecards',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull().default({}),
    recommendation: text('recommendation', { enum: ['strong_no', 'no', 'yes', 'strong_yes'] }),
    note: text('note').notNull().default(''),
    overallRating: smallint('overall_rating'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.uid] }),
    check(
      'application_scorecards_recommendation_check',
      sql`${table.recommendation} in ('strong_no', 'no', 'yes', 'strong_yes')`,
    ),
    check('application_scorecards_overall_rating_check', sql`${table.overallRating} between 1 and 5`),
  ],
);

/**
 * Outgoing e-mail, durable: a message is written here in the same transaction as the change that causes it (an
 * application, later a status change or an invitation), and the sender (src/server/mail/outbox.ts) delivers it
 * with retries. See docs/decisions/009-durable-mail-outbox.md.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Also the stable Message-ID (`<id@domain>`): a resend after a crash is the same message, not a second one. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** What kind of message ('application-confirmation', ...), for logs and counts. */
    kind: text('kind').notNull(),
    /** The id of what caused it (an application), for logs; never personal data. */
    causeId: text('cause_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part (null: a text-only message). */
    html: text('html'),
    /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), name -> value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** A calendar invitation sent with the message (RFC 5545 text, its METHOD and file name); null: none. */
    icalEvent: jsonb('ical_event').$type<{ method: 'REQUEST' | 'CANCEL'; filename: string; content: string }>(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the message until then; another instance may take it over afterwards (its sender died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last attempt; kept for a person to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The last failure's code (an SMTP or network code), never the message text. */
    lastError: text('last_error'),
    /**
     * When the current attempt handed the message to the SMTP server; cleared when the attempt ends either way. Set
     * on a message whose lease ran out: that send was cut (its process died), and the server may have it.
     */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    /** The SMTP server's final reply code to the message ('250 2.0.0'), and the queue id it named, when it did. */
    smtpReply: text('smtp_reply'),
    smtpQueueId: text('smtp_queue_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type FeaturedJobRow = typeof featuredJobs.$inferSelect;
export type ExternalListingRow = typeof externalListings.$inferSelect;
export type FeedStateRow = typeof feedState.$inferSelect;
export type StudentProfileRow = typeof studentProfiles.$inferSelect;
export type ApplicantInvitationRow = typeof applicantInvitations.$inferSelect;
export type SharedLinkRow = typeof sharedLinks.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type OrganizationMemberRow = typeof organizationMembers.$inferSelect;
export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type ApplicationMessageRow = typeof applicationMessages.$inferSelect;
export type OrganizationInvitationRow = typeof organizationInvitations.$inferSelect;

/**
 * A student's saved jobs (an external listing id or a featured job id). An unsave is kept as saved = false so that
 * changes made offline on several devices settle on the last one made (changed_at), whatever order they arrive in.
 */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    jobId: text('job_id').notNull(),
    saved: boolean('saved').notNull(),
    /** When the student made this change on their device (clamped to the server's clock). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userUid, table.jobId] })],
);
export type InterviewRow = typeof interviews.$inferSelect;
export type InterviewSlotRow = typeof interviewSlots.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Jobs a student said they are not interested in, synced like saved jobs: one row per job, `dismissed` false once
 * restored (kept, so an older change from another device cannot bring a restored job back).
 */
export const dismissedJobs = pgTable(
  'dismissed_jobs',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    jobId: text('job_id').notNull(),
    dismissed: boolean('dismissed').notNull(),
    /** When the student made this change on their device (clamped to the server's clock). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userUid, table.jobId] })],
);

/**
 * A student's saved board search that sends alerts (docs/decisions/023-alerts.md). `filters` is the board's filter
 * object (validated by the one filter schema on the way in), so new filters join without a migration of meaning.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    /** 'email' and/or 'push'. */
    channels: text('channels').array().notNull(),
    /** Push new matching jobs as they appear (at most 3 alerts per student), besides the scheduled digest. */
    instant: boolean('instant').notNull().default(false),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Jobs that entered the board after this time are new for the next digest (null: since the alert was created). */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** Jobs that entered the board after this time are new for the next instant push. */
    lastInstantAt: timestamp('last_instant_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('alerts_user_uid_idx').on(table.userUid),
    check('alerts_frequency_check', sql`${table.frequency} in ('daily', 'weekly')`),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/**
 * Applications a student sent on an employer's own site and moves through the stages themselves. The id is made on
 * the device (an offline add sent twice is stored once); `field_times` holds when each field last changed, so changes
 * from several devices settle field by field on the last one made. A deleted one is kept as a tombstone
 * (`deleted_at`) so a late change from another device cannot bring it back.
 */
export const trackedApplications = pgTable(
  'tracked_applications',
  {
    id: uuid('id').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The board listing; null for one added by hand. */
    jobId: text('job_id'),
    company: text('company').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    stage: text('stage').notNull(),
    note: text('note'),
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    /** Every stage change, oldest first: `{ stage, at, note }`. */
    history: jsonb('history').$type<StageChange[]>().notNull(),
    fieldTimes: jsonb('field_times').$type<Record<TrackedField, string>>().notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tracked_applications_user_uid_idx').on(table.userUid),
    uniqueIndex('tracked_applications_user_job_idx')
      .on(table.userUid, table.jobId)
      .where(sql`${table.jobId} is not null and ${table.deletedAt} is null`),
    index('tracked_applications_next_step_idx')
      .on(table.nextStepAt)
      .where(sql`${table.nextStepAt} is not null and ${table.deletedAt} is null`),
    check(
      'tracked_applications_stage_check',
      sql`${table.stage} in ('applied', 'assessment', 'interview', 'offer', 'accepted', 'rejected', 'withdrawn', 'ghosted')`,
    ),
  ],
);
export type TrackedApplicationRow = typeof trackedApplications.$inferSelect;

/**
 * One unit of scheduled notification work (a student's digest for one period, a member's daily summary), keyed by
 * a stable id such as `digest:{uid}:{2026-11-27}`: written in the same transaction as its outbox rows, so a crash
 * and a retry, or two instances, never send it twice.
 */
export const notificationRuns = pgTable('notification_runs', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  /** How many items (jobs, applications) it announced; 0 when nothing was new and nothing was sent. */
  itemCount: integer('item_count').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Leases for scheduled tasks (digests, sweeps): an instance runs task `name` only while it holds the row's lease,
 * so several instances run it once. `last_run_at` is the schedule slot last completed.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Rate-limit counters shared by every instance (http/rate-limit-store.ts): `key` is the limit's name and the
 * account's uid; a window starts with the first hit and ends at `reset_at`. Expired rows are deleted as they are met.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_idx').on(table.resetAt)],
);

/** A browser's Web Push subscription (PushSubscription JSON) for a student; deleted when the push service answers 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** https, on a known push service's host (checked before it is stored). */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_uid_idx').on(table.userUid)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Outgoing push notifications, durable like the mail outbox: written with the change that causes them, delivered
 * to every subscription of the user by the push sender with leases and retries.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** 'new-jobs', 'status-change', ... for logs and counts. */
    kind: text('kind').notNull(),
    causeId: text('cause_id'),
    /** What the service worker shows: `{ title, body, url, tag }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('push_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * An account being deleted (DELETE /api/account). Written first, removed last: a deletion cut short by a crash is
 * finished by the next request or by the scheduled task, so no file or row of the student stays behind. The e-mail
 * is kept only until then, to find the mails and invitations addressed to it.
 */
export const accountDeletions = pgTable('account_deletions', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A student's report of a job on the board (docs/decisions/032-job-reports-and-moderation.md): an external listing's
 * id or a featured job's id, one report per job per student. Open until an operator acts on the job
 * (`reviewed_at`). Deleted with the account.
 */
export const jobReports = pgTable(
  'job_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: text('job_id').notNull(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    unique('job_reports_job_id_user_uid_key').on(table.jobId, table.userUid),
    index('job_reports_user_uid_idx').on(table.userUid),
    index('job_reports_open_idx')
      .on(table.jobId)
      .where(sql`${table.reviewedAt} is null`),
    check(
      'job_reports_reason_check',
      sql`${table.reason} in (${sql.raw(reportReasons.map((reason) => `'${reason}'`).join(', '))})`,
    ),
  ],
);

/**
 * Jobs an operator took off the board, by the id the board knows them by (a feed record's id survives re-ingestion,
 * so a hidden listing stays hidden when its feed brings it again). Removed when the job is restored.
 */
export const hiddenJobs = pgTable('hidden_jobs', {
  jobId: text('job_id').primaryKey(),
  reason: text('reason').notNull(),
  /** The operator's e-mail, or `cli:<user>` for `npm run moderation`. */
  hiddenBy: text('hidden_by').notNull(),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
});

/** Every operator action on a job, kept: who, when, what, why. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor: text('actor').notNull(),
    action: text('action', { enum: moderationActions }).notNull(),
    jobId: text('job_id').notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('moderation_log_job_id_idx').on(table.jobId),
    check(
      'moderation_log_action_check',
      sql`${table.action} in (${sql.raw(moderationActions.map((action) => `'${action}'`).join(', '))})`,
    ),
  ],
);
