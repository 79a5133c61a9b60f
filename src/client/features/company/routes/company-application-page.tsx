import '../company-i18n.ts';
import {
  Card,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  companySettableStatuses,
  type RejectionReason,
  type CompanyApplication,
  type CompanySettableStatus,
} from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { addNote, getApplication, getApplicationResume, setApplicationStatus } from '../api/company-api.ts';
import { ScorecardsPanel } from '../../scorecards/index.ts';
import { InterviewsPanel } from '../../interviews/index.ts';
import { CandidateWalk } from '../../pipeline/index.ts';
import {
  ApplicationMessagesPanel,
  MessageChoice,
  messageReady,
  messageRequestOf,
  type MessageSelection,
  noMessage,
} from '../../messages/index.ts';
import { errorCodeOf, apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { RejectionReasonFields, rejectionRequestOf } from '../components/rejection-reason-fields.tsx';
import { ResumeViewer } from '../components/resume-viewer.tsx';
import { MatchExplained } from '../components/match-summary.tsx';
import { ApplicationStatusBadge, KnockoutBadge } from '../components/status-badges.tsx';
import { ScreeningAnswers } from '../components/screening-answers.tsx';
import { formatDate, formatDateTime } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function StatusControl({
  application,
  onChanged,
  onStale,
}: {
  application: CompanyApplication;
  onChanged: (next: Partial<CompanyApplication>) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation('company');
  const withdrawn = application.status === 'withdrawn';
  const current = withdrawn ? 'applied' : (application.status as CompanySettableStatus);
  const [status, setStatus] = useState<CompanySettableStatus>(current);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<MessageSelection>(noMessage);
  // With a rejection: why, for the organization's records (never sent to the student).
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [reasonNote, setReasonNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A newer version (saved here, or read again after someone else's change) resets the choice but keeps the message.
  const [version, setVersion] = useState(application.version);
  if (version !== application.version) {
    setVersion(application.version);
    setStatus(current);
  }

  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await setApplicationStatus(
        application.applicationId,
        status,
        application.version,
        messageRequestOf(message),
        rejectionRequestOf(reason, reasonNote),
      );
      onChanged(updated);
      toaster.create({
        type: 'success',
        title: t('application.statusSaved', { status: t(`applications:status.${status}`) }),
        description: t(message.kind === 'none' ? 'application.statusSilent' : 'application.statusToldStudent'),
      });
      setMessage(noMessage);
      setReason('');
      setReasonNote('');
    } catch (error) {
      const code = errorCodeOf(error);
      setProblem(apiErrorText(t, error));
      toaster.create({ type: 'error', title: t('application.statusFailed'), description: apiErrorText(t, error) });
      // Someone else moved it: show what it is now.
      if (code === 'stale_status' || code === 'application_withdrawn') onStale();
    } finally {
      setBusy(false);
    }
  }

  if (withdrawn) {
    return <Text color="fg.muted">{t('application.withdrawnNote')}</Text>;
  }
  return (
    <Stack gap="2">
      <Flex gap="2" wrap="wrap">
        <NativeSelect.Root w={{ base: 'full', sm: '56' }}>
          <NativeSelect.Field
            aria-label={t('application.moveTo')}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as CompanySettableStatus)}
            minH="11"
            data-testid="status-select"
          >
            {companySettableStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`applications:status.${value}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          onClick={() => void save()}
          loading={busy}
          disabled={status === application.status || !messageReady(message)}
          minH="11"
          data-testid="status-save"
        >
          {t('application.updateStatus')}
        </Button>
      </Flex>
      {status === 'rejected' && application.status !== 'rejected' ? (
        <RejectionReasonFields reason={reason} onReason={setReason} note={reasonNote} onNote={setReasonNote} />
      ) : null}
      {/* Moves are silent, as in the tools recruiters use, unless the member chooses what to tell the student. */}
      <MessageChoice
        value={message}
        onChange={setMessage}
        move={status}
        previewApplicationId={application.applicationId}
      />
      {problem ? (
        <Text color="fg.error" role="alert" data-testid="status-problem">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

function Notes({
  application,
  onChange,
}: {
  application: CompanyApplication;
  onChange: (next: CompanyApplication) => void;
}) {
  const { t, i18n } = useTranslation('company');
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!body.trim()) return;
    setSaving(true);
    try {
      const note = await addNote(application.applicationId, body);
      onChange({ ...application, notes: [...application.notes, note] });
      setBody('');
      toaster.create({ type: 'success', title: t('application.noteSaved') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('application.noteFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title={t('application.private')} testId="notes">
      <Text textStyle="sm" color="fg.muted">
        {t('application.privateHelp')}
      </Text>
      <Stack as="ul" gap="3">
        {application.notes.map((note) => (
          <Stack
            as="li"
            key={note.id}
            listStyleType="none"
            gap="1"
            p="3"
            bg="bg.subtle"
            rounded="l2"
            data-testid="note"
          >
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {note.body}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {note.by.name ?? t('application.someone')} · {formatDateTime(note.at, i18n.language)}
            </Text>
          </Stack>
        ))}
      </Stack>
      <Textarea
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-label={t('application.newNote')}
        placeholder={t('application.notePlaceholder')}
        rows={3}
      />
      <Text textStyle="xs" color="fg.muted">
        {t('application.mentionHelp')}
      </Text>
      <Button alignSelf="flex-end" onClick={() => void save()} loading={saving} disabled={!body.trim()} minH="11">
        {t('application.addNote')}
      </Button>
    </Section>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="underline"
      display="inline"
      wordBreak="break-all"
    >
      {children}
      <LuExternalLink aria-hidden />
    </Link>
  );
}

/** /company/applications/:applicationId: everything the student sent, the match, the pipeline and the team's notes. */
export default function CompanyApplicationPage() {
  const { t, i18n } = useTranslation('company');
  const { applicationId = '' } = useParams();
  // The applicants list's filters, sort and view, as the list put them in its link: Back and previous/next keep them.
  const listSearch = useSearchParams()[0].get('list') ?? '';
  const application = useResource(`application:${applicationId}`, (signal) => getApplication(applicationId, signal));

  useEffect(() => {
    if (application.data)
      document.title = `${application.data.answers.firstName} ${application.data.answers.lastName} · ${t('brand')}`;
  }, [application.data, t]);

  if (application.status === 'loading') return <LoadingRows rows={4} height="24" />;
  if (application.status === 'error') return <ErrorPanel error={application.error} onRetry={application.reload} />;
  const data = application.data;
  const answers = data.answers;
  const fields: [string, ReactNode][] = [
    [
      t('application.fields.email'),
      <Link href={`mailto:${answers.email}`} variant="underline" display="inline" wordBreak="break-all">
        {answers.email}
      </Link>,
    ],
    [t('application.fields.phone'), answers.phone],
    [t('application.fields.university'), answers.university],
    [t('application.fields.major'), answers.major],
    [t('application.fields.graduationYear'), String(answers.graduationYear)],
    [t('application.fields.skills'), data.skills.length > 0 ? data.skills.join(', ') : t('application.none')],
    [
      t('application.fields.github'),
      data.links.github ? (
        <ExternalLink href={data.links.github}>{answers.githubUsername ?? data.links.github}</ExternalLink>
      ) : (
        t('application.none')
      ),
    ],
    [
      t('application.fields.devpost'),
      data.links.devpost ? (
        <ExternalLink href={data.links.devpost}>{answers.devpostUsername ?? data.links.devpost}</ExternalLink>
      ) : (
        t('application.none')
      ),
    ],
    [
      t('application.fields.linkedin'),
      data.links.linkedin ? (
        <ExternalLink href={data.links.linkedin}>{data.links.linkedin}</ExternalLink>
      ) : (
        t('application.none')
      ),
    ],
    [
      t('application.fields.portfolio'),
      data.links.portfolio ? (
        <ExternalLink href={data.links.portfolio}>{data.links.portfolio}</ExternalLink>
      ) : (
        t('application.none')
      ),
    ],
    [t('application.fields.appliedAt'), formatDateTime(data.appliedAt, i18n.language)],
    [t('application.fields.channel'), t(`application.channel.${data.channel}`)],
  ];

  return (
    <Stack gap="5">
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <Button asChild variant="ghost" alignSelf="flex-start" minH="11" maxW="full">
          <RouterLink to={`/company/jobs/${data.jobId}${listSearch ? `?${listSearch}` : ''}`}>
            <LuArrowLeft aria-hidden />
            <Text as="span" truncate>
              {data.job.title}
            </Text>
          </RouterLink>
        </Button>
        <CandidateWalk applicationId={data.applicationId} listSearch={listSearch} />
      </Flex>
      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
        <Stack gap="1">
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {answers.firstName} {answers.lastName}
          </Heading>
          <Text color="fg.muted">{t('application.forJob', { title: data.job.title })}</Text>
        </Stack>
        <HStack gap="2">
          <ApplicationStatusBadge status={data.status} />
          {data.screening.knockedOut ? <KnockoutBadge /> : null}
          <Text textStyle="sm" color="fg.muted">
            {t('application.since', { date: formatDate(data.statusChangedAt, i18n.language) })}
          </Text>
        </HStack>
      </Flex>

      {/*
        A phone reads the status and the match first (the decision), then the application, then the team's scorecards,
        notes and history; a wide screen keeps the application on the left and the two groups on the right.
      */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        templateAreas={{ base: '"decide" "main" "team"', lg: '"main decide" "main team"' }}
        templateRows={{ lg: 'auto 1fr' }}
        gap="5"
        alignItems="start"
      >
        <GridItem area="decide">
          <Stack gap="5">
            <Section title={t('application.status')} testId="status">
              <StatusControl
                application={data}
                onChanged={(changes) => {
                  // Show the new status at once, then read the application again for its history row.
                  application.setData({ ...data, ...changes });
                  application.reload();
                }}
                onStale={application.reload}
              />
            </Section>
            <Section title={t('application.match')} testId="match">
              <MatchExplained match={data.match} />
            </Section>
          </Stack>
        </GridItem>
        <GridItem area="main">
          <Stack gap="5">
            <Section title={t('application.answers')} testId="answers">
              <DefinitionList rows={fields} />
            </Section>
            {data.screening.answers.length > 0 ? (
              <Section title={t('screening.title')} testId="screening">
                <ScreeningAnswers answers={data.screening.answers} />
              </Section>
            ) : null}
            <Section title={t('application.coverLetter')} testId="cover-letter">
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                {data.coverLetter || t('application.none')}
              </Text>
            </Section>
            <Section title={t('application.resume')} testId="resume">
              {data.hasResume ? (
                <ResumeViewer
                  key={data.applicationId}
                  load={(signal) => getApplicationResume(data.applicationId, signal)}
                  fileName={data.resumeName ?? 'resume.pdf'}
                  title={t('application.resumeTitle', { name: `${answers.firstName} ${answers.lastName}` })}
                  downloadLabel={t('application.downloadResume', { name: data.resumeName ?? 'resume.pdf' })}
                  errorText={(error) => `${t('application.resumeFailed')} ${apiErrorText(t, error)}`}
                  skills={data.job.requiredSkills}
                />
              ) : (
                <Text color="fg.muted">{t('application.noResume')}</Text>
              )}
            </Section>
            <Section title={t('application.snapshots')} testId="snapshots">
              <Text textStyle="sm" color="fg.muted">
                {t('application.snapshotsHelp')}
              </Text>
              {data.github ? (
                <Stack gap="1" data-testid="github-snapshot">
                  <Text fontWeight="medium">GitHub · {data.github.username}</Text>
                  <Text textStyle="sm">
                    {t('application.github', {
                      contributions: data.github.contributionCount,
                      repos: data.github.repoCount,
                      stars: data.github.starsReceived,
                      prs: data.github.pullRequestsCount,
                    })}
                  </Text>
                  {data.github.topLanguages.length > 0 ? (
                    <Text textStyle="sm" color="fg.muted">
                      {t('application.languages', { languages: data.github.topLanguages.join(', ') })}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <Text textStyle="sm">{t('application.noGithub')}</Text>
              )}
              {data.devpost ? (
                <Stack gap="1" data-testid="devpost-snapshot">
                  <Text fontWeight="medium">Devpost · {data.devpost.username}</Text>
                  <Text textStyle="sm">
                    {t('application.devpost', {
                      projects: data.devpost.stats.projectCount,
                      hackathons: data.devpost.stats.hackathonCount,
                      wins: data.devpost.stats.winCount,
                    })}
                  </Text>
                </Stack>
              ) : (
                <Text textStyle="sm">{t('application.noDevpost')}</Text>
              )}
            </Section>
          </Stack>
        </GridItem>
        <GridItem area="team">
          <Stack gap="5">
            <Suspense fallback={<LoadingRows rows={1} height="24" />}>
              <InterviewsPanel applicationId={data.applicationId} />
            </Suspense>
            <ScorecardsPanel applicationId={data.applicationId} jobId={data.jobId} />
            <ApplicationMessagesPanel applicationId={data.applicationId} version={data.version} />
            <Notes application={data} onChange={application.setData} />
            <Section title={t('application.history')} testId="history">
              <Stack as="ol" gap="2">
                {[...data.history].reverse().map((entry, index) => (
                  <Stack as="li" key={`${entry.at}:${index}`} listStyleType="none" gap="0" data-testid="history-entry">
                    <Text textStyle="sm">
                      {entry.from
                        ? t('application.historyMove', {
                            from: t(`applications:status.${entry.from}`),
                            to: t(`applications:status.${entry.to}`),
                          })
                        : t('application.historyStart', { to: t(`applications:status.${entry.to}`) })}
                    </Text>
                    {entry.reason || entry.reasonNote ? (
                      <Text textStyle="xs" data-testid="history-reason">
                        {t('application.historyReason', {
                          reason: [
                            entry.reason ? t(`application.rejectionReasons.${entry.reason}`) : null,
                            entry.reasonNote,
                          ]
                            .filter(Boolean)
                            .join(' · '),
                        })}
                      </Text>
                    ) : null}
                    <Text textStyle="xs" color="fg.muted">
                      {entry.by ? (entry.by.name ?? t('application.someone')) : t('application.student')} ·{' '}
                      {formatDateTime(entry.at, i18n.language)}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            </Section>
          </Stack>
        </GridItem>
      </Grid>
    </Stack>
  );
}
