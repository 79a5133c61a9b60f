import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';

// Interview scheduling (issue 28, docs/decisions/038-interview-scheduling.md): a member of the job's organization
// proposes 1-10 times (a duration, a place or a video link, the interviewers); the student books one in My
// Applications; both get a calendar invitation; the member may move the booking, propose new times, or cancel.

export const interviewLimits = {
  slots: { min: 1, max: 10 },
  duration: { min: 15, max: 480 },
  location: 300,
  videoUrl: 500,
  interviewers: { min: 1, max: 10 },
  /** How far ahead a time may be proposed. */
  daysAhead: 366,
} as const;

/** The durations the portal offers (the API takes any whole number of minutes in the limits). */
export const interviewDurations = [15, 30, 45, 60, 90, 120] as const;

export const interviewStatuses = ['proposed', 'booked', 'cancelled'] as const;
export type InterviewStatus = (typeof interviewStatuses)[number];

export const interviewEventKinds = ['proposed', 'booked', 'moved', 'reproposed', 'cancelled'] as const;
export type InterviewEventKind = (typeof interviewEventKinds)[number];

const instant = z.iso.datetime({ offset: true, error: 'A time is an ISO 8601 date and time with its offset' });

const slotsField = z
  .array(instant)
  .min(interviewLimits.slots.min, { error: 'Propose 1 to 10 times' })
  .max(interviewLimits.slots.max, { error: 'Propose 1 to 10 times' })
  .refine((slots) => new Set(slots.map((slot) => Date.parse(slot))).size === slots.length, {
    error: 'The same time is proposed twice',
  });

const optionalText = (max: number, what: string) =>
  policyText('single-line')
    .trim()
    .max(max, { error: `${what} is at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** POST /api/company/applications/{id}/interviews */
export const proposeInterviewRequestSchema = z
  .object({
    slots: slotsField,
    durationMinutes: z
      .number()
      .int()
      .min(interviewLimits.duration.min, { error: 'An interview lasts 15 minutes to 8 hours' })
      .max(interviewLimits.duration.max, { error: 'An interview lasts 15 minutes to 8 hours' }),
    location: optionalText(interviewLimits.location, 'The place'),
    videoUrl: z
      .url({ protocol: /^https?$/, error: 'The video link is an http(s) address' })
      .max(interviewLimits.videoUrl, { error: `The video link is at most ${interviewLimits.videoUrl} characters` })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    interviewerUids: z
      .array(z.string().min(1).max(128))
      .min(interviewLimits.interviewers.min, { error: 'Choose 1 to 10 interviewers' })
      .max(interviewLimits.interviewers.max, { error: 'Choose 1 to 10 interviewers' }),
    /** The member's IANA time zone: the e-mails of recipients whose own zone is unknown show times in it. */
    timeZone: z.string().max(64).optional(),
  })
  .strict()
  .refine((input) => Boolean(input.location || input.videoUrl), {
    error: 'Give a place or a video link',
    path: ['location'],
  });
export type ProposeInterviewRequest = z.input<typeof proposeInterviewRequestSchema>;

/** POST /api/company/applications/{id}/interviews/{interviewId}/reschedule: new times to pick from, or a new booked time. */
export const rescheduleInterviewRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slots'), slots: slotsField }).strict(),
  z.object({ kind: z.literal('move'), startsAt: instant }).strict(),
]);
export type RescheduleInterviewRequest = z.infer<typeof rescheduleInterviewRequestSchema>;

/** POST /api/applications/{id}/interviews/{interviewId}/booking */
export const bookInterviewRequestSchema = z.object({ slotId: z.string().min(1).max(64) }).strict();
export type BookInterviewRequest = z.infer<typeof bookInterviewRequestSchema>;

const timeRange = z.object({ startsAt: z.string(), endsAt: z.string() });

/** An interview as the organization's members see it. */
export const interviewSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  status: z.enum(interviewStatuses),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  videoUrl: z.string().nullable(),
  interviewers: z.array(z.object({ uid: z.string(), name: z.string().nullable(), email: z.string() })),
  /** The times proposed; `taken`: another candidate of the job booked a time overlapping it. */
  slots: z.array(timeRange.extend({ id: z.string(), taken: z.boolean() })),
  booked: timeRange.nullable(),
  /** The calendar invitation's SEQUENCE (grows with every update sent). */
  sequence: z.number(),
  createdAt: z.string(),
  history: z.array(
    z.object({
      kind: z.enum(interviewEventKinds),
      at: z.string(),
      /** The member; null: the student. */
      by: z.object({ uid: z.string().nullable(), name: z.string().nullable() }).nullable(),
      startsAt: z.string().nullable(),
    }),
  ),
});
export type Interview = z.infer<typeof interviewSchema>;

/** An interview as the student sees it: only the times still free, the interviewers' names, never their e-mails. */
export const studentInterviewSchema = z.object({
  id: z.string(),
  status: z.enum(interviewStatuses),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  videoUrl: z.string().nullable(),
  interviewers: z.array(z.string()),
  slots: z.array(timeRange.extend({ id: z.string() })),
  booked: timeRange.nullable(),
});
export type StudentInterview = z.infer<typeof studentInterviewSchema>;

/** Whether two half-open time ranges [start, end) overlap. */
export function rangesOverlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}
