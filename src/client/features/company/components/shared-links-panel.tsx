import { Badge, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuLink, LuPlus, LuX } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { createSharedLink, getSharedLinks, revokeSharedLink } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from './company-states.tsx';

/** Shared links of a job: create, copy, revoke, and how many applications came through each. */
export function SharedLinksPanel({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('company');
  const links = useResource(`links:${jobId}`, (signal) => getSharedLinks(jobId, signal));
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function create() {
    setCreating(true);
    try {
      await createSharedLink(jobId);
      toaster.create({ type: 'success', title: t('links.created') });
      links.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('links.failed'), description: apiErrorText(t, error) });
    } finally {
      setCreating(false);
    }
  }

  async function revoke(id: string) {
    setBusyId(id);
    try {
      await revokeSharedLink(jobId, id);
      toaster.create({ type: 'success', title: t('links.revoked') });
      links.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('links.failed'), description: apiErrorText(t, error) });
    } finally {
      setBusyId(null);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: t('links.copied') });
    } catch {
      toaster.create({ type: 'info', title: t('links.copyManually') });
    }
  }

  return (
    <Stack gap="4" data-testid="links-panel">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted" textStyle="sm" flex="1" minW="60">
          {t('links.help')}
        </Text>
        <Button onClick={() => void create()} loading={creating} minH="11">
          <LuPlus aria-hidden />
          {t('links.create')}
        </Button>
      </Flex>
      {links.status === 'loading' ? <LoadingRows rows={2} height="12" /> : null}
      {links.status === 'error' ? <ErrorPanel error={links.error} onRetry={links.reload} /> : null}
      {links.status === 'ready' && links.data.length === 0 ? (
        <EmptyPanel icon={<LuLink />} title={t('links.empty')} />
      ) : null}
      {links.status === 'ready' && links.data.length > 0 ? (
        <Stack as="ul" gap="0" borderWidth="1px" rounded="l3" bg="bg" data-testid="shared-links">
          {links.data.map((link) => (
            <Stack
              as="li"
              key={link.id}
              listStyleType="none"
              gap="2"
              px="4"
              py="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
              data-testid="shared-link"
              opacity={link.revokedAt ? 0.7 : 1}
            >
              <Flex gap="2" align="center" wrap="wrap">
                <Input
                  value={link.url}
                  readOnly
                  aria-label={t('links.url')}
                  flex="1"
                  minW="48"
                  minH="11"
                  fontFamily="mono"
                  textStyle="sm"
                  onFocus={(event) => event.currentTarget.select()}
                />
                {link.revokedAt ? null : (
                  <>
                    <Button variant="outline" minH="11" onClick={() => void copy(link.url)}>
                      <LuCopy aria-hidden />
                      {t('links.copy')}
                    </Button>
                    <Button
                      variant="ghost"
                      colorPalette="red"
                      minH="11"
                      loading={busyId === link.id}
                      onClick={() => void revoke(link.id)}
                    >
                      <LuX aria-hidden />
                      {t('links.revoke')}
                    </Button>
                  </>
                )}
              </Flex>
              <Flex gap="3" textStyle="sm" color="fg.muted" wrap="wrap">
                <Text>{t('links.createdOn', { date: formatDate(link.createdAt, i18n.language) })}</Text>
                <Badge variant="subtle" colorPalette="brand">
                  {t('links.applications', { count: link.applicationCount })}
                </Badge>
                {link.revokedAt ? (
                  <Badge variant="subtle" colorPalette="gray">
                    {t('links.revokedOn', { date: formatDate(link.revokedAt, i18n.language) })}
                  </Badge>
                ) : null}
              </Flex>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
