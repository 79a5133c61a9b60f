import '../company-i18n.ts';
import { Icon, Link, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2 } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { safeRedirectPath } from '../../../../shared/safe-redirect.ts';
import { SignInCard, type LoginMode } from '../../auth/index.ts';
import { useSession, useSessionRestored } from '../../../lib/session/use-session.ts';

/** Where a portal sign-in may lead: a /company page (a join link, a deep link), else the portal's home. */
export function portalRedirect(value: string | null): string {
  const path = safeRedirectPath(value ?? undefined);
  return path === '/company' || path.startsWith('/company/') ? path : '/company';
}

/** /company/sign-in: the same Firebase sign-in (e-mail link, Google) as students, leading into the portal. */
export default function CompanySignInPage() {
  const { t } = useTranslation('company');
  const [searchParams] = useSearchParams();
  const redirectUrl = portalRedirect(searchParams.get('redirectUrl'));
  const session = useSession();
  // The browser's signed-in hint is not enough to leave: only Firebase's answer is.
  const restored = useSessionRestored();
  const [mode, setMode] = useState<LoginMode>('social');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = t('signIn.documentTitle');
  }, [t]);

  if (session.status === 'identified' && restored && !busy) return <Navigate to={redirectUrl} replace />;

  return (
    <SignInCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      badge={<Icon as={LuBuilding2} boxSize="8" color="brand.solid" aria-hidden />}
      redirectUrl={redirectUrl}
      mode={mode}
      onModeChange={setMode}
      onBusyChange={setBusy}
      showComingSoon={false}
      footer={
        <Text textAlign="center" fontSize="sm">
          <Link asChild variant="underline" color="fg" fontWeight="medium">
            <RouterLink to="/sign-in">{t('signIn.studentLink')}</RouterLink>
          </Link>
        </Text>
      }
    >
      <Text mt="5" textAlign="center" fontSize="sm" color="fg.muted">
        {t('signIn.invitationHint')}
      </Text>
    </SignInCard>
  );
}
