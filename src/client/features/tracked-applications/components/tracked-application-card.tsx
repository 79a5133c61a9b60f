import { Badge, Card, Flex, HStack, Icon, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendar, LuCalendarClock, LuExternalLink, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { UpdateTrackedApplication } from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import { suggestsGhosted } from '../../../../shared/tracked-applications/tracked-summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import type { TrackedView } from '../db/tracked-applications-repository.ts';
import { TrackedStageBadge } from './tracked-stage-badge.tsx';
import { UpdateTrackedDialog } from './update-tracked-dialog.tsx';

interface TrackedApplicationCardProps {
  application: TrackedView;
  now: number;
  onChange: (id: string, change: Omit<UpdateTrackedApplication, 'changedAt'>) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}

/** An application sent on an employer's site: its stage (moved by the student), dates, next step and history. */
export function TrackedApplicationCard({ application, now, onChange, onRemove }: TrackedApplicationCardProps) {
  const { t, i18n } = useTranslation('applications');
  const [updating, setUpdating] = useState(false);
  const day = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const moment = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const moved = application.stage !== 'applied' ? application.changedAt.stage : null;
  return (
    <Card.Root as="li" listStyleType="none" variant="outline" data-testid="tracked-card" data-id={application.id}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Link
            href={application.url}
            target="_blank"
            rel="noopener noreferrer"
            fontWeight="semibold"
            textStyle="md"
            wordBreak="break-word"
          >
            <Text as="h2">{application.title}</Text>
            <Icon as={LuExternalLink} color="fg.subtle" boxSize="4" aria-label={t('card.opensInNewTab')} />
          </Link>
          <HStack gap="2" flexShrink={0}>
            <TrackedStageBadge stage={application.stage} />
            <Badge variant="outline" title={t('tracker.trackedHelp')}>
              {t('tracker.tracked')}
            </Badge>
          </HStack>
        </Flex>
        <Text color="fg.muted">{application.company}</Text>
        <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
          <HStack gap="1.5" data-testid="application-dates">
            <Icon as={LuCalendar} aria-hidden />
            <Text>
              {t('card.appliedOn', { date: day(application.appliedAt) })}
              {moved
                ? ` · ${t('card.statusSince', { status: t(`status.${application.stage}`), date: day(moved) })}`
                : ''}
            </Text>
          </HStack>
          {application.nextStepAt ? (
            <HStack gap="1.5" data-testid="tracked-next-step-date" color="fg">
              <Icon as={LuCalendarClock} aria-hidden />
              <Text>{t('tracker.nextStepOn', { date: moment(application.nextStepAt) })}</Text>
            </HStack>
          ) : null}
          {application.closedAt ? (
            <Badge colorPalette="gray" data-testid="tracked-closed">
              {t('tracker.closedOn', { date: day(application.closedAt) })}
            </Badge>
          ) : null}
          {application.pending ? (
            <Badge colorPalette="yellow" variant="subtle" data-testid="tracked-pending">
              {t('tracker.pending')}
            </Badge>
          ) : null}
        </HStack>
        {application.history.length > 1 || application.note ? (
          <details>
            <summary style={{ cursor: 'pointer', minHeight: '44px', display: 'list-item', paddingTop: '10px' }}>
              {t('tracker.history')}
            </summary>
            <List.Root gap="1" ps="5" textStyle="sm" data-testid="tracked-history">
              {[...application.history].reverse().map((entry) => (
                <List.Item key={`${entry.stage}-${entry.at}`}>
                  {moment(entry.at)}: {t(`status.${entry.stage}`)}
                  {entry.note ? ` · ${entry.note}` : ''}
                </List.Item>
              ))}
            </List.Root>
          </details>
        ) : null}
        {suggestsGhosted(application, now) ? (
          <Stack direction="row" align="center" gap="2" wrap="wrap" textStyle="sm" data-testid="ghosted-hint">
            <Text>{t('tracker.ghostedHint')}</Text>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              onClick={() => void onChange(application.id, { stage: 'ghosted' })}
            >
              {t('tracker.markGhosted')}
            </Button>
          </Stack>
        ) : null}
        <Stack direction="row" gap="2" wrap="wrap" pt="1">
          <Button variant="ghost" size="sm" minH="11" onClick={() => setUpdating(true)} data-testid="update-tracked">
            <LuPencil aria-hidden />
            {t('tracker.move')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" minH="11" colorPalette="red" data-testid="delete-tracked">
                <LuTrash2 aria-hidden />
                {t('tracker.delete')}
              </Button>
            }
            title={t('tracker.deleteTitle')}
            description={t('tracker.deleteDescription', { title: application.title, company: application.company })}
            cancelLabel={t('tracker.keep')}
            confirmLabel={t('tracker.delete')}
            onConfirm={async () => {
              await onRemove(application.id);
              toaster.create({ type: 'info', title: t('tracker.deleted') });
              return true;
            }}
          />
        </Stack>
      </Card.Body>
      <UpdateTrackedDialog
        application={application}
        open={updating}
        onOpenChange={setUpdating}
        onSave={(change) => onChange(application.id, change)}
      />
    </Card.Root>
  );
}
