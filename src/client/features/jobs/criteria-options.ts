import type { FacetValue } from '../../../shared/jobs/filter-jobs.ts';
import {
  compareTerms,
  degreeLevels,
  isPastTerm,
  jobFamilies,
  termKeyPattern,
  type DegreeLevel,
  type JobFamily,
  type TermKey,
} from '../../../shared/jobs/job-criteria.ts';

// The options of the board's multi-select filters (role family, term, degree): the values the current result has,
// each with its count under the other active filters (the board's facets), plus every chosen value even when the
// result no longer has it (count 0), so a choice can always be seen and undone.

export type CriteriaOption<V extends string> = { value: V; count: number };

function countsOf(facets: readonly FacetValue[]): Map<string, number> {
  return new Map(facets.map((facet) => [facet.value, facet.count]));
}

function listedOptions<V extends string>(
  order: readonly V[],
  facets: readonly FacetValue[],
  chosen: readonly V[] | undefined,
): CriteriaOption<V>[] {
  const counts = countsOf(facets);
  return order
    .map((value) => ({ value, count: counts.get(value) ?? 0 }))
    .filter((option) => option.count > 0 || (chosen ?? []).includes(option.value));
}

/** Role families in the board's order. */
export function familyOptions(facets: readonly FacetValue[], chosen: readonly JobFamily[] | undefined) {
  return listedOptions(jobFamilies, facets, chosen);
}

/** Degree levels, lowest first. */
export function degreeOptions(facets: readonly FacetValue[], chosen: readonly DegreeLevel[] | undefined) {
  return listedOptions(degreeLevels, facets, chosen);
}

function isTermKey(value: string): value is TermKey {
  return termKeyPattern.test(value);
}

/**
 * Terms in calendar order. Terms that have ended are left out unless `showPast` (they stay searchable, and a chosen
 * one stays listed); `hiddenPast` says how many were left out, for the "Show past terms" switch.
 */
export function termOptions(
  facets: readonly FacetValue[],
  chosen: readonly TermKey[] | undefined,
  { now, showPast }: { now: Date; showPast: boolean },
): { options: CriteriaOption<TermKey>[]; hiddenPast: number } {
  const counts = countsOf(facets);
  const picked = new Set<string>(chosen ?? []);
  const values = [...new Set([...facets.map((facet) => facet.value), ...picked])].filter(isTermKey).sort(compareTerms);
  const options: CriteriaOption<TermKey>[] = [];
  let hiddenPast = 0;
  for (const value of values) {
    const count = counts.get(value) ?? 0;
    if (count === 0 && !picked.has(value)) continue;
    if (!showPast && !picked.has(value) && isPastTerm(value, now)) hiddenPast += 1;
    else options.push({ value, count });
  }
  return { options, hiddenPast };
}

/**
 * A multi-select's new values in the filter schema's canonical order (what reading them back from the URL gives),
 * or undefined for none, so equal choices are equal filters.
 */
export function chosenFamilies(values: readonly string[]): JobFamily[] | undefined {
  const families = jobFamilies.filter((family) => values.includes(family));
  return families.length > 0 ? families : undefined;
}

export function chosenDegrees(values: readonly string[]): DegreeLevel[] | undefined {
  const levels = degreeLevels.filter((level) => values.includes(level));
  return levels.length > 0 ? levels : undefined;
}

export function chosenTerms(values: readonly string[]): TermKey[] | undefined {
  const terms = [...new Set(values)].filter(isTermKey).sort(compareTerms);
  return terms.length > 0 ? terms : undefined;
}
