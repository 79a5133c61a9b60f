import { describe, expect, inject, it } from 'vitest';
import { createGoogleUser } from '../../../../tests/api-setup/emulator-users.ts';
import { setUpTestApp } from '../../../../tests/api-setup/test-app.ts';

// Its own file: firebase-admin reads the emulator switch from process.env, which is per test worker.

const suite = setUpTestApp({
  env: {
    FIREBASE_AUTH_EMULATOR_HOST: undefined,
    FIREBASE_API_KEY: 'AIza-web-key',
    // Same project as the emulator, so only the missing signature can be the reason for refusing.
    FIREBASE_PROJECT_ID: inject('authEmulatorProjectId'),
  },
});

describe('with real Firebase configured (no emulator)', () => {
  it('refuses an unsigned emulator token with 401', async () => {
    const user = await createGoogleUser();
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid or expired token', code: 'token_invalid' });
  });

  it('does not offer the development e-mail-link helper (404)', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/dev/email-link?email=ada@example.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No API route GET /api/dev/email-link', code: 'route_not_found' });
  });
});
