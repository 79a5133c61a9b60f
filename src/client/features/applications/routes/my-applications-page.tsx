import {
  EmptyState,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuInbox, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { applicationAnchorId } from '../../../../shared/applications/application-link.ts';
import { Button } from '../../../components/ui/button.tsx';
import { forgetSentApplications, OutboxStatusBadge } from '../../apply/index.ts';
import { pendingOutboxEntries } from '../pending-outbox-entries.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { AppliedBadge, ApplicationCard } from '../components/application-card.tsx';
import { ApplicationStatusBadge } from '../components/application-status-badge.tsx';
import { SubmissionDialog } from '../components/submission-dialog.tsx';
import { WithdrawButton } from '../components/withdraw-button.tsx';
import { MyInterviews } from '../../interviews/index.ts';
import { useOutboxApplications } from '../hooks/use-outbox-applications.ts';
import { useStudentApplications, type ListedApplication } from '../hooks/use-student-applications.ts';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { useNow } from '../../../lib/use-now.ts';
import {
  AddApplicationButton,
  ApplicationsSummary,
  ApplyPromptSetting,
  ExportCsvButton,
  preloadMyApplicationsParts,
  TrackedApplicationCard,
  type TrackedView,
  useTrackedApplications,
} from '../../tracked-applications/index.ts';

/** The statuses an application can have an interview in (its interviews are asked for only then). */
const interviewStatuses = new Set<string>(['applied', 'screening', 'interview', 'offer']);

// The tracker's parts of this page are a chunk of their own: fetched with this page, not after its first render.
preloadMyApplicationsParts();

function ApplicationDates({ application }: { application: ListedApplication }) {
  const { t, i18n } = useTranslation('applications');
  const format = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value));
  const moved = application.status !== 'applied' && application.statusChangedAt !== application.appliedAt;
  return (
    <Text>
      {t('card.appliedOn', { date: format(application.appliedAt) })}
      {moved
        ? ` · ${t('card.statusSince', { status: t(`status.${application.status}`), date: format(application.statusChangedAt) })}`
        : ''}
      {application.viewedAt ? (
        <>
          {' · '}
          <Text as="span" data-testid="application-viewed">
            {t('card.viewedBy', {
              organization: application.company ?? t('card.unknownOrganization'),
              date: format(application.viewedAt),
            })}
          </Text>
        </>
      ) : null}
    </Text>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('applications');
  return (
    <Stack gap="3" role="status" aria-live="polite">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} h="24" rounded="l3" />
      ))}
    </Stack>
  );
}

/** /jobs/applied (spec section 2, My Applications): the jobs applied to, and the ones still waiting on this device. */
export default function MyApplicationsPage() {
  const { t } = useTranslation('applications');
  const { t: tDashboard } = useTranslation('dashboard');
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  useBreadcrumb([{ label: tDashboard('breadcrumb.applications') }]);
  const { state: applied, reload } = useStudentApplications();
  const outbox = useOutboxApplications(uid);
  const tracker = useTrackedApplications();
  const now = useNow();

  const applications = useMemo(() => (applied.status === 'ready' ? applied.applications : []), [applied]);
  // Not confirmed yet (or confirmed but not in the server's list at the time it was read): shown with their state.
  const pending =
    applied.status === 'ready'
      ? pendingOutboxEntries(outbox, applications)
      : outbox.filter((entry) => entry.status !== 'sent');
  const tracked = useMemo(() => tracker.applications ?? [], [tracker.applications]);
  const empty =
    applied.status === 'ready' &&
    tracker.applications !== undefined &&
    applications.length === 0 &&
    pending.length === 0 &&
    tracked.length === 0;
  // One list: the applications sent in the app and the tracked ones, most recently applied first.
  const listed = useMemo(
    () =>
      [
        ...applications.map((application) => ({ kind: 'app' as const, appliedAt: application.appliedAt, application })),
        ...tracked.map((application) => ({ kind: 'tracked' as const, appliedAt: application.appliedAt, application })),
      ].sort((a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt)),
    [applications, tracked],
  );
  const counted = useMemo(
    () => [
      ...applications.map((application) => ({
        appliedAt: application.appliedAt,
        reached: ['applied', application.status],
      })),
      ...tracked.map((application: TrackedView) => ({
        appliedAt: application.appliedAt,
        reached: application.history.map((entry) => entry.stage),
      })),
    ],
    [applications, tracked],
  );
  // An outbox entry that reached the server while this list was read: read it again to show its status.
  const sentCount = outbox.filter((entry) => entry.status === 'sent').length;
  useEffect(() => {
    if (sentCount > 0) reload();
  }, [sentCount, reload]);

  // A withdrawn application's sent entry is gone from the device: read the list again without it.
  const forget = useCallback(
    (jobId: string) => {
      if (uid) void forgetSentApplications(uid, jobId);
      reload();
    },
    [uid, reload],
  );

  // A notification or e-mail about one application opens /jobs/applied#application-{id}: bring its card into view
  // once the list is there (the browser's own jump happens before the list is loaded).
  const { hash } = useLocation();
  const listReady = applied.status === 'ready';
  useEffect(() => {
    if (!listReady || !hash.startsWith('#')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [listReady, hash]);

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'repeat(5, minmax(0, 1fr))' }} gap="6" data-testid="applications-grid">
      {/* Spec section 9: the list takes 4 of 5 grid columns. */}
      <GridItem colSpan={{ base: 1, lg: 4 }} data-testid="applications-column">
        <Stack gap="6">
          <Flex gap="4" justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {t('title')}
              </Heading>
              <Text color="fg.muted">{t('subtitle')}</Text>
            </Stack>
            <HStack gap="2" wrap="wrap">
              <ExportCsvButton />
              <AddApplicationButton onAdd={tracker.add} />
            </HStack>
          </Flex>

          {counted.length > 0 ? <ApplicationsSummary applications={counted} now={now} /> : null}
          {tracker.unreachable && !navigator.onLine ? (
            <Text textStyle="sm" color="fg.muted" role="status" data-testid="tracker-offline">
              {t('tracker.offline')}
            </Text>
          ) : null}

          {pending.length > 0 ? (
            <Stack as="ul" gap="3" data-testid="pending-applications">
              {pending.map((entry) => (
                <ApplicationCard
                  key={entry.id}
                  jobId={entry.jobId}
                  title={entry.jobSummary.title}
                  organizationName={entry.jobSummary.organizationName}
                  type={entry.jobSummary.type}
                  location={entry.jobSummary.location}
                  badge={entry.status === 'sent' ? <AppliedBadge /> : <OutboxStatusBadge status={entry.status} />}
                />
              ))}
            </Stack>
          ) : null}

          {applied.status === 'loading' ? <ListSkeleton /> : null}

          {applied.status === 'error' ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" role="alert" data-testid="applications-error">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <LuTriangleAlert />
                </EmptyState.Indicator>
                <EmptyState.Title>{applied.code ? errorCodeText(t, applied.code) : t('loadFailed')}</EmptyState.Title>
                <Button onClick={() => window.location.reload()}>{t('tryAgain')}</Button>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : null}

          {empty ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" data-testid="applications-empty">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <LuInbox />
                </EmptyState.Indicator>
                <Stack textAlign="center" gap="1">
                  <EmptyState.Title>{t('empty.title')}</EmptyState.Title>
                  <EmptyState.Description>{t('empty.description')}</EmptyState.Description>
                </Stack>
                <Button asChild variant="outline">
                  <RouterLink to="/jobs">{t('empty.browse')}</RouterLink>
                </Button>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : null}

          {listed.length > 0 ? (
            <Stack as="ul" gap="3" data-testid="applied-jobs">
              {listed.map((item) =>
                item.kind === 'tracked' ? (
                  <TrackedApplicationCard
                    key={item.application.id}
                    application={item.application}
                    now={now}
                    onChange={tracker.change}
                    onRemove={tracker.remove}
                  />
                ) : (
                  <ApplicationCard
                    key={item.application.applicationId}
                    anchorId={applicationAnchorId(item.application.applicationId)}
                    jobId={item.application.jobId}
                    title={item.application.jobTitle}
                    organizationName={item.application.company}
                    type={item.application.type}
                    location={item.application.location}
                    badge={<ApplicationStatusBadge status={item.application.status} />}
                    dates={<ApplicationDates application={item.application} />}
                    sameTab={item.application.featured}
                    actions={
                      <>
                        <SubmissionDialog
                          applicationId={item.application.applicationId}
                          jobTitle={item.application.jobTitle}
                        />
                        {item.application.canWithdraw ? (
                          <WithdrawButton
                            applicationId={item.application.applicationId}
                            jobTitle={item.application.jobTitle}
                            onWithdrawn={() => forget(item.application.jobId)}
                          />
                        ) : null}
                        {interviewStatuses.has(item.application.status) ? (
                          <MyInterviews applicationId={item.application.applicationId} />
                        ) : null}
                      </>
                    }
                  />
                ),
              )}
            </Stack>
          ) : null}
          <ApplyPromptSetting />
        </Stack>
      </GridItem>
    </Grid>
  );
}
