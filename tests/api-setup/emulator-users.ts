import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

// Real users in the real Auth emulator, through the same REST API the Firebase web SDK calls.

export type EmulatorUser = {
  uid: string;
  email: string | null;
  idToken: string;
};

function identityToolkitUrl(method: string): string {
  // The emulator accepts any API key.
  return `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/${method}?key=test-api-key`;
}

async function callIdentityToolkit(method: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(identityToolkitUrl(method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Auth emulator ${method} failed: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function toUser(json: Record<string, unknown>): EmulatorUser {
  return {
    uid: String(json.localId),
    email: typeof json.email === 'string' ? json.email : null,
    idToken: String(json.idToken),
  };
}

export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** An e-mail + password account (sign_in_provider 'password', e-mail not verified). */
export async function createPasswordUser({ email = uniqueEmail() }: { email?: string } = {}): Promise<EmulatorUser> {
  return toUser(
    await callIdentityToolkit('accounts:signUp', { email, password: 'correct-horse-1', returnSecureToken: true }),
  );
}

/** An anonymous session (sign_in_provider 'anonymous'). */
export async function createAnonymousUser(): Promise<EmulatorUser> {
  return toUser(await callIdentityToolkit('accounts:signUp', { returnSecureToken: true }));
}

/**
 * A Google account as the emulator's fake popup creates it (sign_in_provider 'google.com', verified e-mail, a name).
 * The emulator takes a JSON string where Google would send a signed id token.
 */
export async function createGoogleUser({
  email = uniqueEmail(),
  name = 'Ada Lovelace',
}: { email?: string; name?: string | null } = {}): Promise<EmulatorUser> {
  const claims = { sub: `google-${randomUUID()}`, email, email_verified: true, ...(name ? { name } : {}) };
  const postBody = new URLSearchParams({ id_token: JSON.stringify(claims), providerId: 'google.com' }).toString();
  return toUser(
    await callIdentityToolkit('accounts:signInWithIdp', {
      postBody,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  );
}

/** Asks the emulator to "send" a sign-in link, as the web SDK's sendSignInLinkToEmail does. */
export async function requestEmailSignInLink(
  email: string,
  continueUrl = 'http://localhost:3000/auth/callback',
): Promise<void> {
  await callIdentityToolkit('accounts:sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl,
    canHandleCodeInApp: true,
  });
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Emulator tokens are unsigned (alg "none"), so a test can rewrite claims and keep a token the server
 * would otherwise accept: exactly what a forger would try.
 */
export function withClaims(idToken: string, changes: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const claims = { ...decodePart(payload), ...changes };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

export function expiredToken(idToken: string): string {
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  return withClaims(idToken, { iat: hourAgo - 3600, auth_time: hourAgo - 3600, exp: hourAgo });
}

export function tokenForAnotherProject(idToken: string, projectId = 'demo-someone-else'): string {
  return withClaims(idToken, { aud: projectId, iss: `https://securetoken.google.com/${projectId}` });
}

export function garbledToken(idToken: string): string {
  // Flip characters in the middle of the payload: no longer valid base64url JSON.
  const middle = Math.floor(idToken.length / 2);
  return `${idToken.slice(0, middle)}%%not-a-token%%${idToken.slice(middle + 10)}`;
}
