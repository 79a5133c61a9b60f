import { startTransition, useEffect, useState } from 'react';
import type { IndexedJob, JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import type { JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { boardFacets, boardFacetsInSlices } from '../board-search.ts';

type Counted = { base: readonly IndexedJob[] | null; choices: string; facets: JobFacets | null };

/**
 * The filter options with their counts for `base` (the search result) under `filters`. A choice from a list (a new
 * `choices` key) or the board becoming searchable counts them at once. While a search is typed the options of the
 * previous result stay: nobody reads them mid-word, and counting them over 20,000 jobs costs more than the search.
 * Once the text has rested for `delayMs` they are counted in slices between frames, so a keystroke arriving then is
 * never held up behind the count.
 */
export function useBoardFacets(
  base: readonly IndexedJob[] | null,
  filters: JobFilters,
  choices: string,
  delayMs: number,
): JobFacets | null {
  const [counted, setCounted] = useState<Counted>(() => ({
    base,
    choices,
    facets: base ? boardFacets(base, filters) : null,
  }));

  let current = counted;
  if (counted.choices !== choices || (counted.base === null) !== (base === null)) {
    current = { base, choices, facets: base ? boardFacets(base, filters) : null };
    setCounted(current);
  }

  const waiting = current.base !== base;
  useEffect(() => {
    if (!waiting || base === null) return;
    const run = { cancelled: false };
    const timer = window.setTimeout(() => {
      void boardFacetsInSlices(base, filters, run).then((facets) => {
        if (facets !== null) startTransition(() => setCounted({ base, choices, facets }));
      });
    }, delayMs);
    return () => {
      run.cancelled = true;
      window.clearTimeout(timer);
    };
  }, [waiting, base, filters, choices, delayMs]);

  return current.facets;
}
