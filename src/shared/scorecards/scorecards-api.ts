import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';

// Scorecards (issue 28): per job 2-6 criteria; each member of the organization rates each criterion 1-4 and
// recommends (strong no ... strong yes) with a note, on their own card only. The 1-5 ratings given before scorecards
// are kept on each member's card as an overall score.

export const recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof recommendations)[number];

export const scorecardLimits = { criteria: { min: 2, max: 6 }, label: 80, note: 5000 } as const;

const criterionId = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, { error: 'A criterion id is 1 to 40 lowercase letters, digits or dashes' });

export const criterionSchema = z.object({ id: z.string(), label: z.string() });
export type Criterion = z.infer<typeof criterionSchema>;

/** PUT /api/company/jobs/{id}/scorecard: the job's criteria, in order; an id keeps a renamed criterion's ratings. */
export const criteriaRequestSchema = z
  .object({
    criteria: z
      .array(
        z
          .object({
            id: criterionId.optional(),
            label: policyText('single-line')
              .trim()
              .min(1, { error: 'Name every criterion' })
              .max(scorecardLimits.label, { error: `A criterion is at most ${scorecardLimits.label} characters` }),
          })
          .strict(),
      )
      .min(scorecardLimits.criteria.min, { error: 'A scorecard has 2 to 6 criteria' })
      .max(scorecardLimits.criteria.max, { error: 'A scorecard has 2 to 6 criteria' })
      .refine((list) => new Set(list.map((item) => item.label.toLowerCase())).size === list.length, {
        error: 'Two criteria have the same name',
      })
      .refine(
        (list) => {
          const ids = list.flatMap((item) => (item.id ? [item.id] : []));
          return new Set(ids).size === ids.length;
        },
        { error: 'Two criteria have the same id' },
      ),
  })
  .strict();
export type CriteriaRequest = z.input<typeof criteriaRequestSchema>;

export const jobScorecardSchema = z.object({ jobId: z.string(), criteria: z.array(criterionSchema) });
export type JobScorecard = z.infer<typeof jobScorecardSchema>;

const rating = z
  .number({ error: 'A rating is 1 to 4' })
  .int({ error: 'A rating is 1 to 4' })
  .min(1, { error: 'A rating is 1 to 4' })
  .max(4, { error: 'A rating is 1 to 4' });

/** PUT /api/company/applications/{id}/scorecards/mine: the caller's own card (another's cannot be addressed). */
export const scorecardRequestSchema = z
  .object({
    ratings: z.record(criterionId, rating),
    recommendation: z.enum(recommendations, { error: 'Choose a recommendation' }),
    note: policyText('multi-line')
      .trim()
      .max(scorecardLimits.note, { error: `A note is at most ${scorecardLimits.note} characters` })
      .default(''),
  })
  .strict();
export type ScorecardRequest = z.input<typeof scorecardRequestSchema>;

export const scorecardSchema = z.object({
  by: z.object({ uid: z.string(), name: z.string().nullable() }),
  mine: z.boolean(),
  ratings: z.record(z.string(), z.number()),
  recommendation: z.enum(recommendations).nullable(),
  note: z.string(),
  /** The 1-5 rating this member gave before scorecards existed. */
  overallRating: z.number().nullable(),
  updatedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const scorecardSummarySchema = z.object({
  count: z.number(),
  recommendations: z.record(z.enum(recommendations), z.number()),
  /** Per criterion id, the average of the members' ratings (null: nobody rated it). */
  criteria: z.record(z.string(), z.number().nullable()),
  /** The average of every criterion rating given, 1-4; null when none. */
  average: z.number().nullable(),
  /** The average of the overall ratings kept from before scorecards, 1-5; null when none. */
  overallAverage: z.number().nullable(),
});
export type ScorecardSummary = z.infer<typeof scorecardSummarySchema>;

export const applicationScorecardsSchema = z.object({
  criteria: z.array(criterionSchema),
  scorecards: z.array(scorecardSchema),
  summary: scorecardSummarySchema,
});
export type ApplicationScorecards = z.infer<typeof applicationScorecardsSchema>;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function mean(values: number[]): number | null {
  return values.length ? round1(values.reduce((sum, value) => sum + value, 0) / values.length) : null;
}

/** The team's summary of the cards: only ratings of the job's current criteria count. */
export function summarizeScorecards(
  criteria: Criterion[],
  cards: Pick<Scorecard, 'ratings' | 'recommendation' | 'overallRating'>[],
): ScorecardSummary {
  const counts = Object.fromEntries(recommendations.map((value) => [value, 0])) as Record<Recommendation, number>;
  for (const card of cards) if (card.recommendation) counts[card.recommendation] += 1;
  const byCriterion = Object.fromEntries(
    criteria.map((criterion) => [
      criterion.id,
      mean(cards.flatMap((card) => (card.ratings[criterion.id] ? [card.ratings[criterion.id]!] : []))),
    ]),
  );
  const all = cards.flatMap((card) => criteria.flatMap((c) => (card.ratings[c.id] ? [card.ratings[c.id]!] : [])));
  return {
    count: cards.filter((card) => card.recommendation !== null).length,
    recommendations: counts,
    criteria: byCriterion,
    average: mean(all),
    overallAverage: mean(cards.flatMap((card) => (card.overallRating === null ? [] : [card.overallRating]))),
  };
}

/** The id a new criterion gets from its label ("Problem solving" -> "problem-solving"), unique among `taken`. */
export function criterionIdFor(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'criterion';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}
