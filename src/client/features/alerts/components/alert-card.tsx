import { Badge, Card, Flex, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPause, LuPencil, LuPlay, LuSearch, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { Alert, UpdateAlertRequest } from '../../../../shared/alerts/alerts-api.ts';
import { filtersToSearchParams } from '../../../../shared/jobs/job-filters-schema.ts';
import { clientPaths } from '../../../../shared/client-routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import '../alerts-i18n.ts';
import { AlertFormDialog } from './alert-form-dialog.tsx';

/** The board with an alert's filters and search. */
export function boardLinkOf(alert: Pick<Alert, 'filters'>): string {
  const query = filtersToSearchParams(alert.filters).toString();
  return query ? `${clientPaths.jobs}?${query}` : clientPaths.jobs;
}

interface AlertCardProps {
  alert: Alert;
  /** The alert's search in words. */
  summary: string;
  onUpdate: (id: string, changes: UpdateAlertRequest) => Promise<Alert>;
  onRemove: (id: string) => Promise<void>;
}

/** One alert: its search, schedule and channels, what is new, and what the student can do with it. */
export function AlertCard({ alert, summary, onUpdate, onRemove }: AlertCardProps) {
  const { t, i18n } = useTranslation('alerts');
  const [editing, setEditing] = useState(false);
  const [editions, setEditions] = useState(0);
  const [toggling, setToggling] = useState(false);
  const paused = alert.pausedAt !== null;
  const headingId = `alert-${alert.id}-name`;
  const newKey = alert.lastDigestAt === null ? 'card.newSinceCreated' : 'card.newSinceDigest';
  const schedule = [
    t(`card.schedule.${alert.frequency}`),
    alert.channels.map((channel) => t(`card.channel.${channel}`)).join(', '),
    ...(alert.instant ? [t('card.instant')] : []),
  ].join(' · ');

  async function togglePause() {
    setToggling(true);
    try {
      await onUpdate(alert.id, { paused: !paused });
      toaster.create({ type: 'success', title: t(paused ? 'toast.resumed' : 'toast.paused') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: apiErrorText(t, error) });
    } finally {
      setToggling(false);
    }
  }

  async function remove(): Promise<boolean> {
    try {
      await onRemove(alert.id);
      toaster.create({ type: 'success', title: t('toast.deleted') });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.failed'), description: apiErrorText(t, error) });
      return false;
    }
  }

  return (
    <Card.Root
      as="li"
      size="sm"
      aria-labelledby={headingId}
      data-testid="alert-card"
      data-alert-id={alert.id}
      data-paused={paused}
    >
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <Heading as="h2" size="md" id={headingId} wordBreak="break-word" data-testid="alert-name-text">
              {alert.name}
            </Heading>
            {/* A name that is its search in words already says it. */}
            {summary !== alert.name ? (
              <Text textStyle="sm" color="fg.muted" wordBreak="break-word" data-testid="alert-summary">
                {summary}
              </Text>
            ) : null}
          </Stack>
          {paused ? (
            <Badge colorPalette="gray" variant="surface" size="md" data-testid="alert-paused">
              <LuPause aria-hidden />
              {t('card.pausedSince', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(alert.pausedAt!)),
              })}
            </Badge>
          ) : null}
        </Flex>
        <HStack gap="2" wrap="wrap" textStyle="sm">
          <Badge
            colorPalette={alert.newCount > 0 ? 'brand' : 'gray'}
            variant="subtle"
            size="md"
            data-testid="alert-new-count"
            data-count={alert.newCount}
          >
            {t(newKey, { count: alert.newCount })}
          </Badge>
          <Text color="fg.muted" data-testid="alert-schedule">
            <Text as="span" srOnly>
              {t('card.details')}:{' '}
            </Text>
            {schedule}
          </Text>
        </HStack>
        <Wrap gap="2">
          <Button asChild size="sm" minH="11">
            <RouterLink
              to={boardLinkOf(alert)}
              aria-label={t('card.seeJobsLabel', { name: alert.name })}
              data-testid="alert-see-jobs"
            >
              <LuSearch aria-hidden />
              {t('card.seeJobs')}
            </RouterLink>
          </Button>
          <Button
            size="sm"
            variant="outline"
            minH="11"
            aria-label={t('card.editLabel', { name: alert.name })}
            onClick={() => {
              setEditions((count) => count + 1);
              setEditing(true);
            }}
            aria-haspopup="dialog"
            data-testid="alert-edit"
          >
            <LuPencil aria-hidden />
            {t('card.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            minH="11"
            loading={toggling}
            aria-label={t(paused ? 'card.resumeLabel' : 'card.pauseLabel', { name: alert.name })}
            onClick={() => void togglePause()}
            data-testid="alert-pause"
          >
            {paused ? <LuPlay aria-hidden /> : <LuPause aria-hidden />}
            {t(paused ? 'card.resume' : 'card.pause')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                minH="11"
                aria-label={t('card.deleteLabel', { name: alert.name })}
                data-testid="alert-delete"
              >
                <LuTrash2 aria-hidden />
                {t('card.delete')}
              </Button>
            }
            title={t('delete.title')}
            description={t('delete.description', { name: alert.name })}
            cancelLabel={t('delete.cancel')}
            confirmLabel={t('delete.confirm')}
            onConfirm={remove}
          />
        </Wrap>
      </Card.Body>
      {editions > 0 ? (
        <AlertFormDialog
          key={editions}
          open={editing}
          onOpenChange={setEditing}
          title={t('form.editTitle')}
          summary={summary}
          initial={{ name: alert.name, frequency: alert.frequency, channels: alert.channels, instant: alert.instant }}
          submitLabel={t('form.saveChanges')}
          onSubmit={async (values) => {
            await onUpdate(alert.id, values);
            toaster.create({ type: 'success', title: t('toast.updated') });
          }}
        />
      ) : null}
    </Card.Root>
  );
}
