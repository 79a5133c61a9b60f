import { Badge, Box, Heading, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentInterview } from '../../../../shared/interviews/interviews-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { bookInterview, getMyInterviews } from '../api/interviews-api.ts';
import { formatInterviewTime } from '../interview-time.ts';

const palette = { proposed: 'orange', booked: 'green', cancelled: 'gray' } as const;

function PickTime({
  applicationId,
  interview,
  onBooked,
}: {
  applicationId: string;
  interview: StudentInterview;
  onBooked: (next: StudentInterview[]) => void;
}) {
  const { t, i18n } = useTranslation('applications');
  const [slotId, setSlotId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = `pick-${interview.id}`;

  async function book() {
    if (!slotId) return;
    setSaving(true);
    setProblem(null);
    try {
      onBooked(await bookInterview(applicationId, interview.id, slotId));
      toaster.create({ type: 'success', title: t('interviews.booked') });
    } catch (error) {
      setProblem(apiErrorText(t, error));
      // A time taken meanwhile leaves the list: read it again.
      try {
        onBooked(await getMyInterviews(applicationId));
      } catch {
        // The error above is what the student needs to read.
      }
    } finally {
      setSaving(false);
    }
  }

  if (interview.slots.length === 0) {
    return <Text textStyle="sm">{t('interviews.noTimeLeft')}</Text>;
  }
  return (
    <Stack gap="2">
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {t('interviews.pick')}
      </Text>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={slotId}
        onValueChange={(details) => setSlotId(details.value)}
        data-testid="interview-pick"
      >
        <Stack gap="1">
          {interview.slots.map((slot) => (
            <RadioGroup.Item key={slot.id} value={slot.id} minH="11" data-testid="interview-slot-choice">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText whiteSpace="normal" minW="0">
                {formatInterviewTime(slot.startsAt, i18n.language)}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {problem ? (
        <Text color="fg.error" role="alert" textStyle="sm">
          {problem}
        </Text>
      ) : null}
      <Button
        alignSelf="flex-start"
        minH="11"
        disabled={!slotId}
        loading={saving}
        onClick={() => void book()}
        data-testid="interview-book"
      >
        {t('interviews.book')}
      </Button>
    </Stack>
  );
}

/**
 * The interviews of one of the student's applications (My Applications): the times to pick from, then the booked
 * time with its place or link. Nothing is shown while there is none.
 */
export function MyInterviews({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('applications');
  const [interviews, setInterviews] = useState<StudentInterview[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getMyInterviews(applicationId, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setInterviews(list);
      },
      () => {
        // Offline or failed: the card shows the application without its interviews, as before.
      },
    );
    return () => controller.abort();
  }, [applicationId]);

  if (interviews.length === 0) return null;
  return (
    // Its own line under the card's buttons, its text free to wrap on a phone.
    <Stack gap="3" w="full" minW="0" whiteSpace="normal" css={{ overflowWrap: 'anywhere' }} data-testid="my-interviews">
      {[...interviews].reverse().map((interview) => (
        <Box key={interview.id} p="3" borderWidth="1px" rounded="l2" data-testid="my-interview">
          <Stack gap="2">
            <Stack direction="row" justify="space-between" align="center" wrap="wrap" gap="2">
              <Heading as="h3" size="sm">
                {t('interviews.title')}
              </Heading>
              <Badge colorPalette={palette[interview.status]} data-testid="my-interview-status">
                {t(`interviews.status.${interview.status}`)}
              </Badge>
            </Stack>
            {interview.booked ? (
              <Text fontWeight="medium" data-testid="my-interview-time">
                {formatInterviewTime(interview.booked.startsAt, i18n.language)}
              </Text>
            ) : null}
            {interview.status !== 'cancelled' ? (
              <>
                <Text textStyle="sm">
                  {t('interviews.minutes', { count: interview.durationMinutes })}
                  {interview.location ? ` · ${interview.location}` : ''}
                </Text>
                {interview.videoUrl ? (
                  <Link
                    href={interview.videoUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    textStyle="sm"
                    wordBreak="break-all"
                  >
                    {interview.videoUrl}
                  </Link>
                ) : null}
                {interview.interviewers.length > 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    {t('interviews.with', { names: interview.interviewers.join(', ') })}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text textStyle="sm">{t('interviews.cancelledText')}</Text>
            )}
            {interview.status === 'proposed' ? (
              <PickTime applicationId={applicationId} interview={interview} onBooked={setInterviews} />
            ) : null}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
