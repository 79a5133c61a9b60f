import { Alert, EmptyState, Heading, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCloudOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import type { JobToggleFields } from '../../../lib/job-toggles/job-toggle-repository.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useBoardSnapshot } from '../hooks/use-board-snapshot.ts';
import { JobCardList } from './job-card-list.tsx';

function asBoardJob(record: JobToggleFields, unknownTitle: string): BoardJob {
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

interface MarkedJobsPageProps {
  /** The texts under `jobs:{kind}.*` and the page's test ids (`{testId}-page`, `-empty`, `-pending`, `-offline`). */
  kind: 'saved' | 'dismissed';
  testId: string;
  /** The marked jobs, most recent first; undefined while the device copy loads. */
  records: readonly JobToggleFields[] | undefined;
  pending: boolean;
  unreachable: boolean;
  emptyIcon: ReactNode;
}

/**
 * The page of the jobs a student marked (/jobs/saved, /jobs/dismissed), external listings and featured jobs alike,
 * from the device copy (so offline too). A job that closed stays, marked closed: the server says so, or the board on
 * this device no longer has it.
 */
export function MarkedJobsPage({ kind, testId, records, pending, unreachable, emptyIcon }: MarkedJobsPageProps) {
  const { t } = useTranslation('jobs');
  const { t: tDashboard } = useTranslation('dashboard');
  const locale = useLocale();
  useBreadcrumb([{ label: tDashboard('breadcrumb.jobs'), to: '/jobs' }, { label: t(`${kind}.title`) }]);
  const snapshot = useBoardSnapshot();
  const onBoard = useMemo(() => (snapshot ? new Set(snapshot.jobs.map((job) => job.id)) : null), [snapshot]);

  const unknownTitle = t(`${kind}.unknownJob`);
  const jobs = useMemo(
    () => (records ?? []).map((record) => asBoardJob(record, unknownTitle)),
    [records, unknownTitle],
  );
  const closedIds = useMemo(
    () =>
      new Set(
        (records ?? [])
          .filter(
            (record) => record.job?.closed || record.job === null || (onBoard !== null && !onBoard.has(record.jobId)),
          )
          .map((record) => record.jobId),
      ),
    [records, onBoard],
  );

  return (
    <Stack gap="6" maxW="6xl" mx="auto" data-testid={`${testId}-page`}>
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t(`${kind}.title`)}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {t(`${kind}.description`)}
        </Text>
      </Stack>
      {unreachable ? (
        <Alert.Root status="info" variant="subtle" size="sm" data-testid={`${testId}-offline`}>
          <Alert.Indicator>
            <LuCloudOff />
          </Alert.Indicator>
          <Alert.Title>{t(`${kind}.loadFailed`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {pending ? (
        <HStack color="fg.muted" textStyle="sm" data-testid={`${testId}-pending`}>
          <LuCloudOff aria-hidden />
          <Text>{t(`${kind}.pending`)}</Text>
        </HStack>
      ) : null}
      {records === undefined ? (
        <Stack gap="3" role="status" aria-live="polite">
          <VisuallyHidden>{t('list.loading')}</VisuallyHidden>
          <Skeleton h="24" rounded="l3" />
          <Skeleton h="24" rounded="l3" />
        </Stack>
      ) : jobs.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" size="lg" data-testid={`${testId}-empty`}>
          <EmptyState.Content>
            <EmptyState.Indicator>{emptyIcon}</EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>{t(`${kind}.empty`)}</EmptyState.Title>
              <EmptyState.Description>{t(`${kind}.emptyDescription`)}</EmptyState.Description>
            </Stack>
            <Button asChild variant="outline">
              <RouterLink to="/jobs">{t(`${kind}.browse`)}</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <JobCardList jobs={jobs} locale={locale} label={t(`${kind}.title`)} stale={false} closedIds={closedIds} />
      )}
    </Stack>
  );
}
