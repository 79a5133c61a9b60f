import type { WorkMode } from '../../../shared/jobs/board-place.ts';
import type { DegreeLevel, JobFamily, TermKey } from '../../../shared/jobs/job-criteria.ts';
import {
  jobBoardQueryDefaults,
  withCountry,
  withState,
  type JobFilters,
} from '../../../shared/jobs/job-filters-schema.ts';
import type { JobTypeFilter } from '../../../shared/jobs/listing-schemas.ts';
import type { PostedWithin } from '../../../shared/jobs/posted-within.ts';

// The active filters as removable chips (under the search box, on a phone and on a desktop). The search text and
// the order are not chips: the search box shows the one and the order is not a filter.

export type FilterChip =
  | { key: 'type'; value: Exclude<JobTypeFilter, 'all'> }
  | { key: 'country' | 'state' | 'city'; value: string }
  | { key: 'mode'; value: WorkMode }
  | { key: 'posted'; value: PostedWithin }
  | { key: 'category'; value: JobFamily }
  | { key: 'term'; value: TermKey }
  | { key: 'degree'; value: DegreeLevel }
  | { key: 'sponsorship'; value: 'yes' };

/** One chip per active filter, and one per value of a multi-select filter, in the schema's order. */
export function filterChips(filters: JobFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.type !== jobBoardQueryDefaults.type) chips.push({ key: 'type', value: filters.type });
  if (filters.country) chips.push({ key: 'country', value: filters.country });
  if (filters.state) chips.push({ key: 'state', value: filters.state });
  if (filters.city) chips.push({ key: 'city', value: filters.city });
  if (filters.mode) chips.push({ key: 'mode', value: filters.mode });
  if (filters.posted) chips.push({ key: 'posted', value: filters.posted });
  for (const value of filters.category ?? []) chips.push({ key: 'category', value });
  for (const value of filters.term ?? []) chips.push({ key: 'term', value });
  for (const value of filters.degree ?? []) chips.push({ key: 'degree', value });
  if (filters.sponsorship) chips.push({ key: 'sponsorship', value: filters.sponsorship });
  return chips;
}

/** A stable React key and test id part for a chip. */
export function chipId(chip: FilterChip): string {
  return `${chip.key}-${chip.value}`;
}

function withoutValue<T extends string>(values: readonly T[] | undefined, value: T): T[] | undefined {
  const rest = (values ?? []).filter((item) => item !== value);
  return rest.length > 0 ? rest : undefined;
}

/**
 * The filters without one chip. Removing a place removes the places inside it too (no state without its country),
 * as choosing another country does.
 */
export function withoutChip(filters: JobFilters, chip: FilterChip): JobFilters {
  switch (chip.key) {
    case 'type':
      return { ...filters, type: jobBoardQueryDefaults.type };
    case 'country':
      return withCountry(filters, undefined);
    case 'state':
      return withState(filters, undefined);
    case 'city':
      return { ...filters, city: undefined };
    case 'mode':
      return { ...filters, mode: undefined };
    case 'posted':
      return { ...filters, posted: undefined };
    case 'category':
      return { ...filters, category: withoutValue(filters.category, chip.value) };
    case 'term':
      return { ...filters, term: withoutValue(filters.term, chip.value) };
    case 'degree':
      return { ...filters, degree: withoutValue(filters.degree, chip.value) };
    case 'sponsorship':
      return { ...filters, sponsorship: undefined };
  }
}

/** "Clear all": no chip left; the search text and the order stay. */
export function withoutChips(filters: JobFilters): JobFilters {
  return { type: jobBoardQueryDefaults.type, q: filters.q, sort: filters.sort };
}
