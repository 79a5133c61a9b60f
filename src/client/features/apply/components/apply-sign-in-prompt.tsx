import { Card, Heading, Icon, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBadgeCheck, LuSave, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { safeRedirectPath } from '../../../../shared/safe-redirect.ts';
import { LoginPanel, type LoginMode } from '../../auth/index.ts';
import { useRuntimeConfig } from '../../../lib/use-runtime-config.ts';

/**
 * Spec section 2, apply screen: 'Sign in to apply for this position', the benefits, Google and Email (which come back
 * to this very page, query included), LinkedIn and Apple disabled, and the Privacy Policy link.
 */
export function ApplySignInPrompt({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('apply');
  const config = useRuntimeConfig();
  const [mode, setMode] = useState<LoginMode>('social');
  const redirectUrl = safeRedirectPath(returnTo);
  const benefits = [
    { icon: LuSave, text: t('signIn.benefits.saveProgress') },
    { icon: LuSparkles, text: t('signIn.benefits.autoFill') },
    { icon: LuBadgeCheck, text: t('signIn.benefits.verified') },
  ];
  return (
    <Card.Root variant="elevated" maxW="md" mx="auto" data-testid="apply-sign-in">
      <Card.Header gap="2" textAlign="center">
        <Heading as="h2" size="xl">
          {t('signIn.title')}
        </Heading>
        <Text color="fg.muted">{t('signIn.subtitle')}</Text>
      </Card.Header>
      <Card.Body gap="6">
        <List.Root gap="2" variant="plain">
          {benefits.map((benefit) => (
            <List.Item key={benefit.text} alignItems="center">
              <List.Indicator asChild color="brand.fg">
                <Icon as={benefit.icon} aria-hidden />
              </List.Indicator>
              {benefit.text}
            </List.Item>
          ))}
        </List.Root>
        <LoginPanel
          redirectUrl={redirectUrl}
          mode={mode}
          onModeChange={setMode}
          embedded={Boolean(config?.authEmulatorUrl)}
        />
        <Stack>
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            {t('signIn.privacyNote')}{' '}
            <Link asChild variant="underline" color="fg">
              <RouterLink to="/privacy">{t('signIn.privacyPolicy')}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
