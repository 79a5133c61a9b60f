import { GoogleAuthProvider, signInWithPopup, type User } from 'firebase/auth';
import { getFirebaseAuth } from '../../lib/session/firebase.ts';

/** Google account via popup with the profile and email scopes (spec section 7). Failures are logged and rethrown. */
export async function signInWithGoogle(): Promise<User> {
  try {
    const auth = await getFirebaseAuth();
    const provider = new GoogleAuthProvider();
    provider.addScope('profile');
    provider.addScope('email');
    const credential = await signInWithPopup(auth, provider);
    return credential.user;
  } catch (error) {
    console.error('[auth] Google sign-in failed', error);
    throw error;
  }
}
