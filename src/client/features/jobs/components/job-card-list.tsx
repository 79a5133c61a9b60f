import { SimpleGrid } from '@chakra-ui/react';
import {
  createContext,
  memo,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
  type MouseEvent,
  type Ref,
} from 'react';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import type { Locale } from '../../../../shared/locale.ts';
import { useTranslation } from 'react-i18next';
import { snapshotOf, useSavedJobs } from '../../saved-jobs/index.ts';
import { useDismissedJobs } from '../../dismissed-jobs/index.ts';
import { noteListingOpened, useTrackedApplications } from '../../tracked-applications/index.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { ReportJobDialogFor } from '../../moderation/index.ts';
import { useAppliedJobIds } from '../hooks/use-applied-job-ids.ts';
import { useNeedsSponsorship } from '../hooks/use-needs-sponsorship.ts';
import { criteriaLabels } from '../job-criteria-text.ts';
import { useNow } from '../../../lib/use-now.ts';
import { startOfDay } from '../job-dates.ts';
import { JobCard, type JobCardLabels } from './job-card.tsx';
import { jobCardListStyles } from './job-card-list-styles.ts';

interface CardItemsState {
  jobs: readonly BoardJob[];
  locale: Locale;
  labels: JobCardLabels;
  /** Called each time the last card scrolls into view (spec section 2: 20 more per step); omit when all are shown. */
  onReachEnd?: () => void;
  today?: number;
  savedIds?: ReadonlySet<string>;
  onToggleSave?: (job: BoardJob, saved: boolean) => void;
  dismissedIds?: ReadonlySet<string>;
  onToggleDismiss?: (job: BoardJob, dismissed: boolean) => void;
  /** Jobs that left the board (the Saved view). */
  closedIds?: ReadonlySet<string>;
  /** Jobs the student applied to: marked "Applied". */
  appliedIds?: ReadonlySet<string>;
  /** Jobs the student tracks (applied on the employer's site): marked "Applied (tracked) · {stage}". */
  trackedMarks?: ReadonlyMap<string, string>;
  /** A line per job id under its title. */
  notes?: ReadonlyMap<string, string>;
  /** Router state for featured jobs' links. */
  linkState?: unknown;
  /** The student needs visa sponsorship: jobs that do not sponsor are marked. */
  needsSponsorship?: boolean;
  /** A signed-in student reports a feed listing. */
  onReport?: (job: BoardJob) => void;
}

// Start loading a little before the last card is reached, so scrolling rarely waits.
const reachEndMargin = '0px 0px 300px 0px';

const CardItemsContext = createContext<CardItemsState | null>(null);

// The cards a phone or a laptop shows before scrolling.
const cardsOnScreen = 6;

const noJobs: readonly BoardJob[] = [];

/** Whether `next` is `previous` with more cards after it (or the same cards): no card changed place. */
function continues(previous: readonly BoardJob[], next: readonly BoardJob[]): boolean {
  return next.length >= previous.length && previous.every((job, index) => next[index] === job);
}

/**
 * How many of `jobs` to render now. A new result (a keystroke of a search) renders the cards on screen at once and
 * the others just after, in a transition: the cards below the fold no longer hold up the keystroke. More cards of the
 * same result (scrolling) and the first render (coming back to the board) render all at once.
 */
function useRenderedCount(jobs: readonly BoardJob[]): number {
  const [rendered, setRendered] = useState({ jobs, count: jobs.length });
  let current = rendered;
  if (rendered.jobs !== jobs) {
    const count = continues(rendered.jobs, jobs) ? jobs.length : Math.min(jobs.length, cardsOnScreen);
    current = { jobs, count };
    setRendered(current);
  }
  const waiting = current.count < jobs.length;
  useEffect(() => {
    if (waiting) startTransition(() => setRendered({ jobs, count: jobs.length }));
  }, [waiting, jobs]);
  return current.count;
}

function CardItems() {
  const state = useContext(CardItemsContext);
  const rendered = useRenderedCount(state?.jobs ?? noJobs);
  const onReachEnd = state?.onReachEnd;
  // A ref with a cleanup (React 19) rather than state: observing the new last card must not cost another render.
  const lastCardRef = useCallback(
    (element: HTMLLIElement | null) => {
      if (!element || !onReachEnd) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) onReachEnd();
        },
        { rootMargin: reachEndMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [onReachEnd],
  );
  if (!state) return null;
  const { jobs, locale, labels, today, savedIds, onToggleSave, dismissedIds, onToggleDismiss } = state;
  const { closedIds, appliedIds, trackedMarks, notes, linkState, needsSponsorship, onReport } = state;
  return jobs.slice(0, rendered).map((job, index) => (
    <li key={job.id} ref={index === jobs.length - 1 ? lastCardRef : undefined}>
      <JobCard
        job={job}
        locale={locale}
        labels={labels}
        today={today}
        saved={savedIds?.has(job.id)}
        onToggleSave={onToggleSave}
        dismissed={dismissedIds?.has(job.id)}
        onToggleDismiss={onToggleDismiss}
        closed={closedIds?.has(job.id)}
        applied={appliedIds?.has(job.id) || trackedMarks?.has(job.id)}
        appliedLabel={trackedMarks?.get(job.id)}
        note={notes?.get(job.id)}
        linkState={linkState}
        needsSponsorship={needsSponsorship}
        onReport={onReport}
      />
    </li>
  ));
}

/**
 * The styled list element of the cards. The signed-in shell renders it empty for its picture of the last cards
 * (`data-shell-cards`): the same element, so the same class and styles.
 */
export function JobCardGrid({
  label,
  listRef,
  children,
  picture,
  ...data
}: {
  label: string;
  listRef?: Ref<HTMLElement>;
  children?: ReactNode;
  /** Markup of cards the app rendered earlier (the signed-in shell's picture), shown inert while the list loads. */
  picture?: string;
  'data-testid'?: string;
  'data-shell-cards'?: string;
}) {
  const shown =
    picture === undefined ? {} : { inert: true, 'aria-busy': true, dangerouslySetInnerHTML: { __html: picture } };
  return (
    <SimpleGrid
      as="ul"
      ref={listRef as Ref<HTMLDivElement> | undefined} // Chakra types it as a div; it renders the <ul>
      css={jobCardListStyles}
      columns={{ base: 1, md: 2 }}
      gap="3"
      aria-label={label}
      {...shown}
      {...data}
    >
      {children}
    </SimpleGrid>
  );
}

// The styled list is rendered once and its items through context: Chakra resolves the (large) card styles when the
// list appears, not again for every keystroke of a search.
const CardListFrame = memo(function CardListFrame({
  label,
  testId,
  listRef,
}: {
  label: string;
  testId: string;
  listRef?: Ref<HTMLElement>;
}) {
  return (
    <JobCardGrid label={label} listRef={listRef} data-testid={testId}>
      <CardItems />
    </JobCardGrid>
  );
});

interface JobCardListProps extends Omit<
  CardItemsState,
  | 'labels'
  | 'today'
  | 'savedIds'
  | 'onToggleSave'
  | 'dismissedIds'
  | 'onToggleDismiss'
  | 'appliedIds'
  | 'trackedMarks'
  | 'needsSponsorship'
  | 'onReport'
> {
  label: string;
  /** Showing the previous result while the next one loads. */
  stale: boolean;
  testId?: string;
  /** The list element (the job list keeps a picture of its first cards for the signed-in shell). */
  listRef?: Ref<HTMLElement>;
}

/** The job cards, two columns from `md` up. */
export function JobCardList({
  jobs,
  locale,
  onReachEnd,
  label,
  stale,
  closedIds,
  notes,
  linkState,
  testId = 'job-list',
  listRef,
}: JobCardListProps) {
  const { t } = useTranslation('jobs');
  const today = startOfDay(useNow());
  const { savedIds, toggle } = useSavedJobs();
  const appliedIds = useAppliedJobIds();
  // Synced like saved jobs: a listing tracked on another device is marked here too.
  const { applications: tracked } = useTrackedApplications();
  const trackedMarks = useMemo(
    () =>
      new Map(
        (tracked ?? []).flatMap((application) =>
          application.jobId
            ? [
                [
                  application.jobId,
                  application.stage === 'applied'
                    ? t('applications:tracker.boardMarkApplied')
                    : t('applications:tracker.boardMark', { stage: t(`applications:status.${application.stage}`) }),
                ],
              ]
            : [],
        ),
      ),
    [tracked, t],
  );
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  // Opening a listing's own page (its apply link) from a card: "Did you apply?" asks when the student comes back.
  const onClickCapture = useCallback(
    (event: MouseEvent) => {
      const link = (event.target as Element).closest?.('a[target="_blank"]');
      const card = link?.closest('[data-job-id]:not(a)');
      const job = card && jobs.find((candidate) => candidate.id === card.getAttribute('data-job-id'));
      if (uid && job) noteListingOpened(uid, snapshotOf(job));
    },
    [uid, jobs],
  );
  const needsSponsorship = useNeedsSponsorship();
  const onToggleSave = useCallback((job: BoardJob, saved: boolean) => toggle(snapshotOf(job), saved), [toggle]);
  const { dismissedIds, dismiss, restore } = useDismissedJobs();
  const onToggleDismiss = useCallback(
    (job: BoardJob, dismissed: boolean) => (dismissed ? dismiss : restore)(snapshotOf(job)),
    [dismiss, restore],
  );
  // Reporting needs an account (the API answers 401/403 otherwise); one dialog for the list, mounted on first use.
  const [reporting, setReporting] = useState<BoardJob | null>(null);
  const onReport = uid ? setReporting : undefined;
  const labels = useMemo<JobCardLabels>(() => {
    // "Posted {{date}}" is interpolated once; each card only joins its date in.
    const [beforeDate = '', afterDate = ''] = t('card.posted', { date: '\u0000' }).split('\u0000');
    return {
      badge: {
        featured: t('card.badge.featured'),
        internship: t('card.badge.internship'),
        newGrad: t('card.badge.newGrad'),
      },
      opensInNewTab: t('card.opensInNewTab'),
      noLocation: t('card.noLocation'),
      postedRecently: t('card.postedRecently'),
      posted: (date) => `${beforeDate}${date}${afterDate}`,
      postedAgo: (age) =>
        age.unit === 'today'
          ? t('card.postedToday')
          : t(age.unit === 'day' ? 'card.postedDaysAgo' : 'card.postedMonthsAgo', { count: age.count }),
      mayBeClosed: t('card.mayBeClosed'),
      applied: t('card.applied'),
      moreLocations: (count) => t('card.moreLocations', { count }),
      updated: (count) => (count === 0 ? t('card.updatedToday') : t('card.updated', { count })),
      closed: t('card.closed'),
      postings: (choice) =>
        choice.kind === 'locations'
          ? t('card.postingLocations', { count: choice.count })
          : choice.count === 2
            ? t('card.postedTwice')
            : t('card.postedTimes', { count: choice.count }),
      save: (title) => t('card.save', { title }),
      unsave: (title) => t('card.unsave', { title }),
      criteria: criteriaLabels(t),
      sponsorship: {
        yes: t('criteria.sponsorship.yes'),
        no: t('criteria.sponsorship.no'),
        unknown: t('criteria.sponsorship.unknown'),
      },
      dismiss: (title) => t('card.dismiss', { title }),
      restore: t('dismissed.restoreButton'),
      restoreJob: (title) => t('card.restore', { title }),
      report: (title) => t('card.report', { title }),
    };
  }, [t]);
  const items = useMemo(
    () => ({
      jobs,
      locale,
      labels,
      onReachEnd,
      today,
      savedIds,
      onToggleSave,
      dismissedIds,
      onToggleDismiss,
      closedIds,
      appliedIds,
      trackedMarks,
      notes,
      linkState,
      needsSponsorship,
      onReport,
    }),
    [
      jobs,
      locale,
      labels,
      onReachEnd,
      today,
      savedIds,
      onToggleSave,
      dismissedIds,
      onToggleDismiss,
      closedIds,
      appliedIds,
      trackedMarks,
      notes,
      linkState,
      needsSponsorship,
      onReport,
    ],
  );
  return (
    <div
      aria-busy={stale || undefined}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 0.15s' }}
      onClickCapture={onClickCapture}
    >
      <CardItemsContext.Provider value={items}>
        <CardListFrame label={label} testId={testId} listRef={listRef} />
      </CardItemsContext.Provider>
      <ReportJobDialogFor job={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
