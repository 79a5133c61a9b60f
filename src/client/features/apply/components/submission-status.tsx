import { Badge, Card, HStack, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert, LuClock, LuRefreshCw, LuX } from 'react-icons/lu';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type { OutboxRecord, OutboxStatus } from '../../../db/records/apply-records.ts';
import { cancelQueued, dismissFailed } from '../db/outbox-repository.ts';
import { flushOutboxNow } from '../outbox/outbox-runner.ts';
import type { WizardStep } from '../wizard-steps.ts';

const palette: Record<OutboxStatus, string> = { queued: 'orange', sending: 'blue', sent: 'green', failed: 'red' };

/** The outbox state as a badge: Queued / Sending / Sent / Failed. Shared with My Applications. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation('apply');
  return (
    <Badge colorPalette={palette[status]} variant="subtle" data-testid="outbox-status" data-status={status}>
      {t(`outbox.status.${status}`)}
    </Badge>
  );
}

/** Refusals the Resume step can fix; Devpost ones go to the Hackathons step. */
const resumeCodes = new Set<ErrorCode>([
  'application_resume_missing',
  'resume_not_pdf',
  'resume_too_large',
  'upload_invalid',
  'upload_interrupted',
  'upload_in_progress',
]);

/** The form step where the applicant can fix what the server refused, read from its code and the fields it named. */
export function stepForRefusal(entry: Pick<OutboxRecord, 'errorCode' | 'errorFields'>): WizardStep {
  const fields = entry.errorFields ?? [];
  const code = entry.errorCode ?? null;
  if (fields.includes('devpostUsername') || code?.startsWith('devpost_')) return 'hackathons';
  if (fields.includes('resume') || (code && resumeCodes.has(code))) return 'resume';
  if (code === 'screening_answers_invalid' || fields.some((field) => field.startsWith('screening'))) return 'questions';
  if (fields.includes('skills')) return 'skills';
  return 'personal';
}

interface SubmissionStatusProps {
  entry: OutboxRecord;
  /** The applicant wants to change the answers after a refusal (or a cancel): back to the form, at this step. */
  onEdit: (step: WizardStep | 'last') => void;
}

/** A submitted application not confirmed yet (queued, sending) or refused (failed, with the server's message). */
export function SubmissionStatus({ entry, onEdit }: SubmissionStatusProps) {
  const { t } = useTranslation('apply');
  const translateMessage = useApplyMessage();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      if (await cancelQueued(entry.id)) onEdit('last');
    } finally {
      setBusy(false);
    }
  }

  async function edit() {
    setBusy(true);
    try {
      await dismissFailed(entry.id);
      // Send the applicant where the refusal points: Devpost to the Hackathons step, the resume to the Resume step.
      onEdit(stepForRefusal(entry));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root variant="outline" data-testid="submission-status" data-status={entry.status}>
      <Card.Body gap="4">
        <HStack gap="3" justify="space-between" wrap="wrap">
          <HStack gap="2">
            {entry.status === 'sending' ? <Spinner size="sm" color="blue.solid" /> : null}
            {entry.status === 'queued' ? <Icon as={LuClock} color="orange.fg" aria-hidden /> : null}
            {entry.status === 'failed' ? <Icon as={LuCircleAlert} color="red.fg" aria-hidden /> : null}
            <Text as="h2" fontWeight="semibold" textStyle="lg">
              {t(`outbox.title.${entry.status}`)}
            </Text>
          </HStack>
          <OutboxStatusBadge status={entry.status} />
        </HStack>

        {entry.status === 'queued' ? (
          <Stack gap="1">
            <Text color="fg.muted">{online ? t('outbox.queuedOnline') : t('outbox.queuedOffline')}</Text>
          </Stack>
        ) : null}
        {entry.status === 'sending' ? <Text color="fg.muted">{t('outbox.sendingDescription')}</Text> : null}
        {entry.status === 'failed' ? (
          <Text color="red.fg" role="alert" data-testid="submission-error">
            {/* A validation refusal names the answer at fault (shared texts); any other is told by its code. */}
            {entry.errorCode && entry.errorCode !== 'invalid_request'
              ? errorCodeText(t, entry.errorCode)
              : translateMessage(entry.error ?? '')}
          </Text>
        ) : null}

        <HStack gap="2" wrap="wrap">
          {entry.status === 'queued' ? (
            <>
              <Button onClick={() => void flushOutboxNow()} disabled={busy}>
                <LuRefreshCw aria-hidden />
                {t('outbox.tryNow')}
              </Button>
              <Button variant="outline" onClick={() => void cancel()} disabled={busy}>
                <LuX aria-hidden />
                {t('outbox.cancel')}
              </Button>
            </>
          ) : null}
          {entry.status === 'failed' ? (
            <Button onClick={() => void edit()} disabled={busy}>
              {t('outbox.edit')}
            </Button>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
