import {
  Badge,
  Card,
  Checkbox,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  type Interview,
  interviewDurations,
  interviewLimits,
  type InterviewStatus,
} from '../../../../shared/interviews/interviews-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import {
  ErrorPanel,
  formatDateTime,
  getMembers,
  LoadingRows,
  useOrganization,
  useResource,
} from '../../company/index.ts';
import {
  cancelInterview,
  getApplicationInterviews,
  proposeInterview,
  rescheduleInterview,
} from '../api/interviews-api.ts';
import { formatInterviewTime, isoToLocalInput, localInputToIso, viewerTimeZone } from '../interview-time.ts';

export const interviewStatusPalette: Record<InterviewStatus, string> = {
  proposed: 'orange',
  booked: 'green',
  cancelled: 'gray',
};

/** Up to ten `datetime-local` fields, in the viewer's time zone. */
function TimesField({ times, onChange }: { times: string[]; onChange: (times: string[]) => void }) {
  const { t } = useTranslation('company');
  const min = isoToLocalInput(new Date());
  const zone = viewerTimeZone();
  return (
    <Stack gap="2" role="group" aria-labelledby="interview-times-label">
      <Text id="interview-times-label" textStyle="sm" fontWeight="medium">
        {t('interviews.times')}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {zone ? t('interviews.timesZone', { zone }) : t('interviews.timesLocal')}
      </Text>
      {times.map((value, index) => (
        <HStack key={index} gap="2">
          <Input
            type="datetime-local"
            value={value}
            min={min}
            aria-label={t('interviews.timeN', { n: index + 1 })}
            data-testid={`interview-time-${index}`}
            onChange={(event) => onChange(times.map((time, i) => (i === index ? event.target.value : time)))}
            css={touchTarget}
            maxW="xs"
          />
          {times.length > 1 ? (
            <IconButton
              variant="ghost"
              minH="11"
              minW="11"
              aria-label={t('interviews.removeTime', { n: index + 1 })}
              onClick={() => onChange(times.filter((_, i) => i !== index))}
            >
              <LuTrash2 />
            </IconButton>
          ) : null}
        </HStack>
      ))}
      {times.length < interviewLimits.slots.max ? (
        <Button
          variant="outline"
          size="sm"
          minH="11"
          alignSelf="flex-start"
          onClick={() => onChange([...times, ''])}
          data-testid="interview-add-time"
        >
          <LuPlus aria-hidden /> {t('interviews.addTime')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Proposes times for a new interview, or new times for an existing one (`interviewId`). */
function ProposeForm({
  applicationId,
  interviewId,
  onDone,
  onCancel,
}: {
  applicationId: string;
  interviewId?: string;
  onDone: (next: Interview[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('company');
  const { current } = useOrganization();
  const members = useResource(interviewId ? null : `members:${current.id}`, (signal) => getMembers(current.id, signal));
  const [times, setTimes] = useState<string[]>(['']);
  const [duration, setDuration] = useState(45);
  const [location, setLocation] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [interviewers, setInterviewers] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = interviewers ?? [];

  async function submit() {
    const slots = times.map(localInputToIso);
    if (slots.some((slot) => slot === null)) return setProblem(t('interviews.errors.times'));
    if (!interviewId && !location.trim() && !videoUrl.trim()) return setProblem(t('interviews.errors.where'));
    if (!interviewId && chosen.length === 0) return setProblem(t('interviews.errors.interviewers'));
    setProblem(null);
    setSaving(true);
    try {
      const next = interviewId
        ? await rescheduleInterview(applicationId, interviewId, { kind: 'slots', slots: slots as string[] })
        : await proposeInterview(applicationId, {
            slots: slots as string[],
            durationMinutes: duration,
            location: location.trim() || null,
            videoUrl: videoUrl.trim() || null,
            interviewerUids: chosen,
            ...(viewerTimeZone() ? { timeZone: viewerTimeZone()! } : {}),
          });
      toaster.create({ type: 'success', title: t('interviews.proposed') });
      onDone(next);
    } catch (error) {
      setProblem(apiErrorText(t, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack
      as="form"
      gap="3"
      p="3"
      borderWidth="1px"
      rounded="l2"
      data-testid="interview-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Heading as="h3" size="sm">
        {interviewId ? t('interviews.newTimes') : t('interviews.propose')}
      </Heading>
      <TimesField times={times} onChange={setTimes} />
      {interviewId ? null : (
        <>
          <Field.Root>
            <Field.Label>{t('interviews.duration')}</Field.Label>
            <NativeSelect.Root maxW="xs">
              <NativeSelect.Field
                css={touchTarget}
                value={String(duration)}
                data-testid="interview-duration"
                onChange={(event) => setDuration(Number(event.currentTarget.value))}
              >
                {interviewDurations.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t('interviews.minutes', { count: minutes })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('interviews.location')}</Field.Label>
            <Input
              value={location}
              maxLength={interviewLimits.location}
              onChange={(event) => setLocation(event.target.value)}
              data-testid="interview-location"
              css={touchTarget}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('interviews.videoUrl')}</Field.Label>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              value={videoUrl}
              maxLength={interviewLimits.videoUrl}
              onChange={(event) => setVideoUrl(event.target.value)}
              data-testid="interview-video"
              css={touchTarget}
            />
            <Field.HelperText>{t('interviews.whereHelp')}</Field.HelperText>
          </Field.Root>
          <Stack gap="1" role="group" aria-labelledby="interviewers-label">
            <Text id="interviewers-label" textStyle="sm" fontWeight="medium">
              {t('interviews.interviewers')}
            </Text>
            {members.status === 'loading' ? <LoadingRows rows={2} height="8" /> : null}
            {members.status === 'error' ? <ErrorPanel error={members.error} onRetry={members.reload} /> : null}
            {members.status === 'ready'
              ? members.data.members.map((member) => (
                  <Checkbox.Root
                    key={member.uid}
                    minH="11"
                    maxW="full"
                    checked={chosen.includes(member.uid)}
                    onCheckedChange={(details) =>
                      setInterviewers(
                        details.checked === true ? [...chosen, member.uid] : chosen.filter((uid) => uid !== member.uid),
                      )
                    }
                    data-testid="interviewer-choice"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label minW="0" whiteSpace="normal">
                      {member.name ?? member.email}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))
              : null}
          </Stack>
        </>
      )}
      {problem ? (
        <Text color="fg.error" role="alert" data-testid="interview-form-error">
          {problem}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button type="submit" minH="11" loading={saving} data-testid="interview-submit">
          {interviewId ? t('interviews.sendNewTimes') : t('interviews.send')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" minH="11" onClick={onCancel}>
            {t('interviews.close')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

function MoveForm({
  applicationId,
  interview,
  onDone,
  onCancel,
}: {
  applicationId: string;
  interview: Interview;
  onDone: (next: Interview[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('company');
  const [value, setValue] = useState(interview.booked ? isoToLocalInput(new Date(interview.booked.startsAt)) : '');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const zone = viewerTimeZone();

  async function submit() {
    const startsAt = localInputToIso(value);
    if (!startsAt) return setProblem(t('interviews.errors.times'));
    setSaving(true);
    try {
      onDone(await rescheduleInterview(applicationId, interview.id, { kind: 'move', startsAt }));
      toaster.create({ type: 'success', title: t('interviews.moved') });
    } catch (error) {
      setProblem(apiErrorText(t, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack
      as="form"
      gap="2"
      p="3"
      borderWidth="1px"
      rounded="l2"
      data-testid="interview-move-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field.Root>
        <Field.Label>{t('interviews.moveTo')}</Field.Label>
        <Input
          type="datetime-local"
          value={value}
          min={isoToLocalInput(new Date())}
          onChange={(event) => setValue(event.target.value)}
          data-testid="interview-move-time"
          css={touchTarget}
          maxW="xs"
        />
        <Field.HelperText>{zone ? t('interviews.timesZone', { zone }) : t('interviews.timesLocal')}</Field.HelperText>
      </Field.Root>
      {problem ? (
        <Text color="fg.error" role="alert">
          {problem}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button type="submit" minH="11" loading={saving} data-testid="interview-move-submit">
          {t('interviews.moveSubmit')}
        </Button>
        <Button variant="ghost" minH="11" onClick={onCancel}>
          {t('interviews.close')}
        </Button>
      </HStack>
    </Stack>
  );
}

function InterviewItem({
  applicationId,
  interview,
  onChange,
}: {
  applicationId: string;
  interview: Interview;
  onChange: (next: Interview[]) => void;
}) {
  const { t, i18n } = useTranslation('company');
  const [editing, setEditing] = useState<'move' | 'times' | null>(null);
  const when = (iso: string) => formatInterviewTime(iso, i18n.language);
  const done = (next: Interview[]) => {
    setEditing(null);
    onChange(next);
  };
  const open = interview.status !== 'cancelled';
  return (
    <Stack as="li" listStyleType="none" gap="2" p="3" bg="bg.subtle" rounded="l2" data-testid="interview">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">
          {interview.booked
            ? when(interview.booked.startsAt)
            : t(interview.status === 'cancelled' ? 'interviews.notPlanned' : 'interviews.waiting')}
        </Text>
        <Badge colorPalette={interviewStatusPalette[interview.status]} data-testid="interview-status">
          {t(`interviews.status.${interview.status}`)}
        </Badge>
      </HStack>
      <Text textStyle="sm">
        {t('interviews.minutes', { count: interview.durationMinutes })}
        {interview.location ? ` · ${interview.location}` : ''}
      </Text>
      {interview.videoUrl ? (
        <Link href={interview.videoUrl} target="_blank" rel="noopener noreferrer" textStyle="sm" wordBreak="break-all">
          {interview.videoUrl}
        </Link>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('interviews.with', {
          names: interview.interviewers.map((person) => person.name ?? person.email).join(', '),
        })}
      </Text>
      {interview.status === 'proposed' ? (
        <Stack gap="1">
          <Text textStyle="sm" fontWeight="medium">
            {t('interviews.proposedTimes')}
          </Text>
          <Stack as="ul" gap="1" data-testid="interview-slots">
            {interview.slots.map((slot) => (
              <Text as="li" key={slot.id} listStyleType="none" textStyle="sm" data-testid="interview-slot">
                {when(slot.startsAt)}
                {slot.taken ? ` · ${t('interviews.taken')}` : ''}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {open && editing === null ? (
        <HStack gap="2" wrap="wrap">
          {interview.status === 'booked' ? (
            <Button
              size="sm"
              variant="outline"
              minH="11"
              onClick={() => setEditing('move')}
              data-testid="interview-move"
            >
              {t('interviews.move')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            minH="11"
            onClick={() => setEditing('times')}
            data-testid="interview-retime"
          >
            {t('interviews.newTimes')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" colorPalette="red" minH="11" data-testid="interview-cancel">
                {t('interviews.cancel')}
              </Button>
            }
            title={t('interviews.cancelTitle')}
            description={t(interview.status === 'booked' ? 'interviews.cancelBooked' : 'interviews.cancelProposed')}
            cancelLabel={t('interviews.keep')}
            confirmLabel={t('interviews.cancelConfirm')}
            onConfirm={async () => {
              try {
                onChange(await cancelInterview(applicationId, interview.id));
                toaster.create({ type: 'success', title: t('interviews.cancelled') });
                return true;
              } catch (error) {
                toaster.create({ type: 'error', title: apiErrorText(t, error) });
                return false;
              }
            }}
          />
        </HStack>
      ) : null}
      {editing === 'move' ? (
        <MoveForm applicationId={applicationId} interview={interview} onDone={done} onCancel={() => setEditing(null)} />
      ) : null}
      {editing === 'times' ? (
        <ProposeForm
          applicationId={applicationId}
          interviewId={interview.id}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <Stack as="ol" gap="0" data-testid="interview-history">
        {interview.history.map((event, index) => (
          <Text as="li" key={`${event.at}:${index}`} listStyleType="none" textStyle="xs" color="fg.muted">
            {t(`interviews.history.${event.kind}`, {
              who: event.by ? (event.by.name ?? t('interviews.aMember')) : t('interviews.theStudent'),
              time: event.startsAt ? when(event.startsAt) : '',
            })}{' '}
            · {formatDateTime(event.at, i18n.language)}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** The application's interviews: times proposed, the booking, moves and cancellation, and a form to propose. */
export function InterviewsPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('company');
  const resource = useResource(`interviews:${applicationId}`, (signal) =>
    getApplicationInterviews(applicationId, signal),
  );
  const [proposing, setProposing] = useState(false);

  let body;
  if (resource.status === 'loading') body = <LoadingRows rows={2} height="12" />;
  else if (resource.status === 'error') body = <ErrorPanel error={resource.error} onRetry={resource.reload} />;
  else {
    const interviews = resource.data;
    body = (
      <>
        {interviews.length === 0 ? <Text color="fg.muted">{t('interviews.none')}</Text> : null}
        {interviews.length > 0 ? (
          <Stack as="ul" gap="2">
            {[...interviews].reverse().map((interview) => (
              <InterviewItem
                key={interview.id}
                applicationId={applicationId}
                interview={interview}
                onChange={resource.setData}
              />
            ))}
          </Stack>
        ) : null}
        {proposing ? (
          <ProposeForm
            applicationId={applicationId}
            onDone={(next) => {
              setProposing(false);
              resource.setData(next);
            }}
            onCancel={() => setProposing(false)}
          />
        ) : (
          <Button
            alignSelf="flex-start"
            minH="11"
            variant="outline"
            onClick={() => setProposing(true)}
            data-testid="interview-propose"
          >
            {t('interviews.propose')}
          </Button>
        )}
      </>
    );
  }
  return (
    <Card.Root variant="outline" data-testid="interviews">
      {/* Members without a name show as their address: it wraps anywhere rather than widen the page on a phone. */}
      <Card.Body gap="3" minW="0" css={{ overflowWrap: 'anywhere' }}>
        <Heading as="h2" size="md">
          {t('interviews.title')}
        </Heading>
        {body}
      </Card.Body>
    </Card.Root>
  );
}
