import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';

// Reporting a job (POST /api/public/jobs/{idOrSlug}/reports) and the operators' moderation (GET/POST
// /api/moderation/...): the requests the client sends and the answers it gets (docs/decisions/032).

export const reportReasons = ['closed', 'scam', 'wrong-information', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** The longest report text a student may write, and the longest reason an operator gives for hiding a job. */
export const reportTextMaxLength = 1000;
export const hideReasonMaxLength = 500;

export const jobReportRequestSchema = z.object({
  reason: z.enum(reportReasons, { error: 'reason must be closed, scam, wrong-information or other' }),
  text: policyText('multi-line')
    .trim()
    .max(reportTextMaxLength, `text must be at most ${reportTextMaxLength} characters`)
    .optional()
    .default(''),
});
export type JobReportRequest = z.input<typeof jobReportRequestSchema>;

export const jobReportCreatedSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  reason: z.enum(reportReasons),
  createdAt: z.iso.datetime({ offset: true }),
});
export type JobReportCreated = z.infer<typeof jobReportCreatedSchema>;

/** A job id as the board and the job pages show it: an external listing's feed id or a featured job's uuid. */
export const moderationJobParamsSchema = z.object({
  jobId: z
    .string()
    .min(1, 'jobId is required')
    .max(200, 'jobId is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'jobId must be a job id (letters, digits, - and _)'),
});

export const hideJobRequestSchema = z.object({
  reason: policyText('single-line', { error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(hideReasonMaxLength, `reason must be at most ${hideReasonMaxLength} characters`),
});

/** Dismissing closes a job's open reports without hiding it (a report that is wrong); the reason is logged. */
export const dismissReportsRequestSchema = hideJobRequestSchema;

export const moderationActions = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof moderationActions)[number];

const jobSummarySchema = z
  .object({
    title: z.string(),
    company: z.string(),
    featured: z.boolean(),
    url: z.string().nullable(),
  })
  .nullable();

export const reportedJobSchema = z.object({
  jobId: z.string(),
  /** null: the job exists nowhere any more. */
  job: jobSummarySchema,
  hidden: z.object({ reason: z.string(), at: z.iso.datetime({ offset: true }), by: z.string() }).nullable(),
  openReports: z.number().int(),
  byReason: z.record(z.enum(reportReasons), z.number().int()),
  /** The texts of the open reports, newest first (never who wrote them). */
  texts: z.array(z.object({ reason: z.enum(reportReasons), text: z.string(), at: z.iso.datetime({ offset: true }) })),
  lastReportAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ReportedJob = z.infer<typeof reportedJobSchema>;

export const moderationOverviewSchema = z.object({
  /** Jobs with open reports, most reported first. */
  reported: z.array(reportedJobSchema),
  /** Jobs hidden now, newest first. */
  hidden: z.array(reportedJobSchema),
});
export type ModerationOverview = z.infer<typeof moderationOverviewSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.string(),
  action: z.enum(moderationActions),
  jobId: z.string(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });

export const moderationResultSchema = z.object({
  jobId: z.string(),
  action: z.enum(moderationActions),
  /** The board version after the change. */
  boardVersion: z.string(),
});
export type ModerationResult = z.infer<typeof moderationResultSchema>;

export const dismissResultSchema = z.object({
  jobId: z.string(),
  action: z.literal('dismiss'),
  /** How many open reports were closed. */
  dismissedReports: z.number().int(),
});
export type DismissResult = z.infer<typeof dismissResultSchema>;
