import { Badge, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight, LuClock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { touchTargetHeight, touchTargetRowHeight } from '../../../components/ui/touch-target.ts';
import { formatJobDate } from '../../jobs/index.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { ApplicationStatus, ApplicationSummary } from '../applications-summary.ts';
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

/** The student's latest applications with their status, and the way to all of them (My Applications). */
export function ApplicationsSummaryCard() {
  const { t } = useTranslation('dashboard');
  const summary = useApplicationsSummary();

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
          {summary.status === 'ready' && summary.items.length > 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="applications-count">
              {t('applications.count', { count: summary.items.length })}
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
        ) : summary.items.length === 0 ? (
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
          <Stack as="ul" gap="0" listStyleType="none">
            {summary.items.slice(0, shownApplications).map((item) => (
              <ApplicationLine key={item.applicationId} item={item} />
            ))}
          </Stack>
        )}
      </Card.Body>
      {summary.status === 'ready' && summary.items.length > 0 ? (
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
