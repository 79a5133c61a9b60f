import { EmptyState, Grid, GridItem, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LuInbox, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { OutboxStatusBadge } from '../../apply/index.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { AppliedBadge, ApplicationCard } from '../components/application-card.tsx';
import { ApplicationStatusBadge } from '../components/application-status-badge.tsx';
import { SubmissionDialog } from '../components/submission-dialog.tsx';
import { WithdrawButton } from '../components/withdraw-button.tsx';
import { useOutboxApplications } from '../hooks/use-outbox-applications.ts';
import { useStudentApplications, type ListedApplication } from '../hooks/use-student-applications.ts';
import { errorCodeText } from '../../../lib/api-error-text.ts';

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

  const applications = applied.status === 'ready' ? applied.applications : [];
  // A withdrawn application does not hide a newer one still waiting on this device for the same job.
  const serverIds = new Set(applications.filter((item) => item.status !== 'withdrawn').map((item) => item.jobId));
  // Not confirmed yet (or confirmed but not in the server's list at the time it was read): shown with their state.
  const pending = outbox.filter(
    (entry) => !serverIds.has(entry.jobId) && (entry.status !== 'sent' || applied.status === 'ready'),
  );
  const empty = applied.status === 'ready' && applications.length === 0 && pending.length === 0;
  // An outbox entry that reached the server while this list was read: read it again to show its status.
  const sentCount = outbox.filter((entry) => entry.status === 'sent').length;
  useEffect(() => {
    if (sentCount > 0) reload();
  }, [sentCount, reload]);

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'repeat(5, minmax(0, 1fr))' }} gap="6" data-testid="applications-grid">
      {/* Spec section 9: the list takes 4 of 5 grid columns. */}
      <GridItem colSpan={{ base: 1, lg: 4 }} data-testid="applications-column">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {t('title')}
            </Heading>
            <Text color="fg.muted">{t('subtitle')}</Text>
          </Stack>

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

          {applications.length > 0 ? (
            <Stack as="ul" gap="3" data-testid="applied-jobs">
              {applications.map((application) => (
                <ApplicationCard
                  key={application.applicationId}
                  jobId={application.jobId}
                  title={application.jobTitle}
                  organizationName={application.company}
                  type={application.type}
                  location={application.location}
                  badge={<ApplicationStatusBadge status={application.status} />}
                  dates={<ApplicationDates application={application} />}
                  sameTab={application.featured}
                  actions={
                    <>
                      <SubmissionDialog applicationId={application.applicationId} jobTitle={application.jobTitle} />
                      {application.canWithdraw ? (
                        <WithdrawButton
                          applicationId={application.applicationId}
                          jobTitle={application.jobTitle}
                          onWithdrawn={reload}
                        />
                      ) : null}
                    </>
                  }
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </GridItem>
    </Grid>
  );
}
