import { Alert, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuWifiOff } from 'react-icons/lu';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useBreadcrumb } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { AccountEditor } from '../components/account-editor.tsx';
import { AccountError } from '../components/account-error.tsx';
import { AccountSkeleton } from '../components/account-skeleton.tsx';
import { OnboardingNameForm } from '../components/onboarding-name-form.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { useProfile } from '../hooks/use-profile.ts';
import { DeleteAccountSection, ExportAccountSection } from '../../account/index.ts';

function OfflineNotice({ savedAt }: { savedAt: number }) {
  const { t, i18n } = useTranslation('account');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt);
  return (
    <Alert.Root status="info" variant="subtle" data-testid="account-offline">
      <Alert.Indicator>
        <LuWifiOff />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{t('offline.title')}</Alert.Title>
        <Alert.Description>{t('offline.description', { date })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function AccountContent({ uid }: { uid: string }) {
  const { t } = useTranslation('account');
  const state = useProfile(uid);
  const failed = state.status === 'error' && !state.offline;
  const toasted = useRef(false);

  useEffect(() => {
    // Spec section 8: a load failure is also announced as a toast, once per failure.
    if (failed && !toasted.current) {
      toasted.current = true;
      toaster.create({
        type: 'error',
        title: t('toasts.errorLoading.title'),
        description: t('toasts.errorLoading.description'),
      });
    }
    if (!failed) toasted.current = false;
  }, [failed, t]);

  if (state.status === 'loading') return <AccountSkeleton />;
  if (state.status === 'error')
    return <AccountError offline={state.offline} message={state.message} onRetry={state.retry} />;
  if (state.status === 'offline') {
    const { profile, savedAt } = state.cached;
    return (
      <Stack gap="6">
        <OfflineNotice savedAt={savedAt} />
        <ProfileHeader profile={profile} />
        {/* Values read from a resume offline are applied once the network is back: the page is then up to date. */}
        <AccountEditor key={`${profile.id}-offline`} profile={profile} readOnly onProfileChange={state.replace} />
      </Stack>
    );
  }
  const { profile } = state;
  if (profile.onboardingRequired) return <OnboardingNameForm profile={profile} onDone={state.replace} />;
  return (
    <Stack gap="6">
      <ProfileHeader profile={profile} />
      <AccountEditor key={profile.id} profile={profile} readOnly={false} onProfileChange={state.replace} />
      <ExportAccountSection />
      <DeleteAccountSection />
    </Stack>
  );
}

/** /account: the student's profile (spec sections 2-5), read-only from this device's copy when offline. */
export default function AccountPage() {
  const { t } = useTranslation('dashboard');
  useBreadcrumb([{ label: t('breadcrumb.account') }]);
  const session = useSession();
  return (
    <Stack gap="6" maxW="5xl" mx="auto" w="full" pb="4" data-testid="account-page">
      {session.user ? <AccountContent key={session.user.uid} uid={session.user.uid} /> : <AccountSkeleton />}
    </Stack>
  );
}
