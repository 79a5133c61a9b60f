import { z } from 'zod';
import { applicationStatuses } from '../company/application-status.ts';

// An organization's activity log (GET /api/company/organizations/{id}/activity, owners only): who of its members
// opened a resume, moved an application, wrote a note or exported a CSV, and when.

export const activityKinds = [
  'resume-view',
  'status-move',
  'note',
  'export',
  'member-left',
  'deletion-scheduled',
  'deletion-cancelled',
  'message',
  'interview',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityExports = ['applicants', 'activity'] as const;
export type ActivityExport = (typeof activityExports)[number];

/** What an entry says beyond its kind: a move's statuses (and whether the student was told), an export's file. */
export const activityDetailSchema = z.object({
  from: z.enum(applicationStatuses).optional(),
  to: z.enum(applicationStatuses).optional(),
  notified: z.boolean().optional(),
  file: z.enum(activityExports).optional(),
  /** deletion-scheduled: when the organization is deleted. */
  dueAt: z.string().optional(),
  /** member-left: the member the last owner made owner on leaving. */
  newOwnerUid: z.string().optional(),
  /** interview: what the member did (proposed slots, moved the booking, proposed new slots, cancelled). */
  interview: z.enum(['proposed', 'moved', 'reproposed', 'cancelled']).optional(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(activityKinds),
  at: z.string(),
  /** The member who acted; null once their account was deleted. */
  actor: z.object({ uid: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  applicationId: z.string().nullable(),
  /** The applicant as the application shows them now (anonymised ones show no name). */
  applicantName: z.string().nullable(),
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  detail: activityDetailSchema,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSize = 50;

export const activityQuerySchema = z.object({
  /** The `nextCursor` of the previous page: entries older than it. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'before: a cursor from nextCursor')
    .optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass as `before` for the next (older) page; null: this is the last one. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
