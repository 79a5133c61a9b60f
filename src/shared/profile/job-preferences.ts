import { z } from 'zod';
import {
  compareTerms,
  degreeLevelSchema,
  type DegreeLevel,
  jobFamilies,
  jobFamilySchema,
  type JobFamily,
  termKeySchema,
  type TermKey,
} from '../jobs/job-criteria.ts';

// What a student looks for, kept on their profile: the board's "Match my profile", "jobs for you" and the
// sponsorship marks read it. Same vocabulary as the jobs (src/shared/jobs/job-criteria.ts).

/** When the student needs a work visa sponsored: now, for a later job (e.g. after a student visa), or never. */
export const sponsorshipNeeds = ['now', 'future', 'no'] as const;
export type SponsorshipNeed = (typeof sponsorshipNeeds)[number];

export type WorkAuthorization = {
  /** ISO 3166-1 alpha-2 codes of the countries the student may work in without sponsorship. */
  authorizedIn: string[];
  needsSponsorship: SponsorshipNeed;
};

export const maxTargetTerms = 8;
export const maxAuthorizedCountries = 10;

// Intl knows every assigned region code in every browser and in Node: no country table in the client bundle.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !notCountries.has(code) && regionNames.of(code) !== undefined;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

export const preferenceMessages = {
  countryCode: 'Choose countries from the list',
  tooManyCountries: `Choose at most ${maxAuthorizedCountries} countries`,
  tooManyTerms: `Choose at most ${maxTargetTerms} terms`,
  needsSponsorship: 'Say whether you need visa sponsorship',
} as const;

export const workAuthorizationSchema = z.object({
  authorizedIn: z
    .array(
      z
        .string()
        .trim()
        .transform((code) => code.toUpperCase())
        .refine(isCountryCode, { error: preferenceMessages.countryCode }),
    )
    .max(maxAuthorizedCountries, { error: preferenceMessages.tooManyCountries })
    .transform(unique),
  needsSponsorship: z.enum(sponsorshipNeeds, { error: preferenceMessages.needsSponsorship }),
}) satisfies z.ZodType<WorkAuthorization, unknown>;

/** Target terms: unique, calendar order. */
export const targetTermsSchema = z
  .array(termKeySchema)
  .max(maxTargetTerms, { error: preferenceMessages.tooManyTerms })
  .transform((terms) => unique(terms).sort(compareTerms));

/** Interests: unique families, in the board's order. */
export const interestsSchema = z
  .array(jobFamilySchema)
  .max(jobFamilies.length)
  .transform((families) => jobFamilies.filter((family) => families.includes(family)));

export { degreeLevelSchema };

export type JobPreferences = {
  degreeLevel: DegreeLevel | null;
  targetTerms: TermKey[];
  interests: JobFamily[];
  workAuthorization: WorkAuthorization | null;
};

/** Whether the student needs sponsorship, now or later: featured jobs that say they do not sponsor are marked. */
export function needsSponsorship(preferences: Pick<JobPreferences, 'workAuthorization'>): boolean {
  const need = preferences.workAuthorization?.needsSponsorship;
  return need === 'now' || need === 'future';
}
