import { Alert, EmptyState, Heading, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBookmark, LuCloudOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { JobCardList } from '../../jobs/index.ts';
import { useBoardSnapshot } from '../../jobs/index.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { SavedJobRecord } from '../../../db/records/saved-job-record.ts';
import { useSavedJobs } from '../hooks/use-saved-jobs.ts';

function asBoardJob(record: SavedJobRecord, unknownTitle: string): BoardJob {
  const job = record.job;
  return {
    id: record.jobId,
    title: job?.title ?? unknownTitle,
    company: job?.company ?? '',
    locations: job?.locations ?? [],
    category: null,
    terms: [],
    degrees: [],
    datePosted: job?.datePosted ?? 0,
    url: job?.url ?? null,
    featured: job?.featured ?? false,
    type: job?.type ?? '',
    places: [],
    dateUpdated: null,
    family: null,
    termKeys: [],
    degreeLevels: [],
    sponsorship: 'unknown',
  };
}

/**
 * /jobs/saved: the jobs the student bookmarked, external listings and featured jobs alike, from the device copy (so
 * offline too). A saved job that closed stays, marked closed: the server says so, or the board on this device no
 * longer has it.
 */
export default function SavedJobsPage() {
  const { t } = useTranslation('jobs');
  const { t: tDashboard } = useTranslation('dashboard');
  const locale = useLocale();
  useBreadcrumb([{ label: tDashboard('breadcrumb.jobs'), to: '/jobs' }, { label: t('saved.title') }]);
  const { saved, pending, unreachable } = useSavedJobs();
  const snapshot = useBoardSnapshot();
  const onBoard = useMemo(() => (snapshot ? new Set(snapshot.jobs.map((job) => job.id)) : null), [snapshot]);

  const jobs = useMemo(() => (saved ?? []).map((record) => asBoardJob(record, t('saved.unknownJob'))), [saved, t]);
  const closedIds = useMemo(
    () =>
      new Set(
        (saved ?? [])
          .filter(
            (record) => record.job?.closed || record.job === null || (onBoard !== null && !onBoard.has(record.jobId)),
          )
          .map((record) => record.jobId),
      ),
    [saved, onBoard],
  );

  return (
    <Stack gap="6" maxW="6xl" mx="auto" data-testid="saved-jobs-page">
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('saved.title')}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {t('saved.description')}
        </Text>
      </Stack>
      {unreachable ? (
        <Alert.Root status="info" variant="subtle" size="sm" data-testid="saved-jobs-offline">
          <Alert.Indicator>
            <LuCloudOff />
          </Alert.Indicator>
          <Alert.Title>{t('saved.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {pending ? (
        <HStack color="fg.muted" textStyle="sm" data-testid="saved-jobs-pending">
          <LuCloudOff aria-hidden />
          <Text>{t('saved.pending')}</Text>
        </HStack>
      ) : null}
      {saved === undefined ? (
        <Stack gap="3" role="status" aria-live="polite">
          <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
          <Skeleton h="24" rounded="l3" />
          <Skeleton h="24" rounded="l3" />
        </Stack>
      ) : jobs.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" size="lg" data-testid="saved-jobs-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuBookmark />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>{t('saved.empty')}</EmptyState.Title>
              <EmptyState.Description>{t('saved.emptyDescription')}</EmptyState.Description>
            </Stack>
            <Button asChild variant="outline">
              <RouterLink to="/jobs">{t('saved.browse')}</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <JobCardList jobs={jobs} locale={locale} label={t('saved.title')} stale={false} closedIds={closedIds} />
      )}
    </Stack>
  );
}
