import { describe, expect, inject, it } from 'vitest';
import { requestEmailSignInLink, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp, setUpTestApp } from '../../../../tests/api-setup/test-app.ts';

const suite = setUpTestApp();

function getEmailLink(email: string, remoteAddress = '127.0.0.1') {
  return suite.app.inject({
    method: 'GET',
    url: `/api/dev/email-link?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });
}

/** Completes the sign-in the way the web SDK's signInWithEmailLink does. */
async function signInWithLink(email: string, link: string): Promise<{ email: string; idToken: string }> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=test-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, oobCode }) },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { email: string; idToken: string };
}

describe('GET /api/dev/email-link (Auth emulator mode)', () => {
  it('returns the newest sign-in link issued for the address, and that link signs the person in', async () => {
    const email = uniqueEmail();
    await requestEmailSignInLink(email, 'http://localhost:3000/auth/callback?first');
    await requestEmailSignInLink(email, 'http://localhost:3000/auth/callback?second');

    const response = await getEmailLink(email);
    expect(response.statusCode).toBe(200);
    const { link } = response.json() as { link: string };
    expect(new URL(link).searchParams.get('continueUrl')).toBe('http://localhost:3000/auth/callback?second');
    expect(response.headers['cache-control']).toBe('no-store');

    const signedIn = await signInWithLink(email, link);
    expect(signedIn.email).toBe(email);
  });

  it('matches the address without regard to case', async () => {
    const email = uniqueEmail('case');
    await requestEmailSignInLink(email);
    const response = await getEmailLink(email.toUpperCase());
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 {error} when no link was sent to that address, even if others got one', async () => {
    await requestEmailSignInLink(uniqueEmail('someone'));
    const email = uniqueEmail('nobody');
    const response = await getEmailLink(email);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: `No sign-in link was sent to ${email}`, code: 'not_found' });
  });

  it.each([
    ['/api/dev/email-link', 'An e-mail address is required'],
    ['/api/dev/email-link?email=', 'An e-mail address is required'],
    ['/api/dev/email-link?email=not-an-address', 'Enter a valid e-mail address'],
  ])('refuses %s with 400 and a readable message', async (url, error) => {
    const response = await suite.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'invalid_request' });
  });

  it('hides itself (404) from callers that are not on this machine', async () => {
    const email = uniqueEmail('remote');
    await requestEmailSignInLink(email);
    const response = await getEmailLink(email, '192.168.1.50');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('answers 502 when the emulator does not answer', async () => {
    const orphan = await buildTestApp({
      database: suite.testDatabase.database,
      // Port 9 (discard) on loopback: nothing listens there.
      env: buildEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' }),
    });
    try {
      const response = await orphan.inject({ method: 'GET', url: '/api/dev/email-link?email=ada@example.test' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: 'The Auth emulator did not answer', code: 'upstream_unavailable' });
    } finally {
      await orphan.close();
    }
  });
});
