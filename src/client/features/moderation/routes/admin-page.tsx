import '../moderation-i18n.ts';
import { Alert, Badge, Box, Card, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import {
  type AuditEntry,
  hideReasonMaxLength,
  type ModerationOverview,
  reportReasons,
  type ReportedJob,
} from '../../../../shared/moderation/moderation-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RouteFallback } from '../../../components/ui/route-fallback.tsx';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { apiErrorText, errorCodeOf } from '../../../lib/api-error-text.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { clientPaths } from '../../../../shared/client-routes.ts';
import { getAuditLog } from '../api/get-audit-log.ts';
import { getModerationOverview } from '../api/get-moderation-overview.ts';
import { dismissReports } from '../api/dismiss-reports.ts';
import { hideJob } from '../api/hide-job.ts';
import { restoreJob } from '../api/restore-job.ts';

type Loaded = { overview: ModerationOverview; log: AuditEntry[] };
type PageState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: Loaded };

function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function jobTitle(job: ReportedJob, unknown: string): string {
  return job.job ? `${job.job.title} · ${job.job.company}` : `${unknown} (${job.jobId})`;
}

type ReasonAction = 'hide' | 'dismiss';

/** Hide the job, or dismiss its reports (they are wrong): each asks for the reason kept in the audit log. */
function ReasonActions({ job, onDone }: { job: ReportedJob; onDone: (message: string) => void }) {
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState<ReasonAction | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = job.job?.title ?? job.jobId;

  async function submit(event: FormEvent, action: ReasonAction) {
    event.preventDefault();
    setTouched(true);
    if (!reason.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      if (action === 'hide') await hideJob(job.jobId, reason.trim());
      else await dismissReports(job.jobId, reason.trim());
      onDone(t(action === 'hide' ? 'admin.hiddenDone' : 'admin.dismissedDone'));
    } catch (error) {
      setFailure(apiErrorText(t, error));
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <HStack gap="3" wrap="wrap">
        <Button
          variant="destructive"
          minH="11"
          aria-label={t('admin.hideJob', { title })}
          data-testid="moderation-hide"
          onClick={() => setOpen('hide')}
        >
          {t('admin.hide')}
        </Button>
        {job.openReports > 0 ? (
          <Button
            variant="outline"
            minH="11"
            aria-label={t('admin.dismissJob', { title })}
            data-testid="moderation-dismiss"
            onClick={() => setOpen('dismiss')}
          >
            {t('admin.dismiss')}
          </Button>
        ) : null}
      </HStack>
    );
  }
  const action = open;
  return (
    <form onSubmit={(event) => void submit(event, action)} noValidate>
      <Stack gap="3">
        <Field.Root required invalid={touched && !reason.trim()}>
          <Field.Label>{t(action === 'hide' ? 'admin.hideReason' : 'admin.dismissReason')}</Field.Label>
          <Input
            value={reason}
            maxLength={hideReasonMaxLength}
            onChange={(event) => setReason(event.target.value)}
            minH="11"
            autoComplete="off"
            autoFocus
            data-testid={action === 'hide' ? 'moderation-hide-reason' : 'moderation-dismiss-reason'}
          />
          {touched && !reason.trim() ? (
            <Field.ErrorText>{t('admin.hideReasonRequired')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('admin.hideReasonHelp')}</Field.HelperText>
          )}
        </Field.Root>
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
        <HStack gap="3" wrap="wrap">
          <Button
            type="submit"
            variant={action === 'hide' ? 'destructive' : 'default'}
            minH="11"
            loading={busy}
            data-testid={action === 'hide' ? 'moderation-hide-confirm' : 'moderation-dismiss-confirm'}
          >
            {t(action === 'hide' ? 'admin.confirmHide' : 'admin.confirmDismiss')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            onClick={() => {
              setOpen(null);
              setTouched(false);
              setFailure(null);
            }}
          >
            {t('report.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function JobCard({ job, onDone }: { job: ReportedJob; onDone: (message: string) => void }) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = job.job?.title ?? job.jobId;
  const href = job.job ? (job.job.url ?? `/jobs/${encodeURIComponent(job.jobId)}/`) : null;

  async function restore() {
    setBusy(true);
    setFailure(null);
    try {
      await restoreJob(job.jobId);
      onDone(t('admin.restoredDone'));
    } catch (error) {
      setFailure(apiErrorText(t, error));
      setBusy(false);
    }
  }

  return (
    <Card.Root variant="outline" data-testid="moderation-job" data-job-id={job.jobId}>
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Stack gap="1">
          <Heading as="h3" textStyle="md" fontWeight="semibold" overflowWrap="anywhere">
            {jobTitle(job, t('admin.unknownJob'))}
          </Heading>
          <HStack gap="2" wrap="wrap">
            {job.job ? <Badge>{job.job.featured ? t('admin.featured') : t('admin.feed')}</Badge> : null}
            <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
              {job.jobId}
            </Text>
          </HStack>
        </Stack>
        {job.openReports > 0 ? (
          <Stack gap="2">
            <Text fontWeight="medium">{t('admin.reports', { count: job.openReports })}</Text>
            <HStack gap="2" wrap="wrap">
              {reportReasons
                .filter((reason) => job.byReason[reason] > 0)
                .map((reason) => (
                  <Badge key={reason} colorPalette={reason === 'scam' ? 'red' : 'gray'} variant="subtle">
                    {t(`report.reasons.${reason}`)}: {job.byReason[reason]}
                  </Badge>
                ))}
            </HStack>
            {job.texts.length > 0 ? (
              <Stack as="ul" gap="2" ps="0" listStyleType="none">
                {job.texts.map((entry) => (
                  <Box as="li" key={`${entry.at}-${entry.text}`} borderStartWidth="3px" ps="3">
                    <Text textStyle="sm" overflowWrap="anywhere" whiteSpace="pre-wrap">
                      {entry.text}
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      {t(`report.reasons.${entry.reason}`)} · {formatTime(entry.at, locale)}
                    </Text>
                  </Box>
                ))}
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        {job.hidden ? (
          <Text textStyle="sm" overflowWrap="anywhere" data-testid="moderation-hidden-note">
            {t('admin.hiddenBy', {
              date: formatTime(job.hidden.at, locale),
              by: job.hidden.by,
              reason: job.hidden.reason,
            })}
          </Text>
        ) : null}
        {href ? (
          <Link href={href} target="_blank" rel="noreferrer" alignSelf="flex-start" minH="11" colorPalette="brand">
            {t('admin.openJob')}
            <LuExternalLink aria-hidden />
          </Link>
        ) : null}
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
        {job.hidden ? (
          <Button
            variant="outline"
            minH="11"
            alignSelf="flex-start"
            loading={busy}
            aria-label={t('admin.restoreJob', { title })}
            data-testid="moderation-restore"
            onClick={() => void restore()}
          >
            {t('admin.restore')}
          </Button>
        ) : (
          <ReasonActions job={job} onDone={onDone} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ModerationBoard() {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getModerationOverview(controller.signal), getAuditLog(controller.signal)]).then(
      ([overview, log]) => setState({ status: 'ready', data: { overview, log } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [generation]);

  const done = (message: string) => {
    setNotice(message);
    reload();
  };

  if (state.status === 'loading') return <RouteFallback />;
  if (state.status === 'error') {
    const forbidden = errorCodeOf(state.error) === 'operator_only';
    return (
      <Alert.Root status={forbidden ? 'warning' : 'error'} role="alert" data-testid="moderation-not-allowed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{forbidden ? t('admin.notAllowed') : t('admin.loadFailed')}</Alert.Title>
          <Alert.Description>{forbidden ? t('admin.notAllowedText') : apiErrorText(t, state.error)}</Alert.Description>
          {forbidden ? null : (
            <Button variant="outline" minH="11" mt="3" onClick={reload}>
              {t('admin.retry')}
            </Button>
          )}
        </Alert.Content>
      </Alert.Root>
    );
  }
  const { overview, log } = state.data;
  return (
    <Stack gap="8">
      {notice ? (
        <Alert.Root status="success" role="status" data-testid="moderation-notice">
          <Alert.Indicator />
          <Alert.Description>{notice}</Alert.Description>
        </Alert.Root>
      ) : null}
      <Stack as="section" gap="3" aria-labelledby="moderation-reported">
        <Heading as="h2" id="moderation-reported" textStyle="xl">
          {t('admin.reported')}
        </Heading>
        {overview.reported.length === 0 ? <Text color="fg.muted">{t('admin.noReports')}</Text> : null}
        {overview.reported.map((job) => (
          <JobCard key={job.jobId} job={job} onDone={done} />
        ))}
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="moderation-hidden">
        <Heading as="h2" id="moderation-hidden" textStyle="xl">
          {t('admin.hidden')}
        </Heading>
        {overview.hidden.length === 0 ? <Text color="fg.muted">{t('admin.noHidden')}</Text> : null}
        {overview.hidden.map((job) => (
          <JobCard key={job.jobId} job={job} onDone={done} />
        ))}
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="moderation-audit">
        <Heading as="h2" id="moderation-audit" textStyle="xl">
          {t('admin.auditLog')}
        </Heading>
        {log.length === 0 ? <Text color="fg.muted">{t('admin.noAudit')}</Text> : null}
        <Stack as="ol" gap="2" ps="0" listStyleType="none" data-testid="moderation-audit">
          {log.map((entry) => (
            <Box as="li" key={entry.id} borderBottomWidth="1px" pb="2">
              <Text textStyle="sm" overflowWrap="anywhere">
                <Text as="span" fontWeight="medium">
                  {t('admin.auditEntry', { action: t(`admin.actions.${entry.action}`), jobId: entry.jobId })}
                </Text>{' '}
                {t('admin.by', { actor: entry.actor })}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {formatTime(entry.at, locale)}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** /admin: the operators' moderation page (ADMIN_EMAILS). A lazily loaded chunk of its own, like the portal. */
export default function AdminPage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  return (
    <StandalonePage>
      <Box as="main" flex="1" w="full" maxW="4xl" mx="auto" px={{ base: '4', md: '8' }} pb="12">
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h1" textStyle="3xl">
              {t('admin.title')}
            </Heading>
            <Text color="fg.muted">{t('admin.intro')}</Text>
          </Stack>
          {session.status === 'loading' ? <RouteFallback /> : null}
          {session.status !== 'loading' && session.status !== 'identified' ? (
            <Stack gap="3" align="flex-start" data-testid="moderation-sign-in">
              <Text>{t('admin.signIn')}</Text>
              <Button asChild minH="11">
                <RouterLink to={signInPath('/admin')}>{t('admin.signInButton')}</RouterLink>
              </Button>
            </Stack>
          ) : null}
          {session.status === 'identified' ? <ModerationBoard /> : null}
        </Stack>
      </Box>
    </StandalonePage>
  );
}

/** Sign-in, coming back to `returnTo` (the auth feature's own helper lives behind its public entry's heavy parts). */
function signInPath(returnTo: string): string {
  return `${clientPaths.signIn}?redirectUrl=${encodeURIComponent(returnTo)}`;
}
