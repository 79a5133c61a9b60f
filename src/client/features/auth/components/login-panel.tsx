import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useGoogleSignIn } from '../hooks/use-google-sign-in.ts';
import { EmailLinkSent } from './email-link-sent.tsx';
import { EmailLoginForm } from './email-login-form.tsx';
import { SocialLoginButtons } from './social-login-buttons.tsx';

export type LoginMode = 'social' | 'email';

interface LoginPanelProps {
  /** A path already checked with safeRedirectPath: where the student lands after signing in. */
  redirectUrl: string;
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  /** Embedded mode (the local Auth emulator) adds the "Open my sign-in link" shortcut. */
  embedded: boolean;
  /** Also show the providers not offered yet (LinkedIn, Apple), disabled: the students' page does, the portal not. */
  showComingSoon?: boolean;
  /** Told while a Google sign-in is under way, so the page does not redirect on its own in the meantime. */
  onBusyChange?: (busy: boolean) => void;
}

/** Social buttons or the email form, and the confirmation once a link was sent. Reusable wherever sign-in is asked. */
export function LoginPanel({
  redirectUrl,
  mode,
  onModeChange,
  embedded,
  onBusyChange,
  showComingSoon = true,
}: LoginPanelProps) {
  const google = useGoogleSignIn(redirectUrl);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  async function continueWithGoogle() {
    onBusyChange?.(true);
    // On success the page is being replaced by a full load: stay busy until then.
    if (!(await google.signIn())) onBusyChange?.(false);
  }

  if (mode === 'email' && sentTo) {
    return (
      <EmailLinkSent
        email={sentTo}
        redirectUrl={redirectUrl}
        embedded={embedded}
        onUseAnotherEmail={() => setSentTo(null)}
      />
    );
  }

  return (
    <Stack gap="4">
      {mode === 'email' ? (
        <EmailLoginForm
          redirectUrl={redirectUrl}
          defaultEmail={lastEmail}
          onBack={() => onModeChange('social')}
          onSent={(email) => {
            setLastEmail(email);
            setSentTo(email);
          }}
        />
      ) : (
        <SocialLoginButtons
          showComingSoon={showComingSoon}
          onGoogle={() => void continueWithGoogle()}
          onEmail={() => onModeChange('email')}
          googleLoading={google.loading}
        />
      )}
    </Stack>
  );
}
