import { Alert, Card, EmptyState, Link, Skeleton, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuTriangleAlert, LuWifiOff } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { touchTargetHeight } from '../../../components/ui/touch-target.ts';
import { boardReturnPath, cameFromBoard } from '../board-return.ts';
import { useAppliedJobIds } from '../hooks/use-applied-job-ids.ts';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { JobDetailView } from '../components/job-detail-view.tsx';
import { useJobDetail, type JobDetailProblem } from '../hooks/use-job-detail.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatJobDate } from '../job-dates.ts';
import { applyPath } from '../job-links.ts';
import type { PublicJobView } from '../api/get-job-detail.ts';
import { SaveJobButton } from '../../saved-jobs/index.ts';
import { DismissJobButton } from '../../dismissed-jobs/index.ts';
import { ReportJobButton } from '../../moderation/index.ts';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';

function DetailSkeleton() {
  const { t } = useTranslation('jobs');
  return (
    <Card.Root variant="outline" role="status" aria-live="polite">
      <Card.Body gap="5" p={{ base: '5', md: '8' }}>
        <VisuallyHidden>{t('detail.loading')}</VisuallyHidden>
        <Stack direction="row" gap="3" align="center">
          <Skeleton boxSize="14" rounded="l3" />
          <Skeleton h="4" w="40" />
        </Stack>
        <Skeleton h="9" w="80%" />
        <Skeleton h="4" w="60%" />
        <Skeleton h="11" w="52" rounded="l2" />
        <SkeletonText noOfLines={6} gap="3" />
      </Card.Body>
    </Card.Root>
  );
}

function DetailError({ problem, onRetry }: { problem: JobDetailProblem; onRetry: () => void }) {
  const { t } = useTranslation('jobs');
  const message =
    problem.kind === 'not-found'
      ? t('detail.notAvailable')
      : problem.kind === 'removed'
        ? t('detail.removed')
        : problem.kind === 'offline'
          ? t('detail.offline')
          : problem.code
            ? errorCodeText(t, problem.code)
            : t('detail.loadFailed');
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l3" size="lg" role="alert" data-testid="job-detail-error">
      <EmptyState.Content>
        <EmptyState.Indicator>{problem.kind === 'offline' ? <LuWifiOff /> : <LuTriangleAlert />}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{t('detail.errorTitle')}</EmptyState.Title>
          <EmptyState.Description maxW="sm">{message}</EmptyState.Description>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Button asChild>
            <RouterLink to="/dashboard">{t('detail.returnHome')}</RouterLink>
          </Button>
          {problem.kind !== 'not-found' && problem.kind !== 'removed' ? (
            <Button variant="outline" onClick={onRetry}>
              {t('detail.retry')}
            </Button>
          ) : null}
        </Stack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function JobBreadcrumb({ title }: { title: string }) {
  const { t: tDashboard } = useTranslation('dashboard');
  useBreadcrumb([{ label: tDashboard('breadcrumb.jobs'), to: '/jobs' }, { label: title }]);
  return null;
}

/**
 * One job, with token/sharedId carried to the apply link. Signed in: inside the dashboard, with the bookmark.
 * A visitor (public job link): the same view in a standalone frame; Apply leads through sign-in (the apply page).
 */
export function JobDetailContent({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const sharedId = searchParams.get('sharedId');
  const detail = useJobDetail(slug, token, sharedId);
  const location = useLocation();
  const navigate = useNavigate();
  const appliedIds = useAppliedJobIds();
  const fromBoard = cameFromBoard(location.state);

  const title = detail.status === 'ready' ? detail.view.job.title : t('detail.breadcrumb');
  const view = detail.status === 'ready' ? detail.view : null;

  return (
    <Stack gap="5" maxW="4xl" mx="auto">
      {signedIn ? <JobBreadcrumb title={title} /> : null}
      {signedIn ? (
        // Back to the board as it was left: its filters, and (when the board is the previous page) its scroll.
        <Link
          asChild
          alignSelf="flex-start"
          color="fg.muted"
          textStyle="sm"
          _hover={{ color: 'fg' }}
          css={touchTargetHeight}
        >
          <RouterLink
            to={boardReturnPath()}
            data-testid="back-to-jobs"
            onClick={(event) => {
              if (!fromBoard || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void navigate(-1);
            }}
          >
            <LuArrowLeft aria-hidden />
            {t('detail.backToJobs')}
          </RouterLink>
        </Link>
      ) : (
        <Link
          asChild
          alignSelf="flex-start"
          color="fg.muted"
          textStyle="sm"
          _hover={{ color: 'fg' }}
          css={touchTargetHeight}
        >
          <RouterLink to="/">
            <LuArrowLeft aria-hidden />
            {t('detail.backHome')}
          </RouterLink>
        </Link>
      )}
      {detail.status === 'ready' && detail.savedAt !== null ? (
        <Alert.Root status="info" variant="subtle" size="sm" data-testid="job-detail-offline">
          <Alert.Indicator>
            <LuWifiOff />
          </Alert.Indicator>
          <Alert.Title>{t('detail.savedCopy', { date: formatJobDate(detail.savedAt, locale) })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {detail.status === 'loading' ? <DetailSkeleton /> : null}
      {detail.status === 'error' ? <DetailError problem={detail.problem} onRetry={detail.retry} /> : null}
      {view ? (
        <JobDetailView
          view={view}
          applyTo={applyPath(slug, token, sharedId)}
          applied={signedIn && appliedIds.has(view.job.id)}
          actions={
            signedIn ? (
              <>
                <SaveJobButton job={featuredSnapshot(view)} />
                <DismissJobButton job={featuredSnapshot(view)} />
                <ReportJobButton jobId={view.job.id} title={view.job.title} signedIn />
              </>
            ) : (
              <ReportJobButton jobId={view.job.id} title={view.job.title} signedIn={false} />
            )
          }
        />
      ) : null}
    </Stack>
  );
}

function featuredSnapshot(view: PublicJobView): SavedJobSnapshot {
  const posted = Date.parse(String(view.job.postingDate ?? ''));
  return {
    id: view.job.id,
    title: view.job.title,
    company: view.organization?.name ?? '',
    locations: view.job.location ? [view.job.location] : [],
    url: null,
    featured: true,
    type: view.job.type ?? '',
    datePosted: Number.isNaN(posted) ? 0 : Math.floor(posted / 1000),
    closed: false,
  };
}

/** /jobs/:slug (also /jobs/{id}/ from featured cards) for a signed-in student, inside the dashboard. */
export default function JobDetailPage() {
  return <JobDetailContent signedIn />;
}
