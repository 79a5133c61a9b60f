import { startTransition, useEffect, useMemo, useState } from 'react';
import type { JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import type { JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { jobListPageSize } from '../../../../shared/jobs/job-filters-schema.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { postingsOf } from '../../../../shared/jobs/posting-groups.ts';
import { getBoardPage } from '../api/get-board-page.ts';

/** Pages of the board as the server filtered them, for the filters with key `key`. */
export interface RemoteBoard {
  key: string;
  jobs: BoardJob[];
  total: number;
  /** Jobs of the pages received that the student dismissed: left out of `jobs` and `total` in the view. */
  hidden: number;
  facets: JobFacets;
  version: string | null;
  refreshedAt: string | null;
  status: 'ready' | 'error';
  error: unknown;
  /** The retry token in force when the last request failed: a new token means "try again". */
  failedToken: number | null;
}

const noFacets: JobFacets = { countries: [], states: [], cities: [], categories: [], terms: [], degrees: [] };

function emptyBoard(key: string): RemoteBoard {
  return {
    key,
    jobs: [],
    total: 0,
    hidden: 0,
    facets: noFacets,
    version: null,
    refreshedAt: null,
    status: 'ready',
    error: null,
    failedToken: null,
  };
}

// Typing in the search box before the board is local would otherwise send one request per keystroke.
const typingDelayMs = 250;

function appendUnique(existing: readonly BoardJob[], page: readonly BoardJob[]): BoardJob[] {
  const seen = new Set(existing.map((job) => job.id));
  return [...existing, ...page.filter((job) => !seen.has(job.id))];
}

/**
 * The board as shown: without the cards holding a posting the student dismissed. Only the pages received can be
 * checked, so the total drops by the dismissed cards found so far; one still on a later page counts until it arrives.
 */
function withoutDismissed(board: RemoteBoard | null, dismissedIds: ReadonlySet<string>): RemoteBoard | null {
  if (!board || dismissedIds.size === 0) return board;
  const jobs = board.jobs.filter((card) => !postingsOf(card).some((posting) => dismissedIds.has(posting.id)));
  const hidden = board.jobs.length - jobs.length;
  return hidden === 0 ? board : { ...board, jobs, total: board.total - hidden, hidden };
}

export interface RemoteBoardView {
  /** The answer for the current filters, or null until the first page of it arrives. */
  current: RemoteBoard | null;
  /** The answer for the previous filters, shown dimmed while the new one loads. */
  previous: RemoteBoard | null;
  /** Some request has been answered (with jobs or an error): the big snapshot download may start. */
  answered: boolean;
}

/**
 * Server-side paging, used until the whole board is on the device: the first 20 cards come from one small request,
 * and each scroll step asks for the next 20. `wanted` is how many jobs the list would like to show, not counting
 * `dismissedIds`: pages go on being fetched until that many are left once the dismissed ones are taken out.
 */
export function useRemoteBoard(
  filters: JobFilters,
  key: string,
  wanted: number,
  enabled: boolean,
  retryToken: number,
  dismissedIds: ReadonlySet<string>,
): RemoteBoardView {
  const [board, setBoard] = useState<RemoteBoard | null>(null);
  const current = board?.key === key ? board : null;
  const loaded = current?.jobs.length ?? 0;
  const complete = current !== null && current.status === 'ready' && loaded >= current.total;
  const retrying = current?.status === 'error' && current.failedToken !== retryToken;
  const shown = useMemo(() => withoutDismissed(board, dismissedIds), [board, dismissedIds]);
  const shownCount = current ? (shown?.jobs.length ?? 0) : 0;
  const needsPage =
    enabled && !complete && (current === null || retrying || (current.status === 'ready' && shownCount < wanted));
  const offset = current === null ? 0 : loaded;
  const firstRequest = board === null;

  useEffect(() => {
    if (!needsPage) return;
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => {
        getBoardPage(filters, offset, jobListPageSize, controller.signal).then(
          (page) => {
            // A page of cards is a long render on a phone: as a transition React renders it in slices.
            startTransition(() =>
              setBoard((previous) => {
                const base = previous?.key === key && offset > 0 ? previous : emptyBoard(key);
                return {
                  key,
                  jobs: offset > 0 ? appendUnique(base.jobs, page.jobs) : page.jobs,
                  total: page.total,
                  hidden: 0,
                  facets: page.facets,
                  version: page.version,
                  refreshedAt: page.refreshedAt,
                  status: 'ready',
                  error: null,
                  failedToken: null,
                };
              }),
            );
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setBoard((previous) => ({
              ...(previous?.key === key ? previous : emptyBoard(key)),
              status: 'error',
              error,
              failedToken: retryToken,
            }));
          },
        );
      },
      firstRequest || offset > 0 ? 0 : typingDelayMs,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // retryToken: a Retry press (or coming back online) asks again for the same page.
  }, [needsPage, filters, key, offset, firstRequest, retryToken]);

  return {
    current: current ? shown : null,
    previous: shown && shown.key !== key && shown.status === 'ready' ? shown : null,
    answered: board !== null,
  };
}
