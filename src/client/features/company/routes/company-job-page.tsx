import '../company-i18n.ts';
import { Flex, Heading, HStack, Link, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuArrowLeft,
  LuChartBar,
  LuCircleStop,
  LuExternalLink,
  LuLink,
  LuMail,
  LuPencil,
  LuUsers,
} from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { CompanyJob, JobStatus } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { getJob, updateJob } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ApplicantsPanel } from '../components/applicants-panel.tsx';
import { ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { JobInvitationsPanel } from '../components/job-invitations-panel.tsx';
import { SharedLinksPanel } from '../components/shared-links-panel.tsx';
import { JobStatusBadge, VisibilityBadge } from '../components/status-badges.tsx';
import { criteriaText, useCriteriaLabels } from '../../jobs/index.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useOrganization } from '../organization-context.ts';

const JobStatsCharts = lazy(() => import('../components/job-stats-charts.tsx'));

const tabs = ['applicants', 'invitations', 'links', 'dashboard'] as const;
type Tab = (typeof tabs)[number];

/** The one status move each state offers: publish a draft, close a published job, reopen a closed one. */
const nextStatus: Record<JobStatus, { to: JobStatus; action: 'publish' | 'close' | 'reopen' }> = {
  draft: { to: 'published', action: 'publish' },
  published: { to: 'closed', action: 'close' },
  closed: { to: 'published', action: 'reopen' },
};

/** Who the job is for, as the board shows it: "Software · Summer 2026 · Master's · Sponsors visas". */
function JobCriteriaLine({ job }: { job: CompanyJob }) {
  const { t } = useTranslation('jobs');
  const labels = useCriteriaLabels();
  const criteria = criteriaText(
    { featured: true, family: job.family, termKeys: job.terms, degreeLevels: job.degreeLevels },
    labels,
  );
  return (
    <Text textStyle="sm" color="fg.muted" data-testid="company-job-criteria">
      {[job.family ? null : t('criteria.labels.family') + ': ' + t('criteria.familyNotStated'), criteria]
        .concat(t(`criteria.sponsorship.${job.sponsorship}`))
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

function JobHeader({ job, onChange }: { job: CompanyJob; onChange: (job: CompanyJob) => void }) {
  const { t, i18n } = useTranslation('company');
  const [busy, setBusy] = useState(false);
  const move = nextStatus[job.status];
  // An organization scheduled for deletion publishes and reopens nothing (the server refuses it too).
  const { current } = useOrganization();
  const offerMove = !(current.deletionDueAt && move.to === 'published');

  async function changeStatus(): Promise<boolean> {
    setBusy(true);
    try {
      const updated = await updateJob(job.id, { status: move.to });
      onChange(updated);
      toaster.create({ type: 'success', title: t(`job.${move.action}Done`) });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: t('job.statusFailed'), description: apiErrorText(t, error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="3">
      <Button asChild variant="ghost" alignSelf="flex-start" minH="11">
        <RouterLink to="/company">
          <LuArrowLeft aria-hidden />
          {t('job.allJobs')}
        </RouterLink>
      </Button>
      <Flex justify="space-between" gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
        <Stack gap="2" minW="0">
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {job.title}
          </Heading>
          <HStack gap="2" wrap="wrap">
            <JobStatusBadge status={job.status} />
            <VisibilityBadge visibility={job.visibility} />
            <Text textStyle="sm" color="fg.muted">
              {t(`jobType.${job.type}`, { defaultValue: job.type })} · {job.location}
            </Text>
          </HStack>
          <JobCriteriaLine job={job} />
          <Wrap gap="3" textStyle="sm" color="fg.muted">
            <Text>{t('jobs.posted', { date: formatDate(job.postingDate, i18n.language) })}</Text>
            {job.deadline ? <Text>{t('jobs.deadline', { date: formatDate(job.deadline, i18n.language) })}</Text> : null}
            {job.status === 'published' && job.visibility === 'public' ? (
              <Link href={`/jobs/${job.id}`} target="_blank" rel="noopener" color="fg" variant="underline">
                {t('job.viewOnBoard')}
                <LuExternalLink aria-hidden />
              </Link>
            ) : null}
          </Wrap>
          {job.dataRemovalAt ? (
            <Text textStyle="sm" color="fg.muted" data-testid="job-data-removal">
              {t('job.dataRemoval', { date: formatDate(job.dataRemovalAt, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
        <HStack gap="2" flexShrink={0} wrap="wrap">
          <Button asChild variant="outline" minH="11">
            <RouterLink to={`/company/jobs/${job.id}/edit`}>
              <LuPencil aria-hidden />
              {t('job.edit')}
            </RouterLink>
          </Button>
          {!offerMove ? null : move.action === 'close' ? (
            // Closing takes a live job off the board: it says what it does and asks first.
            <ConfirmDialog
              trigger={
                <Button variant="outline" colorPalette="red" minH="11" data-testid="job-status-action">
                  <LuCircleStop aria-hidden />
                  {t('job.close')}
                </Button>
              }
              title={t('job.closeConfirm.title')}
              description={t('job.closeConfirm.description', { title: job.title })}
              cancelLabel={t('job.closeConfirm.keep')}
              confirmLabel={t('job.close')}
              onConfirm={changeStatus}
            />
          ) : (
            <Button onClick={() => void changeStatus()} loading={busy} minH="11" data-testid="job-status-action">
              {t(`job.${move.action}`)}
            </Button>
          )}
        </HStack>
      </Flex>
    </Stack>
  );
}

/** /company/jobs/:jobId: one job, its applicants, invitations, shared links and dashboard. */
export default function CompanyJobPage() {
  const { t } = useTranslation('company');
  const { jobId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const job = useResource(`job:${jobId}`, (signal) => getJob(jobId, signal));
  const requested = searchParams.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'applicants';

  useEffect(() => {
    if (job.data) document.title = `${job.data.title} · ${t('brand')}`;
  }, [job.data, t]);

  // On a phone the tabs scroll sideways: the selected one is brought into the row's view (the row only, never the
  // page), so a link to the Dashboard tab does not open on a row that hides it.
  const tabList = useRef<HTMLDivElement>(null);
  const ready = job.status === 'ready';
  useEffect(() => {
    const list = tabList.current;
    const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !selected) return;
    const row = list.getBoundingClientRect();
    const box = selected.getBoundingClientRect();
    if (box.right > row.right) list.scrollLeft += box.right - row.right;
    else if (box.left < row.left) list.scrollLeft -= row.left - box.left;
  }, [tab, ready]);

  if (job.status === 'loading') return <LoadingRows rows={3} height="20" />;
  if (job.status === 'error') return <ErrorPanel error={job.error} onRetry={job.reload} />;

  const icons = { applicants: LuUsers, invitations: LuMail, links: LuLink, dashboard: LuChartBar };
  return (
    <Stack gap="6">
      <JobHeader job={job.data} onChange={job.setData} />
      <Tabs.Root
        value={tab}
        onValueChange={(detail) =>
          setSearchParams(detail.value === 'applicants' ? {} : { tab: detail.value }, { replace: true })
        }
        variant="line"
        lazyMount
        colorPalette="brand"
      >
        <Tabs.List
          ref={tabList}
          overflowX="auto"
          overflowY="hidden"
          css={{ '& .tab-icon': { display: { base: 'none', sm: 'inline' } } }}
        >
          {tabs.map((value) => {
            const Icon = icons[value];
            return (
              <Tabs.Trigger key={value} value={value} minH="11" flexShrink={0}>
                <Icon aria-hidden className="tab-icon" />
                {t(`job.tabs.${value}`)}
                {value === 'applicants' ? ` (${job.data.applicationCounts.total})` : ''}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <Tabs.Content value="applicants">
          <ApplicantsPanel
            jobId={job.data.id}
            jobSlug={job.data.slug}
            hasScreening={job.data.screeningQuestions.length > 0}
          />
        </Tabs.Content>
        <Tabs.Content value="invitations">
          <JobInvitationsPanel jobId={job.data.id} />
        </Tabs.Content>
        <Tabs.Content value="links">
          <SharedLinksPanel jobId={job.data.id} />
        </Tabs.Content>
        <Tabs.Content value="dashboard">
          <Suspense fallback={<LoadingRows rows={2} height="56" />}>
            <JobStatsCharts jobId={job.data.id} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
