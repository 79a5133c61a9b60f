import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountUserSchema } from '../../../shared/schemas/create-account.ts';
import { users } from '../../db/schema.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  createPasswordUser,
  type EmulatorUser,
  expiredToken,
  garbledToken,
  tokenForAnotherProject,
  uniqueEmail,
  withClaims,
} from '../../../../tests/api-setup/emulator-users.ts';
import { setUpTestApp } from '../../../../tests/api-setup/test-app.ts';

const suite = setUpTestApp();

function createAccount({
  token,
  body,
  authorization = token === undefined ? undefined : `Bearer ${token}`,
}: {
  token?: string;
  body?: unknown;
  authorization?: string;
}) {
  return suite.app.inject({
    method: 'POST',
    url: '/api/auth/create-account',
    headers: authorization ? { authorization } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function createAccountAs(user: EmulatorUser, body: unknown = { email: user.email }) {
  return createAccount({ token: user.idToken, body });
}

async function rowsFor(uid: string) {
  return suite.testDatabase.database.db.select().from(users).where(eq(users.uid, uid));
}

describe('POST /api/auth/create-account: who may call', () => {
  it('refuses a request without a token with 401 Authentication required', async () => {
    const response = await createAccount({ body: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a non-bearer Authorization header with 401', async () => {
    const response = await createAccount({ authorization: 'Basic YWRhOnNlY3JldA==', body: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });

  it('refuses a token that is not a JWT with 401 Invalid or expired token', async () => {
    const response = await createAccount({ token: 'not-a-token', body: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid or expired token', code: 'token_invalid' });
  });

  it('refuses a garbled emulator token with 401', async () => {
    const user = await createGoogleUser();
    const response = await createAccount({ token: garbledToken(user.idToken), body: { email: user.email } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid or expired token', code: 'token_invalid' });
  });

  it('refuses an expired token with 401', async () => {
    const user = await createGoogleUser();
    const response = await createAccount({ token: expiredToken(user.idToken), body: { email: user.email } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid or expired token', code: 'token_invalid' });
  });

  it('refuses a token issued for another Firebase project with 401', async () => {
    const user = await createGoogleUser();
    const response = await createAccount({ token: tokenForAnotherProject(user.idToken), body: { email: user.email } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an anonymous session with 403 and stores nothing', async () => {
    const anonymous = await createAnonymousUser();
    const response = await createAccount({ token: anonymous.idToken, body: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'An identified account is required',
      code: 'identified_account_required',
    });
    expect(await rowsFor(anonymous.uid)).toEqual([]);
  });
});

describe('POST /api/auth/create-account: creating the account', () => {
  it('creates the account on the first call (201) and returns the same row afterwards (200)', async () => {
    const user = await createGoogleUser({ name: 'Ada King Lovelace' });

    const first = await createAccountAs(user);
    expect(first.statusCode).toBe(201);
    const created = accountUserSchema.parse(first.json().user);
    expect(created).toMatchObject({
      uid: user.uid,
      email: user.email,
      emailVerified: true,
      displayName: 'Ada King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      signInProvider: 'google.com',
    });
    expect(first.headers['cache-control']).toBe('no-store');

    const second = await createAccountAs(user);
    expect(second.statusCode).toBe(200);
    const again = accountUserSchema.parse(second.json().user);
    expect(again).toEqual({ ...created, lastSignInAt: again.lastSignInAt });
    expect(Date.parse(again.lastSignInAt)).toBeGreaterThanOrEqual(Date.parse(created.lastSignInAt));
    expect(await rowsFor(user.uid)).toHaveLength(1);
  });

  it('leaves exactly one row when the same person calls twice at once', async () => {
    const user = await createGoogleUser();
    const responses = await Promise.all([createAccountAs(user), createAccountAs(user)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = responses.map((response) => response.json().user);
    expect(a.studentId).toBe(b.studentId);
    expect(await rowsFor(user.uid)).toHaveLength(1);
  });

  it('gives different people different student ids', async () => {
    const [ada, grace] = await Promise.all([createGoogleUser(), createGoogleUser({ name: 'Grace Hopper' })]);
    const [first, second] = await Promise.all([createAccountAs(ada), createAccountAs(grace)]);
    expect(first.json().user.studentId).not.toBe(second.json().user.studentId);
  });

  it('records an e-mail/password account without a name (onboarding asks for it)', async () => {
    const user = await createPasswordUser();
    const response = await createAccountAs(user);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      emailVerified: false,
      firstName: null,
      lastName: null,
      displayName: null,
      signInProvider: 'password',
    });
  });

  it('stores the address from the token when the body differs only in case', async () => {
    const user = await createGoogleUser({ email: uniqueEmail('mixed') });
    const response = await createAccountAs(user, { email: ` ${user.email?.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBe(user.email);
  });

  it('refuses a body e-mail that is not the signed-in account’s, with 400 and no row', async () => {
    const user = await createGoogleUser();
    const response = await createAccountAs(user, { email: 'someone-else@example.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The e-mail address does not match the signed-in account',
      code: 'email_mismatch',
    });
    expect(await rowsFor(user.uid)).toEqual([]);
  });

  it('refuses a token without an e-mail address with 400', async () => {
    const user = await createGoogleUser();
    // Emulator tokens are unsigned, so the claim can be dropped the way a phone-number account would lack it.
    const token = withClaims(user.idToken, { email: undefined });
    const response = await createAccount({ token, body: { email: user.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/no e-mail address/);
  });

  it.each([
    [{}, 'An e-mail address is required'],
    [{ email: 'not-an-address' }, 'Enter a valid e-mail address'],
    [['a@b.c'], 'The request body must be a JSON object like {"email": "you@example.com"}'],
  ])('refuses the body %j with 400 and a readable message', async (body, error) => {
    const user = await createGoogleUser();
    const response = await createAccountAs(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'invalid_request' });
  });

  it('refuses malformed JSON with 400 {error}', async () => {
    const user = await createGoogleUser();
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  });

  it('answers 404 JSON to GET, which is not part of the contract', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/auth/create-account' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No API route GET /api/auth/create-account', code: 'route_not_found' });
  });
});

describe("the student's language and time zone", () => {
  const patchAccount = (user: EmulatorUser | null, body: unknown) =>
    suite.app.inject({
      method: 'PATCH',
      url: '/api/auth/account',
      headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
      payload: body as object,
    });

  it('keeps the browser’s language and time zone from sign-up; later sign-ins keep the language current', async () => {
    const user = await createGoogleUser();
    const first = await createAccountAs(user, { email: user.email, locale: 'fr', timeZone: 'america/toronto' });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ locale: 'fr', timeZone: 'America/Toronto' });
    // Signing in again in English from another zone: the language follows, the sign-up's zone stays.
    const again = await createAccountAs(user, { email: user.email, locale: 'en', timeZone: 'Asia/Tokyo' });
    expect(again.json().user).toMatchObject({ locale: 'en', timeZone: 'America/Toronto' });
    // A client that sends neither leaves both as they are.
    expect((await createAccountAs(user)).json().user).toMatchObject({ locale: 'en', timeZone: 'America/Toronto' });
    expect(await rowsFor(user.uid)).toEqual([expect.objectContaining({ locale: 'en', timeZone: 'America/Toronto' })]);
  });

  it('ignores a language or time zone it does not know (stored as unknown), never refusing the sign-in', async () => {
    for (const [locale, timeZone] of [
      ['de', 'Mars/Olympus_Mons'],
      [42, 'x'.repeat(500)],
      [null, { zone: 'UTC' }],
      ['EN', ''],
    ]) {
      const user = await createGoogleUser();
      const response = await createAccountAs(user, { email: user.email, locale, timeZone });
      expect(response.statusCode, JSON.stringify([locale, timeZone])).toBe(201);
      expect(response.json().user).toMatchObject({ locale: null, timeZone: null });
    }
    // An account made without them gets the zone at a later sign-in.
    const user = await createGoogleUser();
    await createAccountAs(user);
    const later = await createAccountAs(user, { email: user.email, timeZone: 'Europe/Paris' });
    expect(later.json().user).toMatchObject({ locale: null, timeZone: 'Europe/Paris' });
  });

  it('PATCH /api/auth/account keeps the language the student switched to, and refuses what it must', async () => {
    const user = await createGoogleUser();
    await createAccountAs(user, { email: user.email, locale: 'en', timeZone: 'UTC' });
    const switched = await patchAccount(user, { locale: 'fr' });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers['cache-control']).toBe('no-store');
    expect(switched.json()).toEqual({ locale: 'fr', timeZone: 'UTC' });
    expect((await patchAccount(user, { timeZone: 'Europe/Paris' })).json()).toEqual({
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    // An unknown zone is ignored, not refused.
    expect((await patchAccount(user, { timeZone: 'Nowhere/Else' })).json()).toEqual({
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });

    const stranger = await createGoogleUser();
    const anonymous = await createAnonymousUser();
    const refusals: [EmulatorUser | null, unknown, number, string][] = [
      [user, { locale: 'de' }, 400, 'invalid_request'],
      [user, { locale: 'fr', colour: 'blue' }, 400, 'invalid_request'],
      [user, ['fr'], 400, 'invalid_request'],
      [null, { locale: 'fr' }, 401, 'unauthenticated'],
      [anonymous, { locale: 'fr' }, 403, 'identified_account_required'],
      [stranger, { locale: 'fr' }, 403, 'account_required'],
    ];
    for (const [who, body, status, code] of refusals) {
      const response = await patchAccount(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    expect(await rowsFor(user.uid)).toEqual([expect.objectContaining({ locale: 'fr', timeZone: 'Europe/Paris' })]);
    expect(await rowsFor(stranger.uid)).toEqual([]);
  });
});
