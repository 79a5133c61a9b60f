import '../tracker-i18n.ts';
import { Box, CloseButton, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useDismissedJobs } from '../../dismissed-jobs/index.ts';
import {
  forgetOpenedListing,
  type OpenedListing,
  setApplyPromptEnabled,
  snoozeListing,
} from '../apply-prompt-store.ts';
import { useTrackedApplications } from '../hooks/use-tracked-applications.ts';

interface ApplyPromptProps {
  uid: string;
  opened: OpenedListing;
  onClose: () => void;
}

/** "Did you apply to {title} at {company}?" with Yes, track it / Not yet / Not interested (see ApplyPromptHost). */
export default function ApplyPrompt({ uid, opened, onClose }: ApplyPromptProps) {
  const { t } = useTranslation('applications');
  const { applications, add } = useTrackedApplications();
  const { dismissed, dismissedIds, dismiss } = useDismissedJobs();
  const titleId = useId();
  const { job } = opened;
  // Tracked already (on this device or another) or dismissed: nothing to ask.
  const known = applications?.some((application) => application.jobId === job.id) === true || dismissedIds.has(job.id);
  const loaded = applications !== undefined && dismissed !== undefined;
  useEffect(() => {
    if (!known) return;
    forgetOpenedListing(uid, job.id);
    onClose();
  }, [known, uid, job.id, onClose]);

  if (!loaded || known) return null;
  const answered = () => {
    forgetOpenedListing(uid, job.id);
    onClose();
  };

  return (
    <Box
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      position="fixed"
      insetStart={{ base: '3', md: 'auto' }}
      insetEnd={{ base: '3', md: '6' }}
      bottom={{ base: '3', md: '6' }}
      maxW={{ md: 'md' }}
      zIndex="overlay"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="lg"
      p="4"
      data-testid="apply-prompt"
      data-job-id={job.id}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text id={titleId} fontWeight="semibold" wordBreak="break-word">
            {t('tracker.prompt.question', { title: job.title, company: job.company })}
          </Text>
          <CloseButton
            size="sm"
            minW="11"
            minH="11"
            mt="-2"
            me="-2"
            aria-label={t('tracker.close')}
            // Closed without an answer: asked again tomorrow, like "Not yet".
            onClick={() => {
              snoozeListing(uid, job.id);
              onClose();
            }}
            data-testid="apply-prompt-close"
          />
        </HStack>
        <Flex gap="2" wrap="wrap">
          <Button
            minH="11"
            flex={{ base: '1 0 100%', sm: '0 0 auto' }}
            data-testid="apply-prompt-yes"
            onClick={() => {
              answered();
              void add({ jobId: job.id, company: job.company, title: job.title, url: job.url! }).then(() =>
                toaster.create({ type: 'success', title: t('tracker.prompt.tracked') }),
              );
            }}
          >
            {t('tracker.prompt.yes')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            flex={{ base: '1', sm: '0 0 auto' }}
            data-testid="apply-prompt-not-yet"
            onClick={() => {
              snoozeListing(uid, job.id);
              onClose();
            }}
          >
            {t('tracker.prompt.notYet')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            flex={{ base: '1', sm: '0 0 auto' }}
            data-testid="apply-prompt-not-interested"
            onClick={() => {
              answered();
              dismiss(job);
            }}
          >
            {t('tracker.prompt.notInterested')}
          </Button>
        </Flex>
        <Button
          variant="link"
          size="sm"
          minH="11"
          alignSelf="flex-start"
          data-testid="apply-prompt-stop"
          onClick={() => {
            setApplyPromptEnabled(false);
            onClose();
            toaster.create({ type: 'info', title: t('tracker.prompt.stopped') });
          }}
        >
          {t('tracker.prompt.stopAsking')}
        </Button>
      </Stack>
    </Box>
  );
}
