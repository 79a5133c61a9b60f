import { z } from 'zod';
import {
  compareTerms,
  degreeLevels,
  isPastTerm,
  termKeyPattern,
  termSeasons,
  type DegreeLevel,
  jobFamilies,
  type JobFamily,
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

/** The current code of a country known under an old one ('UK' -> 'GB', 'DD' -> 'DE'); others as they are. */
export function currentCountryCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4) ?? code;
  } catch {
    return code;
  }
}

let allCountryCodes: string[] | null = null;

/** Every country code `isCountryCode` accepts, A to Z (about 250), for the account page's country list. */
export function countryCodes(): string[] {
  if (!allCountryCodes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    allCountryCodes = [...letters]
      .flatMap((first) => [...letters].map((second) => first + second))
      .filter((code) => isCountryCode(code) && currentCountryCode(code) === code);
  }
  return allCountryCodes;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

export const preferenceMessages = {
  degreeLevel: 'Choose a degree level from the list',
  family: 'Choose interests from the list',
  term: 'Choose terms such as summer-2026',
  countryCode: 'Choose countries from the list',
  tooManyCountries: `Choose at most ${maxAuthorizedCountries} countries`,
  tooManyTerms: `Choose at most ${maxTargetTerms} terms`,
  needsSponsorship: 'Say whether you need visa sponsorship',
  workAuthorization: 'Work authorization must list countries and say whether you need visa sponsorship',
} as const;

export const workAuthorizationSchema = z.object(
  {
    authorizedIn: z
      .array(
        z
          .string({ error: preferenceMessages.countryCode })
          .trim()
          .transform((code) => code.toUpperCase())
          .refine(isCountryCode, { error: preferenceMessages.countryCode })
          .transform(currentCountryCode),
      )
      .max(maxAuthorizedCountries, { error: preferenceMessages.tooManyCountries })
      .transform(unique),
    needsSponsorship: z.enum(sponsorshipNeeds, { error: preferenceMessages.needsSponsorship }),
  },
  { error: preferenceMessages.workAuthorization },
) satisfies z.ZodType<WorkAuthorization, unknown>;

// The job vocabulary's schemas, with messages the account page translates.
export const degreeLevelSchema = z.enum(degreeLevels, { error: preferenceMessages.degreeLevel });
const familySchema = z.enum(jobFamilies, { error: preferenceMessages.family });
const termSchema = z
  .string({ error: preferenceMessages.term })
  .regex(termKeyPattern, { error: preferenceMessages.term })
  .transform((value) => value as TermKey);

/** Target terms: unique, calendar order. */
export const targetTermsSchema = z
  .array(termSchema)
  .max(maxTargetTerms, { error: preferenceMessages.tooManyTerms })
  .transform((terms) => unique(terms).sort(compareTerms));

/** Interests: unique families, in the board's order. */
export const interestsSchema = z
  .array(familySchema)
  .max(jobFamilies.length, { error: preferenceMessages.family })
  .transform((families) => jobFamilies.filter((family) => families.includes(family)));

/** How far ahead the account page offers terms: the current season and the two years after it. */
export const comingTermCount = 9;

/**
 * The terms a student can aim for, seen at `now`: the first one not yet over (fall 2026 in November 2026), then the
 * next ones in calendar order, `count` in all.
 */
export function comingTerms(now: Date, count: number = comingTermCount): TermKey[] {
  const terms: TermKey[] = [];
  let year = now.getUTCFullYear();
  let season = 0;
  while (terms.length < count) {
    const term = `${termSeasons[season]!}-${year}` as TermKey;
    if (!isPastTerm(term, now)) terms.push(term);
    season += 1;
    if (season === termSeasons.length) {
      season = 0;
      year += 1;
    }
  }
  return terms;
}

export type JobPreferences = {
  degreeLevel: DegreeLevel | null;
  targetTerms: TermKey[];
  interests: JobFamily[];
  workAuthorization: WorkAuthorization | null;
};

/** The preferences of a profile saved before they existed (or kept on a device since): nothing chosen. */
export const noJobPreferences: JobPreferences = {
  degreeLevel: null,
  targetTerms: [],
  interests: [],
  workAuthorization: null,
};

/** Whether the student needs sponsorship, now or later: featured jobs that say they do not sponsor are marked. */
export function needsSponsorship(preferences: Pick<JobPreferences, 'workAuthorization'>): boolean {
  const need = preferences.workAuthorization?.needsSponsorship;
  return need === 'now' || need === 'future';
}
