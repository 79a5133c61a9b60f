import type { User } from 'firebase/auth';
import { setIdTokenProvider } from '../api-client.ts';
import { forgetSignedInShellText } from '../signed-in-shell.ts';
import { signedInHintKey, signedInUserKey } from './session-keys.ts';

/** What the interface needs to know about the signed-in person; a plain snapshot so React can compare it. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/**
 * Spec section 4: no user, an anonymous user (created on demand) or a signed-in user (Google or email link).
 * `loading` covers the moment before Firebase has restored a persisted session.
 */
export type Session =
  | { status: 'loading'; user: null; isAnonymous: false }
  | { status: 'signed-out'; user: null; isAnonymous: false }
  | { status: 'anonymous'; user: SessionUser; isAnonymous: true }
  | { status: 'identified'; user: SessionUser; isAnonymous: false };

const loading: Session = { status: 'loading', user: null, isAnonymous: false };
const signedOut: Session = { status: 'signed-out', user: null, isAnonymous: false };

export { signedInHintKey, signedInUserKey };

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  const optionalText = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof user.uid === 'string' &&
    user.uid !== '' &&
    optionalText(user.email) &&
    optionalText(user.displayName) &&
    optionalText(user.photoURL)
  );
}

/**
 * The session to paint with before Firebase answers: the student this browser last had signed in, else `loading`.
 * Only what is drawn depends on it; every API call still waits for Firebase's token, and Firebase's answer replaces
 * it (a session that is gone sends the guards to the sign-in page).
 */
function hintedSession(): Session {
  try {
    if (localStorage.getItem(signedInHintKey) !== '1') return loading;
    const user: unknown = JSON.parse(localStorage.getItem(signedInUserKey) ?? 'null');
    return isSessionUser(user) ? { status: 'identified', user, isAnonymous: false } : loading;
  } catch {
    return loading;
  }
}

/**
 * Requests made before Firebase has started (the pages paint from the hint, and a child's effect may call the API
 * before the guard above it subscribes) wait for its token instead of going out without one; firebase.ts replaces
 * this provider once it is up.
 */
function waitForFirebaseToken(): void {
  setIdTokenProvider(async () => {
    const { getFirebaseAuth, currentIdToken } = await import('./firebase.ts');
    return currentIdToken(await getFirebaseAuth());
  });
}

let current: Session = typeof window === 'undefined' ? loading : hintedSession();
if (current.status === 'identified') waitForFirebaseToken();
// Firebase has answered once: until then an `identified` session may only be the hint.
let restored = false;
let started = false;
// Set while the page is about to be replaced by a full load, so guards do not redirect in the meantime.
let frozen = false;
const listeners = new Set<() => void>();

function toSession(user: User | null): Session {
  if (!user) return signedOut;
  const snapshot: SessionUser = {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
  return user.isAnonymous
    ? { status: 'anonymous', user: snapshot, isAnonymous: true }
    : { status: 'identified', user: snapshot, isAnonymous: false };
}

function sameSession(a: Session, b: Session): boolean {
  if (a.status !== b.status) return false;
  if (!a.user || !b.user) return a.user === b.user;
  return (
    a.user.uid === b.user.uid &&
    a.user.email === b.user.email &&
    a.user.displayName === b.user.displayName &&
    a.user.photoURL === b.user.photoURL
  );
}

function rememberSignedIn(session: Session): void {
  if (session.status === 'loading') return;
  try {
    if (session.status === 'identified') {
      localStorage.setItem(signedInHintKey, '1');
      localStorage.setItem(signedInUserKey, JSON.stringify(session.user));
    } else {
      localStorage.removeItem(signedInHintKey);
      localStorage.removeItem(signedInUserKey);
      forgetSignedInShellText();
    }
  } catch {
    // Storage disabled: the public pages simply wait for the first interaction.
  }
}

function publish(next: Session): void {
  if (frozen) return;
  const firstAnswer = !restored;
  restored = true;
  // Token refreshes also fire the listener, and Firebase usually confirms the hinted student: only a real change
  // re-renders (the session object stays the same, so components reading it skip the render).
  if (sameSession(current, next)) {
    if (firstAnswer) {
      rememberSignedIn(next);
      for (const listener of listeners) listener();
    }
    return;
  }
  current = next;
  rememberSignedIn(next);
  for (const listener of listeners) listener();
}

function start(): void {
  if (started) return;
  started = true;
  waitForFirebaseToken();
  // Firebase is loaded here, on first use, so the landing page never pays for it.
  void Promise.all([import('./firebase.ts'), import('firebase/auth')])
    .then(async ([{ getFirebaseAuth }, { onIdTokenChanged }]) => {
      const auth = await getFirebaseAuth();
      onIdTokenChanged(auth, (user) => publish(toSession(user)));
    })
    .catch((error: unknown) => {
      console.error('[auth] could not start the session', error);
      started = false;
      publish(signedOut);
    });
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Build time only (prerender.tsx): the session a page is rendered for. The signed-in shell is drawn for a stand-in
 * student whose name the page fills in from this browser's stored user before it paints (decision record 016).
 */
export function setPrerenderSession(session: Session): void {
  if (typeof window !== 'undefined') throw new Error('setPrerenderSession is for the build, never the browser');
  current = session;
}

export function getSession(): Session {
  return current;
}

/** Whether Firebase has answered yet (until then an `identified` session comes from the hint). */
export function isSessionRestored(): boolean {
  return restored;
}

/** Spec section 4: an anonymous session is created on demand, in the background. Failures are logged and rethrown. */
export async function ensureAnonymousSession(): Promise<User> {
  const [{ getFirebaseAuth }, { signInAnonymously }] = await Promise.all([
    import('./firebase.ts'),
    import('firebase/auth'),
  ]);
  try {
    const auth = await getFirebaseAuth();
    await auth.authStateReady();
    if (auth.currentUser) return auth.currentUser;
    const credential = await signInAnonymously(auth);
    return credential.user;
  } catch (error) {
    console.error('[auth] could not create an anonymous session', error);
    throw error;
  }
}

/** Signs the current user out. The caller decides where to go next. */
export async function signOutUser(): Promise<void> {
  const [{ getFirebaseAuth }, { signOut }] = await Promise.all([import('./firebase.ts'), import('firebase/auth')]);
  await signOut(await getFirebaseAuth());
}

/**
 * Log out: sign out, then load `path` afresh so every part of the app restarts with the new session.
 * The store is frozen meanwhile, otherwise the route guard would redirect first and race the full load.
 */
export async function signOutAndReload(path: string): Promise<void> {
  frozen = true;
  try {
    await signOutUser();
  } catch (error) {
    frozen = false;
    throw error;
  }
  window.location.assign(path);
}
