import { CloseButton, Dialog, Heading, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFileText } from 'react-icons/lu';
import type { StudentApplicationDetail } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { PdfFrame } from '../../../components/ui/pdf-frame.tsx';
import { getStudentApplication, getStudentApplicationResume } from '../api/student-applications.ts';

function Submission({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('applications');
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: StudentApplicationDetail }
  >({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getStudentApplication(applicationId, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[applications] could not load the submission', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [applicationId]);

  if (state.status === 'loading') return <Skeleton h="64" rounded="l2" />;
  if (state.status === 'error') {
    return (
      <Text color="fg.error" role="alert">
        {t('submission.loadFailed')}
      </Text>
    );
  }
  const { data } = state;
  const date = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const answers = data.answers;
  const rows: [string, string][] = [
    [t('submission.fields.name'), `${answers.firstName} ${answers.lastName}`],
    [t('submission.fields.email'), answers.email],
    [t('submission.fields.phone'), answers.phone],
    [t('submission.fields.university'), answers.university],
    [t('submission.fields.major'), answers.major],
    [t('submission.fields.graduationYear'), String(answers.graduationYear)],
    [t('submission.fields.github'), answers.githubUsername ?? t('submission.none')],
    [t('submission.fields.devpost'), answers.devpostUsername ?? t('submission.none')],
    [t('submission.fields.linkedin'), answers.linkedinUrl ?? t('submission.none')],
    [t('submission.fields.portfolio'), answers.portfolioUrl ?? t('submission.none')],
    [t('submission.fields.sent'), date(data.appliedAt)],
  ];
  const history = (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('submission.history')}
      </Heading>
      <Stack as="ol" gap="1">
        {data.history.map((entry, index) => (
          <Text as="li" key={`${entry.at}:${index}`} listStyleType="none" textStyle="sm">
            {t(`status.${entry.to}`)} · {date(entry.at)}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
  // What the organization wrote (its templates or its own words), never why it decided.
  const messages =
    data.messages.length > 0 ? (
      <Stack gap="2" data-testid="submission-messages">
        <Heading as="h3" size="sm">
          {t('submission.messages')}
        </Heading>
        <Stack as="ol" gap="3">
          {data.messages.map((message, index) => (
            <Stack
              as="li"
              key={`${message.at}:${index}`}
              listStyleType="none"
              gap="1"
              p="3"
              bg="bg.subtle"
              rounded="l2"
              data-testid="submission-message"
            >
              <Text fontWeight="semibold" wordBreak="break-word">
                {message.subject}
              </Text>
              <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {message.body}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {date(message.at)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Stack>
    ) : null;
  if (data.detailsRemovedAt) {
    // Past the retention period: the job, its status and history stay; what was sent is gone.
    return (
      <Stack gap="5" data-testid="submission">
        <Text data-testid="submission-removed">{t('submission.removed', { date: date(data.detailsRemovedAt) })}</Text>
        <DefinitionList rows={[[t('submission.fields.sent'), date(data.appliedAt)]]} />
        {messages}
        {history}
      </Stack>
    );
  }
  return (
    <Stack gap="5" data-testid="submission">
      <DefinitionList rows={rows} />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('submission.coverLetter')}
        </Heading>
        <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="submission-cover-letter">
          {data.coverLetter || t('submission.none')}
        </Text>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('submission.resume', { name: data.resumeName })}
        </Heading>
        <PdfFrame
          load={(signal) => getStudentApplicationResume(applicationId, signal)}
          fileName={data.resumeName}
          title={t('submission.resumeTitle')}
          downloadLabel={t('submission.download', { name: data.resumeName })}
          errorText={() => t('submission.resumeFailed')}
        />
      </Stack>
      {messages}
      {history}
    </Stack>
  );
}

/** "View application": a read-only copy of what the student sent, with the resume they sent. */
export function SubmissionDialog({ applicationId, jobTitle }: { applicationId: string; jobTitle: string }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(detail) => setOpen(detail.open)}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" minH="11">
          <LuFileText aria-hidden />
          {t('submission.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('submission.title', { title: jobTitle })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Submission applicationId={applicationId} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" aria-label={t('submission.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
