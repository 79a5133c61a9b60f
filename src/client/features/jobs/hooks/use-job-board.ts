import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IndexedJob, JobFacets } from '../../../../shared/jobs/filter-jobs.ts';
import {
  filtersToSearchParams,
  jobChoiceKeys,
  jobListPageSize,
  type JobFilters,
} from '../../../../shared/jobs/job-filters-schema.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDismissedJobIds } from '../../dismissed-jobs/index.ts';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import { rememberedWindow, rememberWindow } from '../board-return.ts';
import { filterBoardChoices, searchBoardText } from '../board-search.ts';
import { growWindow, visibleCount, windowForResult, type VisibleWindow } from '../visible-count.ts';
import { useBoardIndex } from './use-board-index.ts';
import { useBoardSnapshot, useBoardSnapshotRefresh } from './use-board-snapshot.ts';
import { useRemoteBoard } from './use-remote-board.ts';
import { useSearchableQuery } from './use-searchable-query.ts';
import { useBoardFacets } from './use-board-facets.ts';

export type BoardProblem =
  /** No local copy and no network. */
  | { kind: 'offline' }
  /** The server answered with an error (its code) or the request failed otherwise. */
  | { kind: 'failed'; code: ErrorCode | null };

export interface JobBoardView {
  status: 'loading' | 'ready' | 'error';
  /** The jobs to render, in board order. */
  jobs: BoardJob[];
  total: number;
  /** Jobs of this result left out because the student dismissed them (not in `jobs` or `total`). */
  hidden: number;
  facets: JobFacets;
  /** More jobs exist beyond `jobs` (and the list has no fixed limit): the last card asks for them. */
  hasMore: boolean;
  loadMore: () => void;
  /** The next page is on its way from the server. */
  loadingMore: boolean;
  /** Results of the previous filters, shown while the new ones load from the server. */
  stale: boolean;
  /** `local`: searched on this device; `remote`: pages from the server (until the board is local). */
  source: 'local' | 'remote' | null;
  /** When the data was last refreshed: the server's time if it says, else when this device saved it. */
  refreshedAt: number | null;
  problem: BoardProblem | null;
  retry: () => void;
  /** Which filters the shown result belongs to (filtersToSearchParams), for tests and benchmarks. */
  resultKey: string;
}

const noFacets: JobFacets = { countries: [], states: [], cities: [], categories: [], terms: [], degrees: [] };

// How long the search must rest before the select options are recomputed for it.
const facetsDelayMs = 500;

function toTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** The cards (posting groups) that hold a dismissed posting. */
function groupsOf(index: readonly IndexedJob[] | null, dismissedIds: ReadonlySet<string>): ReadonlySet<number> {
  const groups = new Set<number>();
  if (!index || dismissedIds.size === 0) return groups;
  for (const entry of index) if (dismissedIds.has(entry.job.id)) groups.add(entry.group);
  return groups;
}

/** The search result split into the postings shown and those of dismissed cards (no copy when none is dismissed). */
function splitDismissed(
  base: readonly IndexedJob[],
  dismissedGroups: ReadonlySet<number>,
): { shown: readonly IndexedJob[]; dismissed: IndexedJob[] } {
  if (dismissedGroups.size === 0) return { shown: base, dismissed: [] };
  const shown: IndexedJob[] = [];
  const dismissed: IndexedJob[] = [];
  for (const entry of base) (dismissedGroups.has(entry.group) ? dismissed : shown).push(entry);
  return { shown, dismissed };
}

function problemOf(error: unknown): BoardProblem {
  if (error instanceof ApiError) return { kind: 'failed', code: error.code };
  // fetch() rejects with a TypeError when there is no network (and the service worker has no copy either).
  if (!navigator.onLine || error instanceof TypeError) return { kind: 'offline' };
  return { kind: 'failed', code: null };
}

/**
 * The job list's data (spec sections 2 and 4): from the server until the whole board is on the device, then searched
 * locally with the same rules as the server (instant, and offline). Shows `jobListPageSize` more per `loadMore`,
 * back to the first page whenever the filters change; `limit` caps it for good (the dashboard shows 10).
 */
export function useJobBoard(requested: JobFilters, limit?: number): JobBoardView {
  // The first regular expression of a page load waits for the search's RE2 engine: the result of the last text the
  // device could search stays meanwhile, and `resultKey` says so.
  const q = useSearchableQuery(requested.q ?? '');
  const filters = useMemo(() => (q === (requested.q ?? '') ? requested : { ...requested, q }), [requested, q]);
  const resultKey = useMemo(() => filtersToSearchParams(filters).toString(), [filters]);
  // The board (no fixed limit) comes back with as many cards as it had, so the way back from a job keeps its place.
  const [visible, setVisible] = useState<VisibleWindow>(() => ({
    key: resultKey,
    count: (limit === undefined ? rememberedWindow(resultKey) : null) ?? jobListPageSize,
  }));
  const [retryToken, setRetryToken] = useState(0);
  const effectiveWindow = windowForResult(visible, resultKey, jobListPageSize);
  const wanted = Math.min(effectiveWindow.count, limit ?? Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (limit === undefined) rememberWindow(effectiveWindow.key, effectiveWindow.count);
  }, [limit, effectiveWindow.key, effectiveWindow.count]);

  const snapshot = useBoardSnapshot();
  // Built in slices once the list has painted; until then the server's pages (or the worker's cached copy) show.
  const index = useBoardIndex(snapshot);
  // Keystroke path: the matching jobs (and their count) at once. The select options (facets) follow once typing
  // pauses: together they are what referenceQueryJobs answers, but facets over 20,000 matches cost more than the search.
  const textMatches = useMemo(
    () => (index ? searchBoardText(index, filters.type, filters.q ?? '') : null),
    [index, filters.type, filters.q],
  );
  // The jobs the student dismissed leave the result here, before anything counts it: on the device the whole board is
  // known, so the total, the select options and the number hidden are exact. A job is dismissed per posting (the one
  // its card led with), and its whole card goes: every posting of a group that holds a dismissed one. (Server pages,
  // below, are the same for everyone: the public endpoint is sent nothing personal, and dismissed cards are left out
  // of each page.)
  const dismissedIds = useDismissedJobIds();
  const dismissedGroups = useMemo(() => groupsOf(index, dismissedIds), [index, dismissedIds]);
  const split = useMemo(
    () => (textMatches ? splitDismissed(textMatches, dismissedGroups) : null),
    [textMatches, dismissedGroups],
  );
  const base = split?.shown ?? null;
  const matches = useMemo(() => (base ? filterBoardChoices(base, filters) : null), [base, filters]);
  const hiddenMatches = useMemo(
    () => (split && split.dismissed.length > 0 ? filterBoardChoices(split.dismissed, filters).length : 0),
    [split, filters],
  );
  // A choice from a list (not typing) recomputes the options at once.
  const choices = [snapshot?.version, ...jobChoiceKeys.map((key) => filters[key])].join('|');
  const localFacets = useBoardFacets(base, filters, choices, facetsDelayMs);
  const local = matches && localFacets ? { matches, facets: localFacets } : null;
  const remote = useRemoteBoard(filters, resultKey, wanted, local === null, retryToken, dismissedIds);
  useBoardSnapshotRefresh(snapshot, remote.answered);

  const total = (local ? matches?.length : remote.current?.total) ?? 0;
  const loadMore = useCallback(() => {
    setVisible((previous) => growWindow(windowForResult(previous, resultKey, jobListPageSize), total, jobListPageSize));
  }, [resultKey, total]);
  const retry = useCallback(() => setRetryToken((token) => token + 1), []);

  const common = { loadMore, retry, resultKey, loadingMore: false };

  if (local && snapshot) {
    const shown = visibleCount(effectiveWindow, local.matches.length, limit);
    return {
      ...common,
      status: 'ready',
      jobs: local.matches.slice(0, shown),
      total: local.matches.length,
      hidden: hiddenMatches,
      facets: local.facets,
      hasMore: limit === undefined && shown < local.matches.length,
      stale: false,
      source: 'local',
      refreshedAt: toTime(snapshot.refreshedAt) ?? snapshot.savedAt,
      problem: null,
    };
  }

  const current = remote.current;
  if (current && current.jobs.length > 0) {
    const shown = visibleCount(effectiveWindow, current.total, limit);
    return {
      ...common,
      status: 'ready',
      jobs: current.jobs.slice(0, shown),
      total: current.total,
      hidden: current.hidden,
      facets: current.facets,
      hasMore: limit === undefined && current.status === 'ready' && shown < current.total,
      loadingMore: current.status === 'ready' && current.jobs.length < shown,
      stale: false,
      source: 'remote',
      refreshedAt: toTime(current.refreshedAt),
      problem: current.status === 'error' ? problemOf(current.error) : null,
    };
  }
  const nothing = {
    ...common,
    jobs: [] as BoardJob[],
    total: 0,
    hidden: current?.hidden ?? 0,
    hasMore: false,
    stale: false,
    problem: null,
  };
  // Pages holding only dismissed jobs so far: the next page is on its way, not an empty result.
  if (current?.status === 'ready' && current.total === 0) {
    const refreshedAt = toTime(current.refreshedAt);
    return { ...nothing, status: 'ready', facets: current.facets, source: 'remote', refreshedAt };
  }
  // An error shows only once IndexedDB has been read and its board indexed: until then the local copy may still
  // cover a network failure.
  if (current?.status === 'error' && (snapshot === null || (snapshot !== undefined && index !== null))) {
    const problem = problemOf(current.error);
    return { ...nothing, status: 'error', facets: noFacets, source: null, refreshedAt: null, problem };
  }
  const previous = remote.previous;
  if (previous) {
    return {
      ...nothing,
      status: 'ready',
      jobs: previous.jobs.slice(0, limit ?? jobListPageSize),
      total: previous.total,
      hidden: previous.hidden,
      facets: previous.facets,
      stale: true,
      source: 'remote',
      refreshedAt: toTime(previous.refreshedAt),
      resultKey: previous.key,
    };
  }
  return { ...nothing, status: 'loading', facets: noFacets, source: null, refreshedAt: null };
}
