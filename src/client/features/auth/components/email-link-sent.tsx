import { Alert, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LuTerminal } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { fetchDevEmailLink } from '../api/dev-email-link.ts';
import { loginLinkSent } from '../../../lib/session/login-errors.ts';
import { emulatorCallbackPath } from '../sign-in-links.ts';

interface EmailLinkSentProps {
  email: string;
  redirectUrl: string;
  /** Embedded mode (the local Auth emulator): no mail is sent, so offer a shortcut to the link. */
  embedded: boolean;
  onUseAnotherEmail: () => void;
}

export function EmailLinkSent({ email, redirectUrl, embedded, onUseAnotherEmail }: EmailLinkSentProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  async function openLink() {
    setOpening(true);
    try {
      const link = await fetchDevEmailLink(email);
      // Same page the emulator's own redirect would reach, without leaving the app's origin.
      await navigate(emulatorCallbackPath(link, window.location.origin, redirectUrl));
    } catch (error) {
      console.error('[auth] could not open the emulator sign-in link', error);
      toaster.create({ type: 'error', title: t('linkSent.openLinkFailed') });
      setOpening(false);
    }
  }

  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(loginLinkSent.titleKey)}</Alert.Title>
          <Alert.Description>{t(loginLinkSent.descriptionKey)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
        <Trans
          t={t}
          i18nKey="linkSent.sentTo"
          values={{ email }}
          components={{ strong: <Text as="strong" color="fg" /> }}
        />
      </Text>
      {embedded && (
        <Stack gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="l2" p="4" bg="bg.muted">
          <Stack gap="1">
            <Text fontWeight="semibold" fontSize="sm">
              {t('linkSent.embeddedTitle')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('linkSent.embeddedDescription')}
            </Text>
          </Stack>
          <Button onClick={openLink} loading={opening} w="full">
            <LuTerminal aria-hidden />
            {t('linkSent.openLink')}
          </Button>
        </Stack>
      )}
      <Button variant="ghost" w="full" onClick={onUseAnotherEmail} disabled={opening}>
        {t('linkSent.useAnotherEmail')}
      </Button>
    </Stack>
  );
}
