import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import { createAccount } from '../api/create-account.ts';
import { signInWithGoogle } from '../google-sign-in.ts';
import { signOutUser } from '../../../lib/session/session-store.ts';

/**
 * Google popup sign-in, then the account call, then a full-page load of the destination (spec section 7), so the
 * whole app starts again with the new session. `loading` stays true (and signIn resolves true) while the browser leaves the page.
 */
export function useGoogleSignIn(redirectUrl: string): { signIn: () => Promise<boolean>; loading: boolean } {
  const { t } = useTranslation('auth');
  const [loading, setLoading] = useState(false);

  const signIn = useCallback(async () => {
    setLoading(true);
    let signedIn = false;
    try {
      const user = await signInWithGoogle();
      signedIn = true;
      await createAccount(user.email ?? '');
      window.location.assign(redirectUrl);
      return true;
    } catch (error) {
      // A popup failure was already logged by signInWithGoogle; only the account step is logged here.
      if (signedIn) {
        console.error('[auth] create-account failed after the Google sign-in', error);
        // Without an account record the app cannot work; undo the sign-in so the student can simply retry.
        await signOutUser().catch((signOutError: unknown) => console.error('[auth] sign-out failed', signOutError));
      }
      toaster.create({ type: 'error', title: t('google.failed') });
      setLoading(false);
      return false;
    }
  }, [redirectUrl, t]);

  return { signIn, loading };
}
