import { Box, Card, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartBar } from 'react-icons/lu';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { applicationStatuses } from '../../../../shared/company/application-status.ts';
import type { JobStats } from '../../../../shared/company/company-api.ts';
import { getJobStats } from '../api/company-api.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from './company-states.tsx';

// Loaded on its own (React.lazy) when the Dashboard tab opens: the charting library stays out of every other page.

const statusColors: Record<string, string> = {
  applied: '#3b82f6',
  screening: '#06b6d4',
  interview: '#8b5cf6',
  offer: '#f97316',
  hired: '#22c55e',
  rejected: '#ef4444',
  withdrawn: '#9ca3af',
};

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactElement }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {/* The chart is a picture; its numbers are also given in words for screen readers. */}
        <Box h="56" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** Where the applications came from and how the private invitations converted: figures, not a chart. */
function SourcesCard({ stats }: { stats: JobStats }) {
  const { t, i18n } = useTranslation('company');
  const percent = (part: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
      stats.invitations.sent === 0 ? 0 : part / stats.invitations.sent,
    );
  const sourceName = (row: JobStats['bySource'][number]) =>
    row.source === 'link'
      ? row.label
        ? t('stats.sources.link', { label: row.label })
        : t('stats.sources.linkUnlabelled')
      : t(`stats.sources.${row.source}`);
  const steps = [
    { key: 'sent', label: t('stats.funnelSent'), count: stats.invitations.sent },
    { key: 'opened', label: t('stats.funnelOpened'), count: stats.invitations.opened },
    { key: 'applied', label: t('stats.funnelApplied'), count: stats.invitations.applied },
  ];
  return (
    <Card.Root variant="outline" data-testid="job-sources">
      <Card.Body gap="4">
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('stats.bySource')}
          </Heading>
          <Stack as="ul" gap="1">
            {stats.bySource.map((row) => (
              <Flex
                as="li"
                key={`${row.source}:${row.label ?? ''}`}
                listStyleType="none"
                justify="space-between"
                gap="3"
                data-testid="job-source"
              >
                <Text wordBreak="break-word">{sourceName(row)}</Text>
                <Text fontWeight="semibold">{row.count}</Text>
              </Flex>
            ))}
          </Stack>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('stats.funnel')}
          </Heading>
          {stats.invitations.sent === 0 ? (
            <Text color="fg.muted">{t('stats.funnelNone')}</Text>
          ) : (
            <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="3" data-testid="invitation-funnel">
              {steps.map((step) => (
                <Stack key={step.key} gap="0">
                  <Text textStyle="sm" color="fg.muted">
                    {step.label}
                  </Text>
                  <Text textStyle="xl" fontWeight="semibold">
                    {step.count}
                  </Text>
                  {step.key === 'sent' ? null : (
                    <Text textStyle="xs" color="fg.muted">
                      {t('stats.ofSent', { percent: percent(step.count) })}
                    </Text>
                  )}
                </Stack>
              ))}
            </Grid>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function JobStatsCharts({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('company');
  const stats = useResource(`stats:${jobId}`, (signal) => getJobStats(jobId, signal));
  if (stats.status === 'loading') return <LoadingRows rows={2} height="56" />;
  if (stats.status === 'error') return <ErrorPanel error={stats.error} onRetry={stats.reload} />;
  const data = stats.data;
  const total = applicationStatuses.reduce((sum, status) => sum + data.byStatus[status], 0);
  if (total === 0) return <EmptyPanel icon={<LuChartBar />} title={t('stats.empty')} />;

  const byStatus = applicationStatuses.map((status) => ({
    key: status,
    name: t(`applications:status.${status}`),
    count: data.byStatus[status],
  }));
  const overTime = data.overTime.map((point) => ({ name: formatDate(point.date, i18n.language), count: point.count }));
  const bySchool = data.bySchool.slice(0, 8).map((row) => ({ name: row.school, count: row.count }));
  const byYear = data.byGraduationYear.map((row) => ({ name: String(row.year), count: row.count }));
  const words = (rows: { name: string; count: number }[]) => rows.map((row) => `${row.name}: ${row.count}`).join(', ');
  const axis = { fontSize: 12 };

  return (
    <Stack gap="4" data-testid="job-stats">
      <Text color="fg.muted">{t('stats.total', { count: total })}</Text>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <ChartCard title={t('stats.byStatus')} summary={words(byStatus)}>
          <BarChart data={byStatus} layout="vertical" margin={{ left: 8, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axis} />
            <YAxis type="category" dataKey="name" width={175} tick={axis} interval={0} />
            <Tooltip />
            <Bar dataKey="count" name={t('stats.applications')}>
              {byStatus.map((row) => (
                <Cell key={row.key} fill={statusColors[row.key]} />
              ))}
            </Bar>
          </BarChart>
        </ChartCard>
        <ChartCard title={t('stats.overTime')} summary={words(overTime)}>
          <LineChart data={overTime} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Line type="monotone" dataKey="count" name={t('stats.applications')} stroke="#6366f1" strokeWidth={2} dot />
          </LineChart>
        </ChartCard>
        <ChartCard title={t('stats.bySchool')} summary={words(bySchool)}>
          <BarChart data={bySchool} layout="vertical" margin={{ left: 8, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axis} />
            <YAxis type="category" dataKey="name" width={110} tick={axis} />
            <Tooltip />
            <Bar dataKey="count" name={t('stats.applications')} fill="#0ea5e9" />
          </BarChart>
        </ChartCard>
        <ChartCard title={t('stats.byGraduationYear')} summary={words(byYear)}>
          <BarChart data={byYear} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Bar dataKey="count" name={t('stats.applications')} fill="#14b8a6" />
          </BarChart>
        </ChartCard>
        <SourcesCard stats={data} />
      </Grid>
    </Stack>
  );
}
