import { isSignInWithEmailLink, sendSignInLinkToEmail, signInWithEmailLink, type User } from 'firebase/auth';
import { getFirebaseAuth } from '../../lib/session/firebase.ts';
import { buildEmailLinkSettings, emailForSignInKey, tenantForSignInKey } from './sign-in-links.ts';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the callback then asks for the email again.
    return null;
  }
}

/**
 * Step 1 of the email-link flow: send the link, then remember the email and tenant for the callback.
 * The student tenant is unset, in which case nothing is stored for it.
 */
export async function requestEmailLink(email: string, redirectUrl: string | null | undefined): Promise<void> {
  const auth = await getFirebaseAuth();
  await sendSignInLinkToEmail(auth, email, buildEmailLinkSettings(window.location.origin, redirectUrl));
  const store = storage();
  store?.setItem(emailForSignInKey, email);
  if (auth.tenantId) store?.setItem(tenantForSignInKey, auth.tenantId);
  else store?.removeItem(tenantForSignInKey);
}

/** True when the given URL (normally the current one) is a Firebase sign-in link. */
export async function isEmailSignInLink(href: string): Promise<boolean> {
  return isSignInWithEmailLink(await getFirebaseAuth(), href);
}

export function storedSignInEmail(): string | null {
  return storage()?.getItem(emailForSignInKey) || null;
}

/**
 * Step 2: complete the sign-in with the link, then forget the stored values.
 * The tenant comes from storage, or from the tenantId parameter Firebase itself adds to tenant links.
 */
export async function completeEmailLinkSignIn(email: string, href: string): Promise<User> {
  const auth = await getFirebaseAuth();
  const store = storage();
  const tenant = store?.getItem(tenantForSignInKey) || new URL(href).searchParams.get('tenantId');
  auth.tenantId = tenant || null;
  const credential = await signInWithEmailLink(auth, email, href);
  store?.removeItem(emailForSignInKey);
  store?.removeItem(tenantForSignInKey);
  return credential.user;
}
