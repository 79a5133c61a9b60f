import { Alert, Card, Flex, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { safeRedirectPath } from '../../../../shared/safe-redirect.ts';
import { Button } from '../../../components/ui/button.tsx';
import { createAccount } from '../api/create-account.ts';
import { ConfirmEmailForm } from '../components/confirm-email-form.tsx';
import { completeEmailLinkSignIn, isEmailSignInLink, storedSignInEmail } from '../email-link.ts';
import { describeLoginError, type LoginMessage } from '../../../lib/session/login-errors.ts';

type Phase =
  | { kind: 'checking' }
  | { kind: 'not-a-link' }
  | { kind: 'need-email' }
  | { kind: 'signing-in' }
  | { kind: 'sign-in-failed'; message: LoginMessage }
  | { kind: 'account-failed'; email: string };

/** Why the page could not finish; its title is the page's heading. */
function FailureAlert({ title, description }: { title: string; description: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Heading as="h1" size="sm">
            {title}
          </Heading>
        </Alert.Title>
        <Alert.Description>{description}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Return page of the email sign-in link (spec section 4, email-link flow steps 2 to 4). */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // The link as it was opened; read once, before anything can change the address bar.
  const [href] = useState(() => window.location.href);
  const redirectUrl = safeRedirectPath(new URL(href).searchParams.get('redirectUrl'));
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const started = useRef(false);

  const finish = useCallback(
    async (email: string) => {
      setPhase({ kind: 'signing-in' });
      try {
        await createAccount(email);
      } catch (error) {
        console.error('[auth] create-account failed after the email-link sign-in', error);
        setPhase({ kind: 'account-failed', email });
        return;
      }
      await navigate(redirectUrl, { replace: true });
    },
    [navigate, redirectUrl],
  );

  const complete = useCallback(
    async (email: string) => {
      setPhase({ kind: 'signing-in' });
      let signedInEmail: string;
      try {
        const user = await completeEmailLinkSignIn(email, href);
        signedInEmail = user.email ?? email;
      } catch (error) {
        console.error('[auth] email-link sign-in failed', error);
        setPhase({ kind: 'sign-in-failed', message: describeLoginError(error) });
        return;
      }
      await finish(signedInEmail);
    },
    [finish, href],
  );

  useEffect(() => {
    // The one-time code must be spent once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void (async () => {
      let isLink: boolean;
      try {
        isLink = await isEmailSignInLink(href);
      } catch (error) {
        console.error('[auth] could not check the sign-in link', error);
        setPhase({ kind: 'sign-in-failed', message: describeLoginError(error) });
        return;
      }
      if (!isLink) {
        setPhase({ kind: 'not-a-link' });
        return;
      }
      const email = storedSignInEmail();
      if (email) await complete(email);
      else setPhase({ kind: 'need-email' });
    })();
  }, [complete, href]);

  useEffect(() => {
    document.title = t('callback.documentTitle');
  }, [t]);

  const retryPath = `/sign-in?mode=email&redirectUrl=${encodeURIComponent(redirectUrl)}`;

  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" bg="bg.muted" px="4" py="8">
      <Card.Root w="full" maxW="sm" variant="elevated">
        <Card.Body>
          {(phase.kind === 'checking' || phase.kind === 'signing-in') && (
            <Stack align="center" gap="4" py="6" role="status" aria-live="polite">
              <Spinner size="lg" color="brand.solid" borderWidth="3px" />
              <Text color="fg.muted">{t(phase.kind === 'checking' ? 'callback.checking' : 'callback.signingIn')}</Text>
            </Stack>
          )}

          {phase.kind === 'not-a-link' && (
            <Stack gap="3" textAlign="center">
              <Heading as="h1" size="lg">
                {t('callback.notALinkTitle')}
              </Heading>
              <Text color="fg.muted">{t('callback.notALinkDescription')}</Text>
              <Link asChild alignSelf="center" variant="underline" fontWeight="medium">
                <RouterLink to={retryPath}>{t('callback.goToSignIn')}</RouterLink>
              </Link>
            </Stack>
          )}

          {phase.kind === 'need-email' && (
            <Stack gap="5">
              <Stack gap="1">
                <Heading as="h1" size="lg">
                  {t('callback.confirmTitle')}
                </Heading>
                <Text color="fg.muted">{t('callback.confirmDescription')}</Text>
              </Stack>
              <ConfirmEmailForm onConfirm={complete} />
            </Stack>
          )}

          {phase.kind === 'sign-in-failed' && (
            <Stack gap="4">
              <FailureAlert title={t(phase.message.titleKey)} description={t(phase.message.descriptionKey)} />
              <Button asChild w="full">
                <RouterLink to={retryPath}>{t('callback.requestNewLink')}</RouterLink>
              </Button>
            </Stack>
          )}

          {phase.kind === 'account-failed' && (
            <Stack gap="4">
              <FailureAlert title={t('loginMessages.unexpected.title')} description={t('callback.accountFailed')} />
              <Button w="full" onClick={() => void finish(phase.email)}>
                {t('callback.retry')}
              </Button>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
