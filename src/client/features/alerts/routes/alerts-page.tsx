import { EmptyState, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { clientPaths } from '../../../../shared/client-routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { useFilterSummary } from '../../jobs/index.ts';
import { PushDeviceControl } from '../../push/index.ts';
import '../alerts-i18n.ts';
import { AlertCard } from '../components/alert-card.tsx';
import { useAlerts } from '../hooks/use-alerts.ts';

function ListSkeleton() {
  const { t } = useTranslation('alerts');
  return (
    <Stack gap="3" role="status" aria-live="polite" data-testid="alerts-loading">
      <VisuallyHidden>{t('page.loading')}</VisuallyHidden>
      <Skeleton h="36" rounded="l3" />
      <Skeleton h="36" rounded="l3" />
    </Stack>
  );
}

/** /alerts: the student's saved searches, what is new in each, and their settings. */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { t: tDashboard } = useTranslation('dashboard');
  useBreadcrumb([{ label: tDashboard('breadcrumb.alerts') }]);
  const { state, reload, update, remove } = useAlerts();
  const summarize = useFilterSummary();

  return (
    <Stack gap="6" maxW="4xl" mx="auto" data-testid="alerts-page">
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('page.title')}
        </Heading>
        <Text color="fg.muted" maxW="prose">
          {t('page.description')}
        </Text>
        {state.status === 'ready' && state.alerts.length > 0 ? (
          <Text textStyle="sm" fontWeight="medium" data-testid="alerts-count">
            {t('page.count', { count: state.alerts.length, max: state.limits.alerts })}
          </Text>
        ) : null}
        {state.status === 'ready' && state.alerts.length >= state.limits.alerts ? (
          <Text textStyle="sm" color="fg.muted">
            {t('page.limitNote')}
          </Text>
        ) : null}
      </Stack>
      {state.status === 'ready' && state.alerts.length > 0 ? (
        // Push reaches each device the student turned it on for; offered here once an alert asks for push.
        <PushDeviceControl offerTurnOn={state.alerts.some((alert) => alert.channels.includes('push'))} />
      ) : null}
      {state.status === 'loading' ? (
        <ListSkeleton />
      ) : state.status === 'error' ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" size="md" role="alert">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuTriangleAlert />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>{t('page.errorTitle')}</EmptyState.Title>
              <EmptyState.Description maxW="sm">{apiErrorText(t, state.error)}</EmptyState.Description>
            </Stack>
            <Button variant="outline" minH="11" onClick={reload}>
              {t('page.retry')}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : state.alerts.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" size="lg" data-testid="alerts-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuBell />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>{t('page.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>{t('page.emptyDescription')}</EmptyState.Description>
            </Stack>
            <Button asChild variant="outline" minH="11">
              <RouterLink to={clientPaths.jobs}>{t('page.toBoard')}</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('page.title')}>
          {state.alerts.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              summary={summarize(alert.filters)}
              onUpdate={update}
              onRemove={remove}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
