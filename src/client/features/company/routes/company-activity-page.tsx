import '../company-i18n.ts';
import { Badge, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type {
  ActivityEntry,
  ActivityPage,
} from '../../../../shared/organization-activity/organization-activity-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { downloadActivityCsv, getActivity } from '../api/company-api.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { formatDateTime } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useOrganization } from '../organization-context.ts';

function ActivityText({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('company');
  const { t: tApplications } = useTranslation('applications');
  const actor = entry.actor ? (entry.actor.name ?? entry.actor.email ?? entry.actor.uid) : t('activity.deletedMember');
  const applicant = entry.applicantName ?? t('activity.anApplicant');
  switch (entry.kind) {
    case 'resume-view':
      return <>{t('activity.resumeView', { actor, applicant })}</>;
    case 'status-move':
      return (
        <>
          {t('activity.statusMove', {
            actor,
            applicant,
            from: entry.detail.from ? tApplications(`status.${entry.detail.from}`) : '',
            to: entry.detail.to ? tApplications(`status.${entry.detail.to}`) : '',
          })}
        </>
      );
    case 'note':
      return <>{t('activity.note', { actor, applicant })}</>;
    case 'message':
      return <>{t('activity.message', { actor, applicant })}</>;
    case 'interview':
      return <>{t(`activity.interview.${entry.detail.interview ?? 'proposed'}`, { actor, applicant })}</>;
    case 'export':
      return (
        <>{t(entry.detail.file === 'activity' ? 'activity.exportActivity' : 'activity.exportApplicants', { actor })}</>
      );
    case 'member-left':
      return <>{t('activity.memberLeft', { actor })}</>;
    case 'deletion-scheduled':
      return (
        <>
          {t('activity.deletionScheduled', {
            actor,
            date: entry.detail.dueAt ? formatDateTime(entry.detail.dueAt, i18n.language) : '',
          })}
        </>
      );
    case 'deletion-cancelled':
      return <>{t('activity.deletionCancelled', { actor })}</>;
  }
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('company');
  return (
    <Flex
      as="li"
      listStyleType="none"
      direction="column"
      gap="1"
      px="4"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-testid="activity-entry"
      data-kind={entry.kind}
    >
      <Text fontWeight="medium" overflowWrap="anywhere">
        <ActivityText entry={entry} />
      </Text>
      <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
        <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
        {entry.jobTitle ? ` · ${entry.jobTitle}` : ''}
        {entry.actor?.name && entry.actor.email && entry.actor.email !== entry.actor.name
          ? ` · ${entry.actor.email}`
          : ''}
      </Text>
      {entry.detail.notified ? (
        <Badge variant="subtle" colorPalette="blue" alignSelf="flex-start">
          {t('activity.notified')}
        </Badge>
      ) : null}
      {entry.applicationId && entry.applicantName ? (
        <Link
          asChild
          minH="11"
          display="inline-flex"
          alignItems="center"
          alignSelf="flex-start"
          colorPalette="brand"
          textStyle="sm"
        >
          <RouterLink to={`/company/applications/${encodeURIComponent(entry.applicationId)}`}>
            {t('activity.openApplication')}
          </RouterLink>
        </Link>
      ) : null}
    </Flex>
  );
}

/** /company/activity: what the organization's members did with applications (owners), with a CSV export. */
export default function CompanyActivityPage() {
  const { t } = useTranslation('company');
  const { current } = useOrganization();
  const isOwner = current.role === 'owner';
  const first = useResource(isOwner ? `activity:${current.id}` : null, (signal) =>
    getActivity(current.id, null, signal),
  );
  const [older, setOlder] = useState<ActivityPage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [exporting, setExporting] = useState(false);

  const pages = first.status === 'ready' ? [first.data, ...older] : [];
  const items = pages.flatMap((page) => page.items);
  const nextCursor = pages.at(-1)?.nextCursor ?? null;

  async function loadOlder() {
    if (!nextCursor) return;
    setLoadingOlder(true);
    try {
      const page = await getActivity(current.id, nextCursor);
      setOlder((previous) => [...previous, page]);
    } catch (error) {
      toaster.create({ type: 'error', title: t('activity.loadFailed'), description: apiErrorText(t, error) });
    } finally {
      setLoadingOlder(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(await downloadActivityCsv(current.id), 'organization-activity.csv');
    } catch (error) {
      toaster.create({ type: 'error', title: t('activity.downloadFailed'), description: apiErrorText(t, error) });
    } finally {
      setExporting(false);
    }
  }

  function reload() {
    setOlder([]);
    first.reload();
  }

  return (
    <Stack gap="6">
      <Flex gap="3" align={{ base: 'stretch', sm: 'flex-end' }} justify="space-between" wrap="wrap">
        <Stack gap="1" flex="1" minW="60">
          <Heading as="h1" size="2xl">
            {t('activity.title')}
          </Heading>
          <Text color="fg.muted">{t('activity.subtitle')}</Text>
        </Stack>
        {isOwner ? (
          <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} minH="11">
            <LuDownload aria-hidden />
            {t('activity.download')}
          </Button>
        ) : null}
      </Flex>
      {!isOwner ? <EmptyPanel icon={<LuHistory />} title={t('activity.ownersOnly')} /> : null}
      {isOwner && first.status === 'loading' ? <LoadingRows rows={4} height="14" /> : null}
      {first.status === 'error' ? <ErrorPanel error={first.error} onRetry={reload} /> : null}
      {first.status === 'ready' && items.length === 0 ? (
        <EmptyPanel
          icon={<LuHistory />}
          title={t('activity.emptyTitle')}
          description={t('activity.emptyDescription')}
        />
      ) : null}
      {items.length > 0 ? (
        <Stack as="ol" gap="0" borderWidth="1px" rounded="l3" bg="bg" data-testid="activity">
          {items.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      ) : null}
      {nextCursor ? (
        <Button variant="outline" alignSelf="center" onClick={() => void loadOlder()} loading={loadingOlder} minH="11">
          {t('activity.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}
