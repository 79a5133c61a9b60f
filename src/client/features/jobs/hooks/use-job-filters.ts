import { useCallback, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import type { JobFilters } from '../../../../shared/jobs/filter-jobs.ts';
import { filtersFromSearchParams, filtersToSearchParams } from '../../../../shared/jobs/job-filters-schema.ts';

/** How a change was made: typing replaces the history entry (no entry per keystroke), a choice adds one. */
export type FilterChange = 'typing' | 'choice';

const ownNavigation = { jobFilters: true } as const;

function filtersIn(params: URLSearchParams): JobFilters {
  const { offset: _offset, limit: _limit, ...filters } = filtersFromSearchParams(params);
  return filters;
}

function isOwnNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { jobFilters?: unknown }).jobFilters === true;
}

/**
 * The board's filters, kept in the URL query so a filtered board can be shared and survives a reload.
 * The component renders from local state, updated in the same event as the keystroke (the router applies URL changes
 * in a transition, a beat later); the URL is read again when someone else navigates (back/forward, a link).
 */
export function useJobFilters(): [JobFilters, (next: JobFilters, change: FilterChange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [local, setLocal] = useState(() => ({ filters: filtersIn(searchParams), locationKey: location.key }));

  let current = local;
  if (local.locationKey !== location.key) {
    const adopt = navigationType === 'POP' || !isOwnNavigation(location.state);
    current = { filters: adopt ? filtersIn(searchParams) : local.filters, locationKey: location.key };
    setLocal(current);
  }

  const update = useCallback(
    (next: JobFilters, change: FilterChange) => {
      setLocal((previous) => ({ ...previous, filters: next }));
      setSearchParams(filtersToSearchParams(next), {
        replace: change === 'typing',
        preventScrollReset: true,
        state: ownNavigation,
      });
    },
    [setSearchParams],
  );

  return [current.filters, update];
}
