import { Icon, Link, Text } from '@chakra-ui/react';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LuBuilding2 } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { safeRedirectPath } from '../../../../shared/safe-redirect.ts';
import { type LoginMode } from '../components/login-panel.tsx';
import { SignInCard } from '../components/sign-in-card.tsx';
import { useRuntimeConfig } from '../../../lib/use-runtime-config.ts';
import { useSession, useSessionRestored } from '../../../lib/session/use-session.ts';
import { ensureAnonymousSession } from '../../../lib/session/session-store.ts';
import { companyPortalHref } from '../sign-in-links.ts';

function InternalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link asChild variant="underline" color="fg">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const redirectUrl = safeRedirectPath(searchParams.get('redirectUrl'));
  const session = useSession();
  // The browser's signed-in hint is not enough to leave: only Firebase's answer is.
  const restored = useSessionRestored();
  const config = useRuntimeConfig();
  const [mode, setMode] = useState<LoginMode>(searchParams.get('mode') === 'email' ? 'email' : 'social');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = t('signIn.documentTitle');
  }, [t]);

  // A visitor without any session gets an anonymous one in the background (spec section 4), so the device has a
  // stable uid before the person decides how to sign in. It never counts as signed in; failures are only logged.
  useEffect(() => {
    if (session.status === 'signed-out') ensureAnonymousSession().catch(() => undefined);
  }, [session.status]);

  // Someone already signed in has nothing to do here; a Google sign-in in progress leaves by a full page load itself.
  if (session.status === 'identified' && restored && !busy) return <Navigate to={redirectUrl} replace />;

  const signUpHref = `/sign-in?mode=email&redirectUrl=${encodeURIComponent(redirectUrl)}`;
  function openSignUp(event: MouseEvent<HTMLAnchorElement>) {
    // A real link (it works in a new tab too), but here it simply switches to the email form.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setMode('email');
  }

  return (
    <SignInCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      redirectUrl={redirectUrl}
      mode={mode}
      onModeChange={setMode}
      onBusyChange={setBusy}
      footer={
        <>
          <Text textAlign="center" fontSize="sm">
            {/* The app's own portal unless the deployment sends companies elsewhere (COMPANY_PORTAL_URL). */}
            <Link
              href={companyPortalHref(config?.companyPortalUrl)}
              display="inline"
              fontWeight="medium"
              color="fg"
              data-testid="company-portal-link"
            >
              <Icon as={LuBuilding2} me="1.5" verticalAlign="-0.125em" aria-hidden />
              {t('signIn.companyPortal')}
            </Link>
          </Text>

          <Text fontSize="xs" color="fg.muted" textAlign="center" textWrap="balance">
            <Trans
              t={t}
              i18nKey="signIn.terms"
              components={{
                terms: <InternalLink to="/terms-and-conditions" />,
                privacy: <InternalLink to="/privacy" />,
              }}
            />
          </Text>
        </>
      }
    >
      {mode === 'social' && (
        <Text mt="5" textAlign="center" fontSize="sm" color="fg.muted">
          {t('signIn.noAccount')}{' '}
          <Link asChild variant="underline" color="fg" fontWeight="medium">
            <RouterLink to={signUpHref} onClick={openSignUp}>
              {t('signIn.signUp')}
            </RouterLink>
          </Link>
          <Text as="span" display="block" mt="1" fontSize="xs">
            {t('signIn.signUpHint')}
          </Text>
        </Text>
      )}
    </SignInCard>
  );
}
