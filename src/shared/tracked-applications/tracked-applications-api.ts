import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';

// GET/POST /api/tracked-applications, PATCH/DELETE /api/tracked-applications/{id}: the applications a student sent on
// employers' own sites, which they move through the stages themselves (the in-app ones keep the company's status).
// Devices create them offline with an id of their own and send each change with the time it was made; the server
// keeps, field by field, the change made last (docs/decisions/026-application-tracker.md).

export const trackedStages = [
  'applied',
  'assessment',
  'interview',
  'offer',
  'accepted',
  'rejected',
  'withdrawn',
  'ghosted',
] as const;
export type TrackedStage = (typeof trackedStages)[number];

export const maxTrackedTextLength = 200;
export const maxTrackedNoteLength = 2000;
export const maxTrackedUrlLength = 2048;
export const maxTrackedApplicationsPerStudent = 1000;

export const trackedMessages = {
  company: 'Give the company',
  title: 'Give the job title',
  textTooLong: `At most ${maxTrackedTextLength} characters`,
  noteTooLong: `A note is at most ${maxTrackedNoteLength} characters`,
  url: 'Give the address of the job posting (http:// or https://)',
  stage: `stage is one of ${trackedStages.join(', ')}`,
  dateTime: 'must be an ISO date-time with its offset, such as 2026-12-01T14:00:00Z',
  nextStepRange: 'The next step must be within two years',
  appliedAtRange: 'The application date cannot be more than five years ago',
  emptyChange: 'Send at least one field to change (company, title, url, stage, note, nextStepAt)',
} as const;

/** An http(s) address without user:password@ (a phishing trick, never a job posting). */
export function isJobPostingUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const line = (required: string) =>
  policyText('single-line', { error: required })
    .trim()
    .min(1, { error: required })
    .max(maxTrackedTextLength, { error: trackedMessages.textTooLong });

export const trackedCompanySchema = line(trackedMessages.company);
export const trackedTitleSchema = line(trackedMessages.title);
export const trackedUrlSchema = policyText('single-line', { error: trackedMessages.url })
  .trim()
  .max(maxTrackedUrlLength, { error: trackedMessages.url })
  .refine(isJobPostingUrl, { error: trackedMessages.url });
export const trackedStageSchema = z.enum(trackedStages, { error: trackedMessages.stage });
export const trackedNoteSchema = policyText('multi-line')
  .trim()
  .max(maxTrackedNoteLength, { error: trackedMessages.noteTooLong });

const dateTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} ${trackedMessages.dateTime}` });

const dayMs = 86_400_000;

/** A next step (interview, assessment deadline) from a year ago to two years ahead; later or earlier is a typo. */
export function nextStepInRange(value: string, now: number): boolean {
  const at = Date.parse(value);
  return at >= now - 366 * dayMs && at <= now + 2 * 366 * dayMs;
}

/** When the student applied: up to five years ago (a time in the future is taken as now, like a change time). */
export function appliedAtInRange(value: string, now: number): boolean {
  return Date.parse(value) >= now - 5 * 366 * dayMs;
}

/** `now` is read when the request is validated, so a long-running server follows the calendar. */
export function trackedApplicationSchemas(now: () => number) {
  const nextStepAt = dateTime('nextStepAt').refine((value) => nextStepInRange(value, now()), {
    error: trackedMessages.nextStepRange,
  });
  const create = z
    .object(
      {
        /** Made on the device, so an application added offline and sent twice is stored once. */
        id: z.uuid({ error: 'id is a UUID' }).optional(),
        /** The board listing it was sent to; absent for one added by hand. */
        jobId: z
          .string()
          .min(1)
          .max(200, { error: 'jobId is too long' })
          .regex(/^[A-Za-z0-9_-]+$/, { error: 'jobId must be a job id (letters, digits, - and _)' })
          .optional(),
        company: trackedCompanySchema,
        title: trackedTitleSchema,
        url: trackedUrlSchema,
        stage: trackedStageSchema,
        note: trackedNoteSchema.optional(),
        nextStepAt: nextStepAt.nullish(),
        appliedAt: dateTime('appliedAt')
          .refine((value) => appliedAtInRange(value, now()), { error: trackedMessages.appliedAtRange })
          .optional(),
        changedAt: dateTime('changedAt').optional(),
      },
      { error: 'The request body must be a JSON object like {"company", "title", "url", "stage"}' },
    )
    .strict();
  const update = z
    .object(
      {
        company: trackedCompanySchema.optional(),
        title: trackedTitleSchema.optional(),
        url: trackedUrlSchema.optional(),
        stage: trackedStageSchema.optional(),
        /** With a stage: the note of that change. Alone: the application's note. Empty clears it. */
        note: trackedNoteSchema.optional(),
        nextStepAt: nextStepAt.nullable().optional(),
        changedAt: dateTime('changedAt').optional(),
      },
      { error: 'The request body must be a JSON object of the fields to change' },
    )
    .strict()
    .refine((change) => trackedFields.some((field) => change[field] !== undefined), {
      error: trackedMessages.emptyChange,
    });
  return { create, update };
}

export type CreateTrackedApplication = z.input<ReturnType<typeof trackedApplicationSchemas>['create']>;
export type UpdateTrackedApplication = z.input<ReturnType<typeof trackedApplicationSchemas>['update']>;

/** The fields a student changes, each settled on its own by the time of its last change. */
export const trackedFields = ['company', 'title', 'url', 'stage', 'note', 'nextStepAt'] as const;
export type TrackedField = (typeof trackedFields)[number];

export const trackedApplicationParamsSchema = z.object({ id: z.uuid({ error: 'The application id is a UUID' }) });

const isoDateTime = z.iso.datetime({ offset: true });

export const stageChangeSchema = z.object({
  stage: z.enum(trackedStages),
  at: isoDateTime,
  note: z.string().nullable(),
});
export type StageChange = z.infer<typeof stageChangeSchema>;

export const trackedApplicationSchema = z.object({
  id: z.uuid(),
  jobId: z.string().nullable(),
  company: z.string(),
  title: z.string(),
  url: z.string(),
  stage: z.enum(trackedStages),
  note: z.string().nullable(),
  nextStepAt: isoDateTime.nullable(),
  appliedAt: isoDateTime,
  /** Every stage it went through, oldest first, each with its time and note. */
  history: z.array(stageChangeSchema),
  /** When each field last changed (what a later change must beat). */
  changedAt: z.record(z.enum(trackedFields), isoDateTime),
  /** The board listing left the feeds (or closed) at this time; null while open or for one added by hand. */
  closedAt: isoDateTime.nullable(),
});
export type TrackedApplication = z.infer<typeof trackedApplicationSchema>;

export const trackedApplicationsResponseSchema = z.object({ trackedApplications: z.array(trackedApplicationSchema) });
export type TrackedApplicationsResponse = z.infer<typeof trackedApplicationsResponseSchema>;
