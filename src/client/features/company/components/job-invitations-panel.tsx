import {
  Badge,
  Card,
  Field,
  FileUpload,
  Flex,
  Heading,
  HStack,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMail, LuRotateCw, LuUpload, LuX } from 'react-icons/lu';
import type { JobInvitationStatus, JobInvitationsResponse } from '../../../../shared/company/company-api.ts';
import { invitationBatches } from '../../../../shared/company/invitation-list.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import {
  createJobInvitations,
  getJobInvitations,
  resendJobInvitation,
  revokeJobInvitation,
} from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from './company-states.tsx';

const invitationPalette: Record<JobInvitationStatus, string> = {
  sent: 'blue',
  opened: 'orange',
  applied: 'green',
  revoked: 'gray',
};

/** Invite people to apply: paste or upload a CSV (email, first name, last name), then follow sent -> opened -> applied. */
export function JobInvitationsPanel({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('company');
  const invitations = useResource(`invitations:${jobId}`, (signal) => getJobInvitations(jobId, signal));
  const [csv, setCsv] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<JobInvitationsResponse | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function send() {
    // A list of more than 500 people goes in batches of 500 (the server's limit per request), one after the other.
    const batches = invitationBatches(csv);
    if (batches.length === 0) return;
    setSending(true);
    setProgress(batches.length > 1 ? { done: 0, total: batches.length } : null);
    const merged: JobInvitationsResponse = { created: [], invalid: [], duplicates: [] };
    let failure: unknown = null;
    for (const [index, batch] of batches.entries()) {
      try {
        const answer = await createJobInvitations(jobId, { csv: batch.csv });
        merged.created.push(...answer.created);
        // The server numbers the batch's lines: told by the list's own numbers.
        merged.invalid.push(
          ...answer.invalid.map((problem) => ({ ...problem, line: batch.lines[problem.line - 1] ?? problem.line })),
        );
        merged.duplicates.push(...answer.duplicates);
      } catch (error) {
        failure = error;
        break;
      }
      if (batches.length > 1) setProgress({ done: index + 1, total: batches.length });
    }
    setResult(merged);
    if (merged.created.length > 0) {
      toaster.create({ type: 'success', title: t('invitations.sent', { count: merged.created.length }) });
      if (!failure) setCsv('');
    }
    if (failure) {
      // What was sent stays sent; sending the list again skips those people (already invited).
      toaster.create({
        type: 'error',
        title: t('invitations.sendFailed'),
        description:
          merged.created.length > 0
            ? `${apiErrorText(t, failure)} ${t('invitations.sendAgain')}`
            : apiErrorText(t, failure),
      });
    }
    invitations.reload();
    setSending(false);
    setProgress(null);
  }

  async function act(id: string, action: 'resend' | 'revoke') {
    setBusyId(id);
    try {
      if (action === 'resend') await resendJobInvitation(jobId, id);
      else await revokeJobInvitation(jobId, id);
      toaster.create({ type: 'success', title: t(action === 'resend' ? 'invitations.resent' : 'invitations.revoked') });
      invitations.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('invitations.actionFailed'), description: apiErrorText(t, error) });
    } finally {
      setBusyId(null);
    }
  }

  async function readFile(files: File[]) {
    const file = files[0];
    if (!file) return;
    setCsv(await file.text());
  }

  return (
    <Stack gap="5" data-testid="invitations-panel">
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('invitations.title')}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {t('invitations.help')}
          </Text>
          <Field.Root>
            <Field.Label>{t('invitations.csvLabel')}</Field.Label>
            <Textarea
              value={csv}
              onChange={(event) => setCsv(event.target.value)}
              rows={5}
              placeholder={'ada@example.edu, Ada, Lovelace\ngrace@example.edu'}
              fontFamily="mono"
            />
          </Field.Root>
          <Flex gap="3" wrap="wrap">
            <FileUpload.Root
              accept={['text/csv', '.csv', 'text/plain']}
              maxFiles={1}
              onFileAccept={(details) => void readFile(details.files)}
              w="auto"
            >
              <FileUpload.HiddenInput aria-label={t('invitations.uploadCsv')} data-testid="invitations-file" />
              <FileUpload.Trigger asChild>
                <Button variant="outline" minH="11">
                  <LuUpload aria-hidden />
                  {t('invitations.uploadCsv')}
                </Button>
              </FileUpload.Trigger>
            </FileUpload.Root>
            <Button onClick={() => void send()} loading={sending} disabled={!csv.trim()} minH="11">
              <LuMail aria-hidden />
              {t('invitations.send')}
            </Button>
          </Flex>
          {progress ? (
            <Stack gap="1" data-testid="invitations-progress">
              <Text textStyle="sm" color="fg.muted">
                {t('invitations.progress', { done: progress.done, total: progress.total })}
              </Text>
              <Progress.Root value={(100 * progress.done) / progress.total} max={100} size="sm">
                <Progress.Track aria-label={t('invitations.progressLabel')}>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          ) : null}
          {result && (result.invalid.length > 0 || result.duplicates.length > 0) ? (
            <Stack gap="1" role="status" data-testid="invitations-problems" textStyle="sm">
              {result.invalid.map((problem) => (
                <Text key={`${problem.line}:${problem.value}`} color="fg.error">
                  {t(problem.code === 'csv_invalid' ? 'invitations.unreadableLine' : 'invitations.invalidLine', {
                    line: problem.line,
                    value: problem.value,
                  })}
                </Text>
              ))}
              {result.duplicates.length > 0 ? (
                <Text color="fg.muted">{t('invitations.duplicates', { emails: result.duplicates.join(', ') })}</Text>
              ) : null}
            </Stack>
          ) : null}
        </Card.Body>
      </Card.Root>

      {invitations.status === 'loading' ? <LoadingRows rows={3} height="12" /> : null}
      {invitations.status === 'error' ? <ErrorPanel error={invitations.error} onRetry={invitations.reload} /> : null}
      {invitations.status === 'ready' && invitations.data.length === 0 ? (
        <EmptyPanel icon={<LuMail />} title={t('invitations.empty')} />
      ) : null}
      {invitations.status === 'ready' && invitations.data.length > 0 ? (
        <Stack as="ul" gap="0" borderWidth="1px" rounded="l3" bg="bg" data-testid="job-invitations">
          {invitations.data.map((invitation) => (
            <Flex
              as="li"
              key={invitation.id}
              listStyleType="none"
              gap="3"
              px="4"
              py="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
              wrap="wrap"
              align="center"
              data-testid="job-invitation"
            >
              <Stack gap="0" flex="1" minW="48">
                <Text fontWeight="medium" wordBreak="break-all">
                  {invitation.email}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  {[invitation.firstName, invitation.lastName].filter(Boolean).join(' ') || null}
                  {invitation.firstName || invitation.lastName ? ' · ' : ''}
                  {t('invitations.sentOn', { date: formatDate(invitation.sentAt, i18n.language) })}
                </Text>
              </Stack>
              <Badge
                colorPalette={invitationPalette[invitation.status]}
                variant="subtle"
                data-testid="invitation-status"
                data-status={invitation.status}
              >
                {t(`invitations.status.${invitation.status}`)}
              </Badge>
              {invitation.status !== 'revoked' && invitation.status !== 'applied' ? (
                <HStack gap="1">
                  <Button
                    variant="ghost"
                    size="sm"
                    minH="11"
                    loading={busyId === invitation.id}
                    onClick={() => void act(invitation.id, 'resend')}
                  >
                    <LuRotateCw aria-hidden />
                    {t('invitations.resend')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    minH="11"
                    colorPalette="red"
                    disabled={busyId === invitation.id}
                    onClick={() => void act(invitation.id, 'revoke')}
                  >
                    <LuX aria-hidden />
                    {t('invitations.revoke')}
                  </Button>
                </HStack>
              ) : null}
            </Flex>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
