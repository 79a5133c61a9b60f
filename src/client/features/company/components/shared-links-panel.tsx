import { Badge, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuLink, LuPlus, LuX } from 'react-icons/lu';
import { sharedLinkExpiryChoices, sharedLinkLimits } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { createSharedLink, getSharedLinks, revokeSharedLink } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { EmptyPanel, ErrorPanel, LoadingRows } from './company-states.tsx';

/**
 * Shared links of a job: create (with a label saying where it is posted and an optional expiry), copy, revoke, and
 * how many applications came through each.
 */
export function SharedLinksPanel({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('company');
  const links = useResource(`links:${jobId}`, (signal) => getSharedLinks(jobId, signal));
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState('');
  // Links are judged expired from when the list was read.
  const [now] = useState(() => Date.now());

  async function create() {
    setCreating(true);
    try {
      await createSharedLink(jobId, {
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(expiry ? { expiresInDays: Number(expiry) } : {}),
      });
      setLabel('');
      setExpiry('');
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
      <Text color="fg.muted" textStyle="sm">
        {t('links.help')}
      </Text>
      <Flex gap="3" align="flex-end" wrap="wrap" data-testid="link-form">
        <Field.Root flex="2" minW={{ base: 'full', sm: '60' }}>
          <Field.Label>{t('links.label')}</Field.Label>
          <Input
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={sharedLinkLimits.label}
            placeholder={t('links.labelPlaceholder')}
            minH="11"
            data-testid="link-label"
          />
          <Field.HelperText>{t('links.labelHelp')}</Field.HelperText>
        </Field.Root>
        <Field.Root flex="1" minW={{ base: 'full', sm: '48' }}>
          <Field.Label>{t('links.expiry')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={expiry}
              onChange={(event) => setExpiry(event.currentTarget.value)}
              minH="11"
              data-testid="link-expiry"
            >
              <option value="">{t('links.expiryNever')}</option>
              {sharedLinkExpiryChoices.map((days) => (
                <option key={days} value={String(days)}>
                  {t('links.expiryDays', { count: days })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {/* Keeps the select level with the label's input above its helper text. */}
          <Field.HelperText visibility="hidden" aria-hidden>
            {t('links.labelHelp')}
          </Field.HelperText>
        </Field.Root>
        <Button onClick={() => void create()} loading={creating} minH="11" mb={{ sm: '7' }}>
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
          {links.data.map((link) => {
            const expired = link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now;
            const closed = link.revokedAt !== null || expired;
            return (
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
                opacity={closed ? 0.7 : 1}
              >
                <Text fontWeight="semibold" color={link.label ? undefined : 'fg.muted'} data-testid="shared-link-label">
                  {link.label ?? t('links.noLabel')}
                </Text>
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
                  {closed ? null : (
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
                  ) : link.expiresAt ? (
                    <Badge variant="subtle" colorPalette={expired ? 'gray' : 'orange'} data-testid="shared-link-expiry">
                      {t(expired ? 'links.expiredOn' : 'links.expiresOn', {
                        date: formatDate(link.expiresAt, i18n.language),
                      })}
                    </Badge>
                  ) : null}
                </Flex>
              </Stack>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
