import { z } from 'zod';
import { type JobFilters, jobFilterKeys, jobFiltersSchema } from '../jobs/job-filters-schema.ts';
import { policyText } from '../schemas/text-policy.ts';

// GET/POST /api/alerts and PATCH/DELETE /api/alerts/{id}: a student's saved board searches, which send new matching
// jobs by e-mail digest and Web Push (docs/decisions/023-alerts.md). An alert's filters are the board's own filters
// (jobFiltersSchema, the one list of them), so a filter added to the board is a filter alerts take, and what an alert
// matches is what the board shows for the same search.

/** At most this many alerts per student, and of them this many pushed as the jobs appear. */
export const maxAlertsPerStudent = 10;
export const maxInstantAlertsPerStudent = 3;
export const maxAlertNameLength = 80;

export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const alertChannels = ['email', 'push'] as const;
export type AlertChannel = (typeof alertChannels)[number];

/**
 * The board's filters, strictly: an unknown filter name is refused like an unknown value (400 invalid_request), not
 * silently dropped, so a client never believes it saved a filter the alert does not apply.
 */
export const alertFiltersSchema = jobFiltersSchema.strict();

export const alertNameSchema = policyText('single-line', { error: 'Give the alert a name' })
  .trim()
  .min(1, { error: 'Give the alert a name' })
  .max(maxAlertNameLength, { error: `An alert's name is at most ${maxAlertNameLength} characters` });

export const alertFrequencySchema = z.enum(alertFrequencies, { error: 'frequency is daily or weekly' });

/** One or both channels, each once. */
export const alertChannelsSchema = z
  .array(z.enum(alertChannels, { error: 'A channel is email or push' }))
  .min(1, { error: 'Choose at least one channel (email, push)' })
  .max(alertChannels.length)
  .refine((channels) => new Set(channels).size === channels.length, { error: 'Each channel at most once' });

const instantNeedsPush = 'An alert sent as the jobs appear needs the push channel';

export const createAlertSchema = z
  .object(
    {
      name: alertNameSchema,
      filters: alertFiltersSchema,
      frequency: alertFrequencySchema,
      channels: alertChannelsSchema,
      /** Also push new matching jobs as they appear (at most 3 alerts), besides the scheduled digest. */
      instant: z.boolean().optional(),
    },
    { error: 'The request body must be a JSON object like {"name", "filters", "frequency", "channels"}' },
  )
  .strict()
  .refine((alert) => !alert.instant || alert.channels.includes('push'), { error: instantNeedsPush, path: ['instant'] });

export type CreateAlertRequest = z.input<typeof createAlertSchema>;

/** The fields to change; `paused: true` pauses the alert (no digest, no push), false resumes it. */
export const updateAlertSchema = z
  .object(
    {
      name: alertNameSchema.optional(),
      filters: alertFiltersSchema.optional(),
      frequency: alertFrequencySchema.optional(),
      channels: alertChannelsSchema.optional(),
      instant: z.boolean().optional(),
      paused: z.boolean().optional(),
    },
    { error: 'The request body must be a JSON object of the fields to change' },
  )
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Send at least one field to change (name, filters, frequency, channels, instant, paused)',
  });

export type UpdateAlertRequest = z.input<typeof updateAlertSchema>;

/** Whether an alert with these channels may be instant (the rule both requests follow). */
export function instantAllowed(channels: readonly AlertChannel[]): boolean {
  return channels.includes('push');
}
export const instantNeedsPushMessage = instantNeedsPush;

export const alertParamsSchema = z.object({
  id: z.uuid({ error: 'The alert id is a UUID' }),
});

const dateTime = z.iso.datetime({ offset: true });

export const alertSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: jobFiltersSchema,
  frequency: alertFrequencySchema,
  channels: z.array(z.enum(alertChannels)),
  instant: z.boolean(),
  /** When the student paused it; null: active. */
  pausedAt: dateTime.nullable(),
  /** When the last digest covered it; null: none yet (new jobs count from createdAt). */
  lastDigestAt: dateTime.nullable(),
  createdAt: dateTime,
  /** Jobs (cards) that entered the board since the last digest (or creation) and match, the board's rule. */
  newCount: z.number().int().min(0),
});

export type Alert = z.infer<typeof alertSchema>;

export const alertsResponseSchema = z.object({
  alerts: z.array(alertSchema),
  limits: z.object({ alerts: z.number().int(), instant: z.number().int() }),
});

export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

/**
 * The filters of a stored alert as the board reads them. Stored filters were valid when saved; one a later version
 * no longer accepts (a term gone from the vocabulary) falls back to "no filter" on its own, as a hand-edited board
 * link does, rather than failing every digest of the alert.
 */
export function storedAlertFilters(stored: unknown): JobFilters {
  const strict = jobFiltersSchema.safeParse(stored);
  if (strict.success) return strict.data;
  const record = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const lenient: Record<string, unknown> = {};
  for (const key of jobFilterKeys) {
    const field = jobFiltersSchema.shape[key].safeParse(record[key]);
    lenient[key] = field.success ? field.data : jobFiltersSchema.shape[key].parse(undefined);
  }
  return lenient as JobFilters;
}
