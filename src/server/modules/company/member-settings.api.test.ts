import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  addMemberThroughApi,
  caller,
  createOrganizationWithOwnerUser,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { organizationMembers } from '../../db/schema.ts';

// A member's own notification settings: GET/PUT /api/company/organizations/{orgId}/notifications (each, daily or
// none; owners default to the daily summary, members to nothing) and PATCH /api/company/me (language and time zone
// of the e-mails, on every membership).

let testDatabase: TestDatabase;
let app: FastifyInstance;
let acme: TestOrganization;
let globex: TestOrganization;
let member: EmulatorUser;
const db = () => testDatabase.database.db;

const settingsUrl = (org: TestOrganization) => `/api/company/organizations/${org.id}/notifications`;

async function storedRow(orgId: string, uid: string) {
  const [row] = await db()
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.uid, uid)));
  return row;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  acme = await createOrganizationWithOwnerUser(app, db(), 'Acme Notices');
  globex = await createOrganizationWithOwnerUser(app, db(), 'Globex Notices');
  member = await createGoogleUser({ email: uniqueEmail('member'), name: 'Mem Ber' });
  await addMemberThroughApi(app, db(), acme.id, member);
  // The member belongs to both organizations.
  await addMemberThroughApi(app, db(), globex.id, member);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('GET/PUT /api/company/organizations/{orgId}/notifications', () => {
  it('starts at the role default: the daily summary for owners, nothing for members', async () => {
    const owner = await caller(app, acme.owner).request('GET', settingsUrl(acme));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('no-store');
    expect(owner.json()).toEqual({ applicationNotifications: 'daily', roleDefault: 'daily' });
    expect((await caller(app, member).request('GET', settingsUrl(acme))).json()).toEqual({
      applicationNotifications: 'none',
      roleDefault: 'none',
    });
    expect((await storedRow(acme.id, member.uid))?.applicationNotifications).toBeNull();
  });

  it("keeps each member's choice per organization, changing no one else's", async () => {
    const chosen = await caller(app, member).request('PUT', settingsUrl(acme), { applicationNotifications: 'each' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ applicationNotifications: 'each', roleDefault: 'none' });
    expect((await caller(app, member).request('GET', settingsUrl(acme))).json()).toMatchObject({
      applicationNotifications: 'each',
    });
    // The same member in the other organization, and the owner, keep theirs.
    expect((await caller(app, member).request('GET', settingsUrl(globex))).json()).toMatchObject({
      applicationNotifications: 'none',
    });
    expect((await caller(app, acme.owner).request('GET', settingsUrl(acme))).json()).toMatchObject({
      applicationNotifications: 'daily',
    });
    // An owner may turn their summary off.
    expect(
      (await caller(app, acme.owner).request('PUT', settingsUrl(acme), { applicationNotifications: 'none' })).json(),
    ).toEqual({ applicationNotifications: 'none', roleDefault: 'daily' });
    expect((await storedRow(acme.id, acme.owner.uid))?.applicationNotifications).toBe('none');
    await caller(app, acme.owner).request('PUT', settingsUrl(acme), { applicationNotifications: 'daily' });
  });

  it('refuses outsiders (401, 403 not_a_member) and bad choices (400), changing nothing', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const anonymous = await createAnonymousUser();
    const unchanged = await watchAppState({ db: db() });
    const refusals: [EmulatorUser | null, 'GET' | 'PUT', string, unknown, number, string][] = [
      [null, 'PUT', settingsUrl(acme), { applicationNotifications: 'each' }, 401, 'unauthenticated'],
      [null, 'GET', settingsUrl(acme), undefined, 401, 'unauthenticated'],
      [anonymous, 'PUT', settingsUrl(acme), { applicationNotifications: 'each' }, 403, 'not_a_member'],
      [student, 'PUT', settingsUrl(acme), { applicationNotifications: 'each' }, 403, 'not_a_member'],
      [student, 'GET', settingsUrl(acme), undefined, 403, 'not_a_member'],
      // The owner of another organization, with this organization's id.
      [globex.owner, 'PUT', settingsUrl(acme), { applicationNotifications: 'each' }, 403, 'not_a_member'],
      [acme.owner, 'PUT', '/api/company/organizations/not-an-id/notifications', {}, 403, 'not_a_member'],
      [member, 'PUT', settingsUrl(acme), { applicationNotifications: 'hourly' }, 400, 'invalid_request'],
      [member, 'PUT', settingsUrl(acme), { applicationNotifications: null }, 400, 'invalid_request'],
      [member, 'PUT', settingsUrl(acme), {}, 400, 'invalid_request'],
      [
        member,
        'PUT',
        settingsUrl(acme),
        { applicationNotifications: 'each', uid: acme.owner.uid },
        400,
        'invalid_request',
      ],
    ];
    for (const [who, method, url, body, status, code] of refusals) {
      const response = await caller(app, who).request(method, url, body);
      const label = `${method} ${url} ${JSON.stringify(body)}`;
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ code });
      expect(response.body, label).not.toContain('Acme');
    }
    await unchanged.expectUnchanged('refused notification settings');
  });
});

describe('PATCH /api/company/me', () => {
  it('keeps the language and time zone on every membership of the caller, ignoring an unknown zone', async () => {
    const response = await caller(app, member).request('PATCH', '/api/company/me', {
      locale: 'fr',
      timeZone: 'europe/paris',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locale: 'fr', timeZone: 'Europe/Paris', name: 'Mem Ber', email: member.email });
    for (const org of [acme, globex]) {
      expect(await storedRow(org.id, member.uid)).toMatchObject({ locale: 'fr', timeZone: 'Europe/Paris' });
    }
    expect(
      (await caller(app, member).request('PATCH', '/api/company/me', { timeZone: 'Atlantis/Capital' })).json(),
    ).toEqual({
      locale: 'fr',
      timeZone: 'Europe/Paris',
      name: 'Mem Ber',
      email: member.email,
    });
    // Other members are untouched.
    expect(await storedRow(acme.id, acme.owner.uid)).toMatchObject({ locale: null, timeZone: null });
  });

  it('refuses no token (401), someone with no membership (403) and a bad language (400), changing nothing', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const unchanged = await watchAppState({ db: db() });
    const refusals: [EmulatorUser | null, unknown, number, string][] = [
      [null, { locale: 'fr' }, 401, 'unauthenticated'],
      [student, { locale: 'fr' }, 403, 'not_a_member'],
      [member, { locale: 'de' }, 400, 'invalid_request'],
      [member, { locale: 'fr', role: 'owner' }, 400, 'invalid_request'],
      [member, ['fr'], 400, 'invalid_request'],
    ];
    for (const [who, body, status, code] of refusals) {
      const response = await caller(app, who).request('PATCH', '/api/company/me', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    await unchanged.expectUnchanged('refused member preferences');
  });
});
