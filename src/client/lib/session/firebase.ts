import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signOut, type Auth } from 'firebase/auth';
import { getRuntimeConfig } from '../runtime-config.ts';
import { setIdTokenProvider } from '../api-client.ts';
import { requiresSignOut } from './login-errors.ts';

let authPromise: Promise<Auth> | null = null;

/** The signed-in user's ID token for API calls, or null; an account that cannot recover is signed out. */
export async function currentIdToken(auth: Auth): Promise<string | null> {
  // Wait for the persisted user to be restored, otherwise the first request after a reload goes out anonymous.
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch (error) {
    if (requiresSignOut(error)) {
      await signOut(auth).catch((signOutError: unknown) => console.error('[auth] sign-out failed', signOutError));
    }
    throw error;
  }
}

async function initialise(): Promise<Auth> {
  const config = await getRuntimeConfig();
  const app = initializeApp({
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    projectId: config.firebase.projectId,
  });
  const auth = getAuth(app);
  // The student tenant is unset (spec section 1), so auth.tenantId stays null unless a stored tenant is applied.
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  setIdTokenProvider(() => currentIdToken(auth));
  return auth;
}

/**
 * The Firebase Auth instance, created on first use from the runtime configuration.
 * Lazy so pages that never need a user (the landing page) never download Firebase.
 */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= initialise().catch((error: unknown) => {
    // Let a later call retry (for instance once the configuration can be fetched again).
    authPromise = null;
    throw error;
  });
  return authPromise;
}
