import { EmptyState, Flex, HStack, Link, SimpleGrid, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearchX, LuTriangleAlert, LuWifiOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { clientPaths } from '../../../../shared/client-routes.ts';
import { jobBoardQueryDefaults, type JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { Button } from '../../../components/ui/button.tsx';
import { touchTargetHeight } from '../../../components/ui/touch-target.ts';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { fromBoardState, rememberBoardSearch } from '../board-return.ts';
import { useJobBoard, type BoardProblem } from '../hooks/use-job-board.ts';
import { useJobFilters } from '../hooks/use-job-filters.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { prerenderView } from '../../../lib/prerender-view.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import {
  rememberShellCards,
  shellCardsMarkup,
  shellCardsOnScreen,
  type ShellCardListKey,
} from '../../../lib/signed-in-shell.ts';
import { BoardFreshness } from './board-freshness.tsx';
import { JobCardGrid, JobCardList } from './job-card-list.tsx';
import { JobCardSkeleton } from './job-card-skeleton.tsx';
import { JobFilterBar } from './job-filter-bar.tsx';
import { BoardHasQueryContext, BoardTotalContext } from './board-result-context.ts';

const unfiltered: JobFilters = { type: jobBoardQueryDefaults.type };

/** Spec section 9: the skeleton count is the limit, or 6. */
const defaultSkeletonCount = 6;

interface JobListProps {
  /** A fixed number of jobs (the dashboard shows 10): no filters and no infinite scroll. */
  limit?: number;
}

/** "2 hidden as not interested · Show": the student's dismissed jobs are left out of this list, never silently. */
function HiddenNote({ count }: { count: number }) {
  const { t } = useTranslation('jobs');
  return (
    <HStack gap="1.5" textStyle="sm" color="fg.muted" data-testid="job-hidden-count">
      <Text>{t('dismissed.hiddenCount', { count })}</Text>
      <Text aria-hidden>·</Text>
      <Link asChild fontWeight="medium" color="brand.fg" css={touchTargetHeight}>
        <RouterLink to={clientPaths.dismissedJobs} aria-label={t('dismissed.showHidden')}>
          {t('dismissed.show')}
        </RouterLink>
      </Link>
    </HStack>
  );
}

function ProblemState({ problem, onRetry }: { problem: BoardProblem; onRetry: () => void }) {
  const { t } = useTranslation('jobs');
  const offline = problem.kind === 'offline';
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" size="md" role="alert">
      <EmptyState.Content>
        <EmptyState.Indicator>{offline ? <LuWifiOff /> : <LuTriangleAlert />}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{t(offline ? 'list.offlineTitle' : 'list.errorTitle')}</EmptyState.Title>
          <EmptyState.Description maxW="sm">
            {offline
              ? t('list.offlineDescription')
              : problem.code
                ? errorCodeText(t, problem.code)
                : t('list.errorDescription')}
          </EmptyState.Description>
        </Stack>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The signed-in shell's picture of this list (decision record 017): once the app shows the plain board (no filters),
 * its first cards are kept for the shell of the next visit; while the list loads, the cards the shell on screen
 * showed stay (inert) instead of skeletons.
 */
function useShellCards(
  key: ShellCardListKey,
  board: { status: string; stale: boolean; jobs: readonly unknown[] },
  plain: boolean,
  countText: string,
) {
  const listRef = useRef<HTMLElement>(null);
  const [picture] = useState(() => shellCardsOnScreen(key));
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const locale = useLocale();
  useEffect(() => {
    const list = listRef.current;
    if (!uid || !plain || !list || board.status !== 'ready' || board.stale || board.jobs.length === 0) return;
    rememberShellCards(uid, key, {
      locale,
      listClass: list.className,
      items: shellCardsMarkup(list),
      count: countText,
    });
  }, [uid, key, plain, locale, board.status, board.stale, board.jobs, countText]);
  return { listRef, picture: board.status === 'loading' ? picture : null };
}

/**
 * The job list of the board (/jobs) and of the dashboard (`limit` 10). Featured jobs first, then the newest
 * listings. On the board: filters in the URL, 20 jobs more each time the last card scrolls into view.
 */
export function JobList({ limit }: JobListProps) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const showFilters = limit === undefined;
  const { filters: urlFilters, setFilters, searchSeed, currentFilters } = useJobFilters();
  // The dashboard's list is the plain board: its URL has nothing to do with job filters.
  const filters = showFilters ? urlFilters : unfiltered;
  const hasQuery = Boolean(filters.q?.trim());
  const board = useJobBoard(filters, limit);
  // The job page's "Back to jobs" returns to these filters.
  useEffect(() => {
    if (showFilters) rememberBoardSearch(board.resultKey);
  }, [showFilters, board.resultKey]);

  const filtered = board.resultKey !== '';
  const countText =
    board.status === 'ready'
      ? limit !== undefined && board.total > board.jobs.length
        ? t('list.resultCountLimited', { count: board.jobs.length, total: board.total })
        : t('list.resultCount', { count: board.total })
      : board.status === 'loading'
        ? t('list.loading')
        : '';
  const shellKey: ShellCardListKey = showFilters ? 'board' : 'dashboard';
  const { listRef, picture } = useShellCards(shellKey, board, !filtered, countText);
  // Build time only: the signed-in shell's empty frame for the last cards this student saw.
  const shell = prerenderView().shell === true && typeof window === 'undefined';

  return (
    <Stack gap="4">
      {showFilters ? (
        <BoardTotalContext value={board.status === 'ready' ? board.total : null}>
          <BoardHasQueryContext value={hasQuery}>
            <JobFilterBar
              choices={filters}
              facets={board.facets}
              searchSeed={searchSeed}
              onChange={setFilters}
              currentFilters={currentFilters}
            />
          </BoardHasQueryContext>
        </BoardTotalContext>
      ) : null}

      <Flex align="center" justify="space-between" gap="2" wrap="wrap" minH="6">
        <Text
          textStyle="sm"
          fontWeight="medium"
          aria-live="polite"
          data-shell-count={shell ? shellKey : undefined}
          data-testid="job-results-count"
          data-result-key={board.resultKey}
          data-source={board.source ?? undefined}
        >
          {picture ? picture.count : countText}
        </Text>
        <BoardFreshness refreshedAt={board.refreshedAt} />
      </Flex>
      {board.status === 'ready' && board.hidden > 0 ? <HiddenNote count={board.hidden} /> : null}

      {shell ? <JobCardGrid label={t('list.label')} data-shell-cards={shellKey} /> : null}
      {picture ? (
        <JobCardGrid label={t('list.label')} picture={picture.items} />
      ) : board.status === 'loading' ? (
        <SimpleGrid
          columns={{ base: 1, md: 2 }}
          gap="3"
          aria-busy="true"
          data-shell-skeletons={shell ? shellKey : undefined}
        >
          {Array.from({ length: limit ?? defaultSkeletonCount }, (_, index) => (
            <JobCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : board.status === 'error' && board.problem ? (
        <ProblemState problem={board.problem} onRetry={board.retry} />
      ) : board.jobs.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" size="md" data-testid="jobs-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuSearchX />
            </EmptyState.Indicator>
            <EmptyState.Title textAlign="center">{t('list.empty')}</EmptyState.Title>
            {filtered && showFilters ? (
              <Button variant="outline" size="sm" onClick={() => setFilters(unfiltered, 'choice')}>
                {t('list.clearFilters')}
              </Button>
            ) : null}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <JobCardList
          jobs={board.jobs}
          locale={locale}
          onReachEnd={board.hasMore ? board.loadMore : undefined}
          label={t('list.label')}
          stale={board.stale}
          linkState={showFilters ? fromBoardState : undefined}
          listRef={listRef}
        />
      )}

      {board.loadingMore ? (
        <Flex justify="center" py="4" role="status">
          <Spinner size="sm" color="brand.solid" />
          <VisuallyHidden>{t('list.loadingMore')}</VisuallyHidden>
        </Flex>
      ) : null}
      {board.status === 'ready' && board.problem ? (
        <Flex justify="center" align="center" gap="3" py="2" role="alert">
          <Text textStyle="sm" color="fg.muted">
            {board.problem.kind === 'offline' ? t('list.loadMoreOffline') : t('list.loadMoreFailed')}
          </Text>
          <Button variant="outline" size="sm" onClick={board.retry}>
            {t('list.retry')}
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
