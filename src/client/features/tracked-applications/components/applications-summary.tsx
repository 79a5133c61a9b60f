import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CountedApplication,
  summarizeApplications,
} from '../../../../shared/tracked-applications/tracked-summary.ts';

const ApplicationsWeekChart = lazy(() => import('./applications-week-chart.tsx'));

/** The chart's chunk could not be fetched (offline before it was cached): its numbers are shown in words instead. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** My numbers: applications per week (a chart), response rate, interviews and offers, over every application. */
export function ApplicationsSummary({
  applications,
  now,
}: {
  applications: readonly CountedApplication[];
  now: number;
}) {
  const { t, i18n } = useTranslation('applications');
  const summary = useMemo(() => summarizeApplications(applications, now), [applications, now]);
  const short = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
  const weeks = summary.perWeek.map((week) => ({
    label: short.format(new Date(`${week.weekStart}T12:00:00`)),
    count: week.count,
  }));
  const words = weeks.map((week) => `${t('tracker.summary.weekOf', { date: week.label })}: ${week.count}`).join(', ');
  const chartSummary = `${t('tracker.summary.chartLabel', { count: weeks.length })}: ${words}`;
  const rate =
    summary.responseRate === null
      ? '–'
      : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
          summary.responseRate,
        );
  const stats: [string, string, string?][] = [
    [t('tracker.summary.total'), String(summary.total)],
    [t('tracker.summary.responseRate'), rate, t('tracker.summary.responseRateHelp')],
    [t('tracker.summary.interviews'), String(summary.interviews)],
    [t('tracker.summary.offers'), String(summary.offers)],
  ];
  return (
    <Card.Root
      variant="outline"
      as="section"
      aria-labelledby="applications-summary-title"
      data-testid="applications-summary"
    >
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="applications-summary-title">
          {t('tracker.summary.title')}
        </Heading>
        <Stack direction="row" wrap="wrap" gap="6">
          {stats.map(([label, value, help]) => (
            <Stack key={label} gap="0.5" flex="1" minW="32" data-testid="summary-stat">
              <Text textStyle="sm" color="fg.muted">
                {label}
              </Text>
              <Text textStyle="2xl" fontWeight="semibold">
                {value}
              </Text>
              {help ? (
                <Text textStyle="xs" color="fg.muted">
                  {help}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
        <Stack gap="1">
          <Text textStyle="sm" fontWeight="medium">
            {t('tracker.summary.perWeek')}
          </Text>
          <ChartBoundary fallback={<Text textStyle="sm">{chartSummary}</Text>}>
            <Suspense fallback={<Skeleton h="40" aria-label={t('tracker.summary.loading')} />}>
              <ApplicationsWeekChart weeks={weeks} summary={chartSummary} />
            </Suspense>
          </ChartBoundary>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
