import { z } from 'zod';

// What a job asks for and what a student looks for, in one vocabulary: the role family, the term (season and year)
// and the degree levels. The community feeds spell them many ways ("AI/ML/Data", "Data Science, AI & Machine
// Learning"); ingestion files each listing under these values once, and the board, the profile, "jobs for you" and
// alerts compare only these. A value we cannot read stays unknown: it is never guessed into a family or a level.

/** Role families, in the order the board lists them. */
export const jobFamilies = ['software', 'ai-ml-data', 'hardware', 'product', 'quant', 'other'] as const;
export type JobFamily = (typeof jobFamilies)[number];

/** Degree levels, lowest first; `other` is a stated degree outside the five (certificate, bootcamp, JD, MD...). */
export const degreeLevels = ['associate', 'bachelor', 'master', 'phd', 'mba', 'other'] as const;
export type DegreeLevel = (typeof degreeLevels)[number];

/** Seasons in calendar order of their start (winter 2026 starts in January 2026). */
export const termSeasons = ['winter', 'spring', 'summer', 'fall'] as const;
export type TermSeason = (typeof termSeasons)[number];

/** `summer-2026`: a season and a four-digit year. */
export type TermKey = `${TermSeason}-${number}`;

/** Whether a featured job sponsors work visas; community listings never say (`unknown`). */
export const sponsorshipValues = ['yes', 'no', 'unknown'] as const;
export type Sponsorship = (typeof sponsorshipValues)[number];

export const termKeyPattern = /^(winter|spring|summer|fall)-(20\d\d)$/;

export const jobFamilySchema = z.enum(jobFamilies);
export const degreeLevelSchema = z.enum(degreeLevels);
export const sponsorshipSchema = z.enum(sponsorshipValues);
export const termKeySchema = z
  .string()
  .regex(termKeyPattern, { error: 'A term is a season and a year, such as summer-2026' })
  .transform((value) => value as TermKey);

// Lower-cased, with every run of non-letters as one space: "Data Science, AI & Machine Learning" reads
// "data science ai machine learning", "Master's" reads "master s".
function words(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Every spelling seen in the two feeds (see job-criteria.test.ts, which reads them), plus the French and plain
// forms a partner might type. Matching is on whole normalised text, never on a fragment: "Product Designer" is not
// filed under "product" by accident of a word.
const familySpellings: Record<string, JobFamily> = {
  software: 'software',
  'software engineering': 'software',
  'software development': 'software',
  'ai ml data': 'ai-ml-data',
  'data science ai machine learning': 'ai-ml-data',
  'data science': 'ai-ml-data',
  'machine learning': 'ai-ml-data',
  ai: 'ai-ml-data',
  data: 'ai-ml-data',
  hardware: 'hardware',
  'hardware engineering': 'hardware',
  product: 'product',
  'product management': 'product',
  quant: 'quant',
  'quantitative finance': 'quant',
  other: 'other',
};

/** The family of a feed's category, or null when it is missing or not one we know ("None" included). */
export function familyOf(category: string | null | undefined): JobFamily | null {
  if (!category) return null;
  const key = words(category);
  if (key in familySpellings) return familySpellings[key]!;
  const direct = key.replace(/ /g, '-');
  return (jobFamilies as readonly string[]).includes(direct) ? (direct as JobFamily) : null;
}

const seasonSpellings: Record<string, TermSeason> = {
  winter: 'winter',
  spring: 'spring',
  summer: 'summer',
  fall: 'fall',
  autumn: 'fall',
  hiver: 'winter',
  printemps: 'spring',
  ete: 'summer',
  automne: 'fall',
};

/** "Summer 2026" (or "summer-2026", "Été 2026") as `summer-2026`; null for anything else. */
export function termOf(term: string | null | undefined): TermKey | null {
  if (!term) return null;
  const match = /^([a-z]+) (20\d\d)$/.exec(words(term));
  if (!match) return null;
  const season = seasonSpellings[match[1]!];
  return season ? (`${season}-${match[2]}` as TermKey) : null;
}

/** Where a term falls in time: comparable numbers (year * 4 + season). */
export function termOrder(term: TermKey): number {
  const [season, year] = term.split('-') as [TermSeason, string];
  return Number(year) * 4 + termSeasons.indexOf(season);
}

export function compareTerms(a: TermKey, b: TermKey): number {
  return termOrder(a) - termOrder(b);
}

/** A listing's terms, filed: unique, in calendar order, unknown spellings left out. */
export function termsOf(terms: readonly string[]): TermKey[] {
  const keys = new Set<TermKey>();
  for (const term of terms) {
    const key = termOf(term);
    if (key !== null) keys.add(key);
  }
  return [...keys].sort(compareTerms);
}

// The month each season ends (0-based, in its year): a term is past once it has ended.
const seasonLastMonth: Record<TermSeason, number> = { winter: 3, spring: 5, summer: 8, fall: 11 };

/** Whether `term` ended before `now` (winter 2026 is past from May 2026, summer 2026 from October 2026). */
export function isPastTerm(term: TermKey, now: Date): boolean {
  const [season, year] = term.split('-') as [TermSeason, string];
  const endYear = Number(year);
  const nowYear = now.getUTCFullYear();
  if (endYear !== nowYear) return endYear < nowYear;
  return now.getUTCMonth() > seasonLastMonth[season];
}

const degreeSpellings: Record<string, DegreeLevel> = {
  associate: 'associate',
  'associate s': 'associate',
  associates: 'associate',
  bachelor: 'bachelor',
  'bachelor s': 'bachelor',
  bachelors: 'bachelor',
  master: 'master',
  'master s': 'master',
  masters: 'master',
  phd: 'phd',
  'ph d': 'phd',
  doctorate: 'phd',
  mba: 'mba',
  certificate: 'other',
  bootcamp: 'other',
  jd: 'other',
  md: 'other',
  pharmd: 'other',
};

/**
 * The level of one degree as a feed spells it, or null when it is not a degree we can read. "Incomplete" (seen in
 * the new-grad feed) says nothing about the degree asked for, so it is unknown, not `other`.
 */
export function degreeLevelOf(degree: string | null | undefined): DegreeLevel | null {
  if (!degree) return null;
  return degreeSpellings[words(degree)] ?? null;
}

/** A listing's degrees, filed: unique, in `degreeLevels` order. Empty: the listing does not state one. */
export function degreeLevelsOf(degrees: readonly string[]): DegreeLevel[] {
  const levels = new Set<DegreeLevel>();
  for (const degree of degrees) {
    const level = degreeLevelOf(degree);
    if (level !== null) levels.add(level);
  }
  return degreeLevels.filter((level) => levels.has(level));
}

/** The filed criteria of a listing, computed once at ingestion. */
export type JobCriteria = { family: JobFamily | null; termKeys: TermKey[]; degreeLevels: DegreeLevel[] };

export function criteriaOf(listing: {
  category: string | null;
  terms: readonly string[];
  degrees: readonly string[];
}): JobCriteria {
  return {
    family: familyOf(listing.category),
    termKeys: termsOf(listing.terms),
    degreeLevels: degreeLevelsOf(listing.degrees),
  };
}
