import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import {
  filtersFromSearchParams,
  filtersToQueryString,
  type JobFilters,
} from '../../../../shared/jobs/job-filters-schema.ts';

/** How a change was made: typing replaces the history entry (no entry per keystroke), a choice adds one. */
export type FilterChange = 'typing' | 'choice';

// Writing the URL re-renders every route component (in a transition, but on the same main thread as the next
// keystroke): while typing, the URL follows once the typing pauses.
const typingUrlDelayMs = 700;

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
 * The component renders from local state, updated in the same event as the keystroke; the URL follows (at once for a
 * choice, after a pause for typing) and is read again when someone else navigates (back/forward, a link).
 */
export interface JobFiltersState {
  filters: JobFilters;
  /** Accepts the next filters, or a function of the current ones (for handlers that outlive a render). */
  setFilters: (next: JobFilters | ((current: JobFilters) => JobFilters), change: FilterChange) => void;
  /**
   * The search text as set by anything but typing (the URL, a choice, Clear filters), and a counter of such
   * changes: the search box is uncontrolled, so typing re-renders nothing but the results.
   */
  searchSeed: { text: string; revision: number };
  /** The filters as they are now, typing included, for a handler that reads them on demand (stable). */
  currentFilters: () => JobFilters;
}

export function useJobFilters(): JobFiltersState {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [local, setLocal] = useState(() => {
    const filters = filtersIn(searchParams);
    return { filters, locationKey: location.key, searchSeed: { text: filters.q ?? '', revision: 0 } };
  });
  const pendingUrl = useRef<number | undefined>(undefined);

  let current = local;
  if (local.locationKey !== location.key) {
    const adopt = navigationType === 'POP' || !isOwnNavigation(location.state);
    const filters = adopt ? filtersIn(searchParams) : local.filters;
    const searchSeed = adopt ? { text: filters.q ?? '', revision: local.searchSeed.revision + 1 } : local.searchSeed;
    current = { filters, locationKey: location.key, searchSeed };
    setLocal(current);
  }

  const latest = useRef(current.filters);
  useLayoutEffect(() => {
    latest.current = current.filters;
  });

  // Someone else's navigation (back/forward, a link) drops a URL write still waiting: it belongs to the board as it
  // was. The board's own writes keep it: on a slow device the previous write's render can commit after typing went
  // on and scheduled the next one, which must still happen (else the URL keeps the text before it).
  const foreignNavigation = navigationType === 'POP' || !isOwnNavigation(location.state);
  useEffect(() => {
    if (foreignNavigation) window.clearTimeout(pendingUrl.current);
  }, [location.key, foreignNavigation]);
  // Leaving the page drops it too.
  useEffect(() => () => window.clearTimeout(pendingUrl.current), []);

  const update = useCallback(
    (nextOrUpdate: JobFilters | ((current: JobFilters) => JobFilters), change: FilterChange) => {
      const next = typeof nextOrUpdate === 'function' ? nextOrUpdate(latest.current) : nextOrUpdate;
      latest.current = next;
      setLocal((previous) => ({
        ...previous,
        filters: next,
        searchSeed:
          change === 'typing'
            ? previous.searchSeed
            : { text: next.q ?? '', revision: previous.searchSeed.revision + 1 },
      }));
      // The same page with a new query string, written with readable commas.
      const write = () =>
        void navigate(
          { search: filtersToQueryString(next) },
          {
            replace: change === 'typing',
            preventScrollReset: true,
            state: ownNavigation,
          },
        );
      window.clearTimeout(pendingUrl.current);
      if (change === 'typing') pendingUrl.current = window.setTimeout(write, typingUrlDelayMs);
      else write();
    },
    [navigate],
  );

  const currentFilters = useCallback(() => latest.current, []);

  return { filters: current.filters, setFilters: update, searchSeed: current.searchSeed, currentFilters };
}
