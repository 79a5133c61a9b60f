import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { caller, createOrganizationWithOwnerUser, type TestOrganization } from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { createOrganizationWithOwner } from './organizations.service.ts';

// A first owner who signs in to the portal without the invitation's link: GET /api/company/invitations lists the
// open invitations made out to their verified e-mail, POST /api/company/invitations/{id}/accept joins.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let acme: TestOrganization;
const db = () => testDatabase.database.db;
const appState = () => ({ db: db(), mailSender: app.mailSender });

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  acme = await createOrganizationWithOwnerUser(app, db(), 'Acme Invitations');
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

async function invitedOwner(name: string): Promise<{ user: EmulatorUser; id: string }> {
  const user = await createGoogleUser({ email: uniqueEmail('first-owner'), name: 'First Owner' });
  await createOrganizationWithOwner(db(), { name, ownerEmail: user.email! }, { appUrl: 'https://jobs.test' });
  const listed = await caller(app, user).request('GET', '/api/company/invitations');
  expect(listed.statusCode).toBe(200);
  const [invitation] = listed.json() as { id: string }[];
  return { user, id: invitation!.id };
}

describe('GET /api/company/invitations', () => {
  it('lists the open invitation of a first owner who has no organization yet, with its name and role', async () => {
    const user = await createGoogleUser({ email: uniqueEmail('first-owner'), name: 'First Owner' });
    await createOrganizationWithOwner(db(), { name: 'Initech', ownerEmail: user.email! }, { appUrl: 'https://x.test' });
    expect((await caller(app, user).request('GET', '/api/company/organizations')).json().code).toBe('not_a_member');
    const listed = await caller(app, user).request('GET', '/api/company/invitations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { id: expect.any(String), organizationName: 'Initech', role: 'owner', expiresAt: expect.any(String) },
    ]);
  });

  it('lists nothing for someone invited nowhere, nor for an anonymous session; 401 without a token', async () => {
    const stranger = await createGoogleUser({ email: uniqueEmail('stranger') });
    expect((await caller(app, stranger).request('GET', '/api/company/invitations')).json()).toEqual([]);
    expect((await caller(app, await createAnonymousUser()).request('GET', '/api/company/invitations')).json()).toEqual(
      [],
    );
    const none = await caller(app, null).request('GET', '/api/company/invitations');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthenticated');
  });
});

describe('POST /api/company/invitations/{id}/accept', () => {
  it('joins the organization as its owner, once; the invitation is then no longer listed', async () => {
    const { user, id } = await invitedOwner('Umbrella');
    const joined = await caller(app, user).request('POST', `/api/company/invitations/${id}/accept`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ name: 'Umbrella', role: 'owner' });
    expect((await caller(app, user).request('GET', '/api/company/invitations')).json()).toEqual([]);
    const again = await caller(app, user).request('POST', `/api/company/invitations/${id}/accept`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invitation_used']);
  });

  it('refuses someone else, an anonymous session, no token and an unknown id, and changes nothing', async () => {
    const { id } = await invitedOwner('Hooli');
    const other = await createGoogleUser({ email: uniqueEmail('someone-else') });
    const cases: [EmulatorUser | null, string, number, string][] = [
      [null, id, 401, 'unauthenticated'],
      [await createAnonymousUser(), id, 403, 'identified_account_required'],
      [other, id, 403, 'invitation_email_mismatch'],
      [acme.owner, id, 403, 'invitation_email_mismatch'],
      [other, '00000000-0000-4000-8000-000000000000', 404, 'not_found'],
      [other, 'not-a-uuid', 404, 'not_found'],
    ];
    const unchanged = await watchAppState(appState());
    for (const [user, invitationId, status, code] of cases) {
      const response = await caller(app, user).request('POST', `/api/company/invitations/${invitationId}/accept`);
      expect([response.statusCode, response.json().code], `${user?.email ?? 'no token'} ${invitationId}`).toEqual([
        status,
        code,
      ]);
      expect(response.body).not.toContain('Hooli');
    }
    await unchanged.expectUnchanged('refused acceptances');
  });
});
