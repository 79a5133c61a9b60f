import type { DegreeLevel, JobFamily, TermKey } from '../../../shared/jobs/job-criteria.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import { degreeLevelSchema, interestsSchema, targetTermsSchema } from '../../../shared/profile/job-preferences.ts';

// "Match my profile" on the board: the student's own criteria (what they look for) as board filters. Only the role
// families, terms and degree: sponsorship never narrows the board unless the student chooses that filter themselves.

/** The board filters a profile's criteria set; a criterion the profile leaves empty is no filter. */
export type ProfileCriteria = Pick<JobFilters, 'category' | 'term' | 'degree'>;

const criteriaKeys = ['category', 'term', 'degree'] as const satisfies readonly (keyof ProfileCriteria)[];

function nonEmpty<T>(values: T[] | undefined): T[] | undefined {
  return values && values.length > 0 ? values : undefined;
}

/**
 * The criteria of a profile as the device keeps it, or null when it states none. Read leniently: a copy saved by an
 * older version of the app lacks the fields, and a value the schemas refuse counts as not stated.
 */
export function profileCriteria(profile: unknown): ProfileCriteria | null {
  if (typeof profile !== 'object' || profile === null) return null;
  const fields = profile as Record<string, unknown>;
  const interests = interestsSchema.safeParse(fields.interests);
  const terms = targetTermsSchema.safeParse(fields.targetTerms);
  const degree = degreeLevelSchema.safeParse(fields.degreeLevel);
  const criteria: ProfileCriteria = {
    category: nonEmpty<JobFamily>(interests.success ? interests.data : undefined),
    term: nonEmpty<TermKey>(terms.success ? terms.data : undefined),
    degree: degree.success ? [degree.data as DegreeLevel] : undefined,
  };
  return criteriaKeys.some((key) => criteria[key] !== undefined) ? criteria : null;
}

function sameValues(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** Whether the board shows exactly the profile's criteria (both are in the schema's canonical order). */
export function matchesProfile(filters: JobFilters, criteria: ProfileCriteria): boolean {
  return criteriaKeys.every((key) => sameValues(filters[key], criteria[key]));
}

/** The filters with the profile's criteria in place of the family, term and degree filters; the others stay. */
export function withProfileCriteria(filters: JobFilters, criteria: ProfileCriteria): JobFilters {
  return { ...filters, category: criteria.category, term: criteria.term, degree: criteria.degree };
}

/** "Match my profile" turned off: no family, term or degree filter. */
export function withoutProfileCriteria(filters: JobFilters): JobFilters {
  return { ...filters, category: undefined, term: undefined, degree: undefined };
}
