import {
  GithubAuthProvider,
  linkWithPopup,
  reauthenticateWithPopup,
  signInWithCredential,
  unlink,
  type OAuthCredential,
} from 'firebase/auth';
import { FirebaseError } from 'firebase/app';
import { getFirebaseAuth } from '../../lib/session/firebase.ts';
import { authErrorCode } from '../../lib/session/login-errors.ts';

// Spec section 7: connecting GitHub links the GitHub provider (scope read:user) to the sign-in account in a popup,
// to obtain an OAuth access token for the server's GitHub profile call. If that GitHub account is already the
// credential of another sign-in account, the app signs in with that credential instead.

export const githubProviderId = 'github.com';

function accessTokenOf(credential: OAuthCredential | null): string {
  const token = credential?.accessToken;
  if (!token) throw new Error('GitHub gave no access token');
  return token;
}

async function currentUser() {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error('Sign in before connecting GitHub');
  return { auth, user: auth.currentUser };
}

/** Opens the GitHub popup and answers the access token it granted. Popup errors are rethrown (after logging). */
export async function obtainGithubAccessToken(): Promise<string> {
  const { auth, user } = await currentUser();
  const provider = new GithubAuthProvider();
  provider.addScope('read:user');
  try {
    const result = await linkWithPopup(user, provider);
    return accessTokenOf(GithubAuthProvider.credentialFromResult(result));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'credential-already-in-use' && error instanceof FirebaseError) {
      const credential = GithubAuthProvider.credentialFromError(error);
      if (credential) {
        await signInWithCredential(auth, credential);
        return accessTokenOf(credential);
      }
    }
    if (code === 'provider-already-linked') {
      // Linked before (a disconnect whose unlink failed): ask GitHub again for a fresh token on the same link.
      const result = await reauthenticateWithPopup(user, provider);
      return accessTokenOf(GithubAuthProvider.credentialFromResult(result));
    }
    console.error('[profile] GitHub popup failed', error);
    throw error;
  }
}

/** Removes the GitHub provider from the sign-in account; nothing to do when it is not linked. */
export async function unlinkGithubProvider(): Promise<void> {
  const { user } = await currentUser();
  if (!user.providerData.some((provider) => provider.providerId === githubProviderId)) return;
  try {
    await unlink(user, githubProviderId);
  } catch (error) {
    if (authErrorCode(error) === 'no-such-provider') return;
    throw error;
  }
}
