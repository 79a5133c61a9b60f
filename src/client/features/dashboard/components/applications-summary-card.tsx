import { Badge, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight, LuClock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { touchTargetHeight, touchTargetRowHeight } from '../../../components/ui/touch-target.ts';
import { formatJobDate } from '../../jobs/index.ts';
import { useMemo } from 'react';
import type { TrackedStage } from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import { summarizeApplications } from '../../../../shared/tracked-applications/tracked-summary.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useTrackedApplicationViews } from '../../tracked-applications/index.ts';
import {
  type ApplicationStatus,
  type ApplicationSummary,
  countedApplications,
  dashboardLines,
  type TrackedLine,
} from '../applications-summary.ts';
import { useApplicationsSummary } from '../hooks/use-applications-summary.ts';

/** How many applications the dashboard lists; My Applications has them all. */
const shownApplications = 5;

const statusPalette: Record<ApplicationStatus, string> = {
  applied: 'blue',
  screening: 'purple',
  interview: 'orange',
  offer: 'green',
  hired: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

const stagePalette: Record<TrackedStage, string> = {
  applied: 'blue',
  assessment: 'purple',
  interview: 'orange',
  offer: 'green',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
  ghosted: 'gray',
};

function ApplicationLine({ item }: { item: ApplicationSummary }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const title = item.jobTitle ?? t('applications.unknownJob');
  const applied = item.appliedAt ? formatJobDate(item.appliedAt, locale) : null;
  return (
    <Flex
      as="li"
      justify="space-between"
      align="center"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <Stack gap="0" minW="0">
        {item.featured && item.jobTitle ? (
          <Link asChild fontWeight="medium" css={touchTargetHeight}>
            <RouterLink to={`/jobs/${encodeURIComponent(item.jobId)}/`}>{title}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="medium" truncate>
            {title}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted" truncate>
          {[item.company, applied ? t('applications.appliedOn', { date: applied }) : null].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      {item.sending ? (
        <Badge colorPalette="gray" variant="subtle" flexShrink={0} data-testid="application-status">
          <LuClock aria-hidden />
          {t('applications.sending')}
        </Badge>
      ) : (
        <Badge
          colorPalette={statusPalette[item.status]}
          variant="subtle"
          flexShrink={0}
          data-testid="application-status"
        >
          {t(`applications.status.${item.status}`)}
        </Badge>
      )}
    </Flex>
  );
}

/** An application sent on the employer's site and tracked here: its stage is the one the student set. */
function TrackedApplicationLine({ application }: { application: TrackedLine }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const applied = formatJobDate(application.appliedAt, locale);
  return (
    <Flex
      as="li"
      justify="space-between"
      align="center"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-testid="dashboard-tracked-application"
    >
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {application.title}
        </Text>
        <Text textStyle="xs" color="fg.muted" truncate>
          {[application.company, t('applications.tracked'), t('applications.appliedOn', { date: applied })].join(' · ')}
        </Text>
      </Stack>
      <Badge
        colorPalette={stagePalette[application.stage]}
        variant="subtle"
        flexShrink={0}
        data-testid="application-status"
      >
        {/* The card's own word where both lists have the stage (Applied, Interview...), the tracker's for its own. */}
        {t([`applications.status.${application.stage}`, `applications:status.${application.stage}`])}
      </Badge>
    </Flex>
  );
}

/** Response rate, interviews and offers over every application, in the words of My Applications' summary. */
function ApplicationNumbers({ numbers }: { numbers: ReturnType<typeof summarizeApplications> }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const rate =
    numbers.responseRate === null
      ? null
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(numbers.responseRate);
  const parts = [
    rate === null ? null : t('applications.numbers.responseRate', { rate }),
    t('applications.numbers.interviews', { count: numbers.interviews }),
    t('applications.numbers.offers', { count: numbers.offers }),
  ].filter((part): part is string => part !== null);
  return (
    <Text textStyle="sm" color="fg.muted" data-testid="dashboard-application-numbers">
      {parts.join(' · ')}
    </Text>
  );
}

/** The student's latest applications with their status, and the way to all of them (My Applications). */
export function ApplicationsSummaryCard() {
  const { t } = useTranslation('dashboard');
  const inApp = useApplicationsSummary();
  const tracked = useTrackedApplicationViews();
  const now = useNow();
  // One list with the applications tracked on employers' sites, as on My Applications; loading until both are read.
  const summary = useMemo(() => {
    if (inApp.status === 'loading' || tracked === undefined) return { status: 'loading' as const };
    const numbers = summarizeApplications(countedApplications(inApp.items, tracked, now), now);
    return { status: 'ready' as const, lines: dashboardLines(inApp.items, tracked), numbers };
  }, [inApp, tracked, now]);

  return (
    <Card.Root
      variant="outline"
      as="section"
      aria-labelledby="dashboard-applications"
      data-testid="dashboard-applications"
    >
      <Card.Body gap="3">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" id="dashboard-applications" size="md">
            {t('applications.title')}
          </Heading>
          {summary.status === 'ready' && summary.lines.length > 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="applications-count">
              {t('applications.count', { count: summary.lines.length })}
            </Text>
          ) : null}
        </Flex>
        {summary.status === 'loading' ? (
          // The shape of the empty state (most students' first visit): two lines, then a link as tall as a touch target.
          <Stack gap="2" aria-busy="true">
            <Stack gap="0">
              <Skeleton h="4" my="1" />
              <Skeleton h="4" my="1" w="70%" />
            </Stack>
            <Flex align="center" css={touchTargetRowHeight}>
              <Skeleton h="4" w="40%" my="1" />
            </Flex>
          </Stack>
        ) : summary.lines.length === 0 ? (
          <Stack gap="2">
            <Text color="fg.muted">{t('applications.empty')}</Text>
            <Link asChild alignSelf="flex-start" fontWeight="medium" css={touchTargetHeight}>
              <RouterLink to="/jobs">
                {t('applications.browse')}
                <LuArrowRight aria-hidden />
              </RouterLink>
            </Link>
          </Stack>
        ) : (
          <Stack gap="2">
            <ApplicationNumbers numbers={summary.numbers} />
            <Stack as="ul" gap="0" listStyleType="none">
              {summary.lines
                .slice(0, shownApplications)
                .map((line) =>
                  line.kind === 'app' ? (
                    <ApplicationLine key={line.item.applicationId} item={line.item} />
                  ) : (
                    <TrackedApplicationLine key={line.application.id} application={line.application} />
                  ),
                )}
            </Stack>
          </Stack>
        )}
      </Card.Body>
      {summary.status === 'ready' && summary.lines.length > 0 ? (
        <Card.Footer pt="0">
          <Link asChild fontWeight="medium" css={touchTargetHeight}>
            <RouterLink to="/jobs/applied" data-testid="dashboard-all-applications">
              {t('applications.viewAll')}
              <LuArrowRight aria-hidden />
            </RouterLink>
          </Link>
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
