import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
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
import {
  applicantInvitations,
  applicationNotes,
  applicationRatings,
  applications,
  applicationStatusHistory,
  featuredJobs,
  organizationInvitations,
  organizationMembers,
  organizations,
  sharedLinks,
} from '../../db/schema.ts';
import { createMemberInvitation } from './organizations.repository.ts';

// The authorization matrix of every /api/company endpoint (issue 11): no token, an anonymous session, a student, a
// removed member and a member of another organization are refused, and refused requests write nothing; members and
// owners get what their role allows. Cross-organization ids are refused whatever the route.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
const db = () => testDatabase.database.db;

type Role = 'member' | 'owner';
type Denied = 'none' | 'anonymous' | 'student' | 'removed' | 'otherOrganization';

const users = {} as Record<'anonymous' | 'student' | 'removed' | 'member' | 'spareMember', EmulatorUser>;
let orgA: TestOrganization;
let orgB: TestOrganization;
const ids = {} as {
  jobA: string;
  jobASlug: string;
  jobB: string;
  applicationA: string;
  applicationB: string;
  memberInvitation: string;
  jobInvitation: Record<Role, string>;
  resendInvitation: string;
  sharedLink: Record<Role, string>;
};

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-company-access-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
  });

  orgA = await createOrganizationWithOwnerUser(app, db(), 'Acme Robotics');
  orgB = await createOrganizationWithOwnerUser(app, db(), 'Globex');
  const [anonymous, student, removed, member, spareMember] = await Promise.all([
    createAnonymousUser(),
    createGoogleUser({ email: uniqueEmail('student'), name: 'Stu Dent' }),
    createGoogleUser({ email: uniqueEmail('removed'), name: 'Rem Oved' }),
    createGoogleUser({ email: uniqueEmail('member'), name: 'Mem Ber' }),
    createGoogleUser({ email: uniqueEmail('spare'), name: 'Spare Member' }),
  ]);
  Object.assign(users, { anonymous, student, removed, member, spareMember });
  await addMemberThroughApi(app, db(), orgA.id, member);
  await addMemberThroughApi(app, db(), orgA.id, removed);
  await addMemberThroughApi(app, db(), orgA.id, spareMember);

  const jobA = await postJob(app, orgA.owner, orgA.id, { title: 'Acme Intern' });
  const jobB = await postJob(app, orgB.owner, orgB.id, { title: 'Globex Intern' });
  ids.jobA = jobA.id;
  ids.jobASlug = jobA.slug;
  ids.jobB = jobB.id;
  ids.applicationA = await applyAsStudent(app, student, jobA.slug);
  ids.applicationB = await applyAsStudent(app, student, jobB.slug);

  // The removed member could read before removal; their access ends with the row.
  expect((await caller(app, removed).request('GET', `/api/company/jobs/${ids.jobA}`)).statusCode).toBe(200);
  expect(
    (await caller(app, orgA.owner).request('DELETE', `/api/company/organizations/${orgA.id}/members/${removed.uid}`))
      .statusCode,
  ).toBe(204);

  ids.memberInvitation = (
    await createMemberInvitation(db(), {
      organizationId: orgA.id,
      email: uniqueEmail('pending'),
      role: 'member',
      invitedBy: null,
    })
  ).invitation.id;
  const invite = async () => {
    const response = await caller(app, orgA.owner).request('POST', `/api/company/jobs/${ids.jobA}/invitations`, {
      entries: [{ email: uniqueEmail('invitee') }],
    });
    return (response.json() as { created: { id: string }[] }).created[0]!.id;
  };
  ids.jobInvitation = { member: await invite(), owner: await invite() };
  ids.resendInvitation = await invite();
  const link = async () =>
    (await caller(app, orgA.owner).request('POST', `/api/company/jobs/${ids.jobA}/shared-links`)).json().id as string;
  ids.sharedLink = { member: await link(), owner: await link() };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

type Endpoint = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: (role: Role) => string;
  body?: (role: Role) => unknown;
  member: number;
  owner: number;
};

const endpoints: Endpoint[] = [
  {
    name: 'update organization',
    method: 'PATCH',
    url: () => `/api/company/organizations/${orgA.id}`,
    body: () => ({ rejectionEmails: true }),
    member: 403,
    owner: 200,
  },
  {
    name: 'upload logo',
    method: 'PUT',
    url: () => `/api/company/organizations/${orgA.id}/logo`,
    body: () => ({}),
    member: 403,
    owner: 415,
  },
  {
    name: 'list members',
    method: 'GET',
    url: () => `/api/company/organizations/${orgA.id}/members`,
    member: 200,
    owner: 200,
  },
  {
    name: 'invite member',
    method: 'POST',
    url: () => `/api/company/organizations/${orgA.id}/invitations`,
    body: () => ({ email: uniqueEmail('teammate'), role: 'member' }),
    member: 403,
    owner: 201,
  },
  {
    name: 'revoke member invitation',
    method: 'DELETE',
    url: () => `/api/company/organizations/${orgA.id}/invitations/${ids.memberInvitation}`,
    member: 403,
    owner: 204,
  },
  {
    name: 'remove member',
    method: 'DELETE',
    url: () => `/api/company/organizations/${orgA.id}/members/${users.spareMember.uid}`,
    member: 403,
    owner: 204,
  },
  {
    name: 'list jobs',
    method: 'GET',
    url: () => `/api/company/jobs?organizationId=${orgA.id}`,
    member: 200,
    owner: 200,
  },
  {
    name: 'create job',
    method: 'POST',
    url: () => '/api/company/jobs',
    body: () => ({
      organizationId: orgA.id,
      title: 'Matrix job',
      type: 'New Grad',
      location: 'Remote',
      description: 'd',
      requirements: 'r',
      postingDate: '2026-11-01',
      visibility: 'public',
      status: 'draft',
    }),
    member: 201,
    owner: 201,
  },
  { name: 'read job', method: 'GET', url: () => `/api/company/jobs/${ids.jobA}`, member: 200, owner: 200 },
  {
    name: 'edit job',
    method: 'PATCH',
    url: () => `/api/company/jobs/${ids.jobA}`,
    body: (role) => ({ location: `Montreal (${role})` }),
    member: 200,
    owner: 200,
  },
  {
    name: 'list applicants',
    method: 'GET',
    url: () => `/api/company/jobs/${ids.jobA}/applicants`,
    member: 200,
    owner: 200,
  },
  {
    name: 'export applicants',
    method: 'GET',
    url: () => `/api/company/jobs/${ids.jobA}/applicants.csv`,
    member: 200,
    owner: 200,
  },
  { name: 'job stats', method: 'GET', url: () => `/api/company/jobs/${ids.jobA}/stats`, member: 200, owner: 200 },
  {
    name: 'read application',
    method: 'GET',
    url: () => `/api/company/applications/${ids.applicationA}`,
    member: 200,
    owner: 200,
  },
  // A stale version: access is granted, the optimistic check then refuses (the real change is tested elsewhere).
  {
    name: 'change status',
    method: 'PATCH',
    url: () => `/api/company/applications/${ids.applicationA}`,
    body: () => ({ status: 'screening', version: 9999 }),
    member: 409,
    owner: 409,
  },
  {
    name: 'bulk status',
    method: 'POST',
    url: () => '/api/company/applications/bulk-status',
    body: () => ({ applicationIds: [ids.applicationA], status: 'screening' }),
    member: 200,
    owner: 200,
  },
  {
    name: 'add note',
    method: 'POST',
    url: () => `/api/company/applications/${ids.applicationA}/notes`,
    body: (role) => ({ body: `A note by the ${role}` }),
    member: 201,
    owner: 201,
  },
  {
    name: 'rate',
    method: 'PUT',
    url: () => `/api/company/applications/${ids.applicationA}/rating`,
    body: () => ({ rating: 4 }),
    member: 200,
    owner: 200,
  },
  {
    name: 'download resume',
    method: 'GET',
    url: () => `/api/company/applications/${ids.applicationA}/resume`,
    member: 200,
    owner: 200,
  },
  {
    name: 'list job invitations',
    method: 'GET',
    url: () => `/api/company/jobs/${ids.jobA}/invitations`,
    member: 200,
    owner: 200,
  },
  {
    name: 'invite applicants',
    method: 'POST',
    url: () => `/api/company/jobs/${ids.jobA}/invitations`,
    body: () => ({ csv: `email\n${uniqueEmail('csv')}` }),
    member: 201,
    owner: 201,
  },
  {
    name: 'resend job invitation',
    method: 'POST',
    url: () => `/api/company/jobs/${ids.jobA}/invitations/${ids.resendInvitation}/resend`,
    member: 200,
    owner: 200,
  },
  {
    name: 'revoke job invitation',
    method: 'DELETE',
    url: (role) => `/api/company/jobs/${ids.jobA}/invitations/${ids.jobInvitation[role]}`,
    member: 204,
    owner: 204,
  },
  {
    name: 'list shared links',
    method: 'GET',
    url: () => `/api/company/jobs/${ids.jobA}/shared-links`,
    member: 200,
    owner: 200,
  },
  {
    name: 'create shared link',
    method: 'POST',
    url: () => `/api/company/jobs/${ids.jobA}/shared-links`,
    member: 201,
    owner: 201,
  },
  {
    name: 'revoke shared link',
    method: 'DELETE',
    url: (role) => `/api/company/jobs/${ids.jobA}/shared-links/${ids.sharedLink[role]}`,
    member: 204,
    owner: 204,
  },
];

function deniedUser(who: Denied): EmulatorUser | null {
  if (who === 'none') return null;
  if (who === 'otherOrganization') return orgB.owner;
  return users[who];
}

/** Row counts of everything a company route writes, and the organization row itself. */
async function snapshot() {
  const tables = {
    organizationMembers,
    organizationInvitations,
    featuredJobs,
    applicationNotes,
    applicationRatings,
    applicationStatusHistory,
    applicantInvitations,
    sharedLinks,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db().select({ value: count() }).from(table);
    counts[name] = row?.value ?? -1;
  }
  const [organization] = await db().select().from(organizations).where(eq(organizations.id, orgA.id));
  const [application] = await db()
    .select({ status: applications.status, version: applications.version })
    .from(applications)
    .where(eq(applications.id, ids.applicationA));
  const revoked = await db().select({ id: sharedLinks.id, revokedAt: sharedLinks.revokedAt }).from(sharedLinks);
  const invitations = await db()
    .select({
      id: applicantInvitations.id,
      revokedAt: applicantInvitations.revokedAt,
      tokenHash: applicantInvitations.tokenHash,
    })
    .from(applicantInvitations);
  const [job] = await db()
    .select({ location: featuredJobs.location })
    .from(featuredJobs)
    .where(eq(featuredJobs.id, ids.jobA));
  return { counts, organization, application, revoked, invitations, job };
}

describe('company API: callers who are not members of the organization', () => {
  const denied: Denied[] = ['none', 'anonymous', 'student', 'removed', 'otherOrganization'];

  it('GET /api/company/organizations: 401 without a token, 403 not_a_member without any membership', async () => {
    expect((await caller(app, null).request('GET', '/api/company/organizations')).json()).toMatchObject({
      code: 'unauthenticated',
    });
    for (const who of ['anonymous', 'student', 'removed'] as const) {
      const response = await caller(app, users[who]).request('GET', '/api/company/organizations');
      expect(response.statusCode, who).toBe(403);
      expect(response.json(), who).toEqual({ error: expect.any(String), code: 'not_a_member' });
    }
    // A member of another organization sees their own only.
    const other = await caller(app, orgB.owner).request('GET', '/api/company/organizations');
    expect(other.statusCode).toBe(200);
    expect(other.json().map((organization: { id: string }) => organization.id)).toEqual([orgB.id]);
  });

  it('every other route answers 401 (no token) or 403 not_a_member, and nothing is written', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      for (const who of denied) {
        for (const role of ['member', 'owner'] as const) {
          const response = await caller(app, deniedUser(who)).request(
            endpoint.method,
            endpoint.url(role),
            endpoint.body?.(role),
          );
          const expected =
            who === 'none' ? { status: 401, code: 'unauthenticated' } : { status: 403, code: 'not_a_member' };
          const body = response.json() as { code?: string; error?: string };
          if (
            response.statusCode !== expected.status ||
            body.code !== expected.code ||
            typeof body.error !== 'string'
          ) {
            failures.push(`${endpoint.name} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
          // Nothing of the organization's data in a refusal.
          expect(response.body).not.toContain('Acme');
          expect(response.body).not.toContain('%PDF');
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('company API: members and owners', () => {
  for (const role of ['member', 'owner'] as const) {
    it(`a ${role} gets what the role allows on every route (owner-only routes: 403 owner_only to members)`, async () => {
      const user = role === 'owner' ? orgA.owner : users.member;
      const failures: string[] = [];
      for (const endpoint of endpoints) {
        const response = await caller(app, user).request(endpoint.method, endpoint.url(role), endpoint.body?.(role));
        if (response.statusCode !== endpoint[role])
          failures.push(`${endpoint.name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        if (role === 'member' && endpoint.member === 403)
          expect(response.json(), endpoint.name).toMatchObject({ code: 'owner_only' });
      }
      expect(failures).toEqual([]);
    });
  }

  it('lists the organization for its member with the role, and the resume only as a PDF with a sandbox policy', async () => {
    const organizationsResponse = await caller(app, users.member).request('GET', '/api/company/organizations');
    expect(organizationsResponse.json()).toEqual([
      expect.objectContaining({ id: orgA.id, name: 'Acme Robotics', role: 'member', rejectionEmails: true }),
    ]);
    const resume = await caller(app, users.member).request(
      'GET',
      `/api/company/applications/${ids.applicationA}/resume`,
    );
    expect(resume.headers['content-type']).toBe('application/pdf');
    expect(resume.headers['content-security-policy']).toContain('sandbox');
    expect(resume.headers['cache-control']).toBe('no-store');
    expect(resume.body.startsWith('%PDF')).toBe(true);
  });
});

describe('company API: ids of another organization', () => {
  it('a member of org A cannot read, list, export, download or annotate anything of org B by its ids', async () => {
    const member = caller(app, users.member);
    const urls: [string, string, unknown?][] = [
      ['GET', `/api/company/jobs/${ids.jobB}`],
      ['PATCH', `/api/company/jobs/${ids.jobB}`, { title: 'Taken over' }],
      ['GET', `/api/company/jobs/${ids.jobB}/applicants`],
      ['GET', `/api/company/jobs/${ids.jobB}/applicants.csv`],
      ['GET', `/api/company/jobs/${ids.jobB}/stats`],
      ['GET', `/api/company/jobs/${ids.jobB}/invitations`],
      ['GET', `/api/company/jobs/${ids.jobB}/shared-links`],
      ['GET', `/api/company/applications/${ids.applicationB}`],
      ['GET', `/api/company/applications/${ids.applicationB}/resume`],
      ['POST', `/api/company/applications/${ids.applicationB}/notes`, { body: 'sneaky' }],
      ['PUT', `/api/company/applications/${ids.applicationB}/rating`, { rating: 1 }],
      ['PATCH', `/api/company/applications/${ids.applicationB}`, { status: 'rejected', version: 0 }],
      ['GET', `/api/company/jobs?organizationId=${orgB.id}`],
      ['GET', `/api/company/organizations/${orgB.id}/members`],
      ['POST', '/api/company/jobs', { organizationId: orgB.id, title: 'x' }],
    ];
    for (const [method, url, body] of urls) {
      const response = await member.request(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), url).toMatchObject({ code: 'not_a_member' });
      expect(response.body).not.toContain('Globex');
    }
    const [application] = await db().select().from(applications).where(eq(applications.id, ids.applicationB));
    expect(application?.status).toBe('applied');
    expect(
      await db().select().from(applicationNotes).where(eq(applicationNotes.applicationId, ids.applicationB)),
    ).toEqual([]);
  });

  it('an id that exists nowhere is 404 not_found for a member, and 403 for someone with no membership', async () => {
    const unknown = randomUUID();
    for (const url of [
      `/api/company/jobs/${unknown}`,
      `/api/company/applications/${unknown}`,
      `/api/company/applications/${unknown}/resume`,
      '/api/company/jobs/not-a-uuid',
    ]) {
      expect((await caller(app, users.member).request('GET', url)).json(), url).toMatchObject({ code: 'not_found' });
      expect((await caller(app, users.student).request('GET', url)).json(), url).toMatchObject({
        code: 'not_a_member',
      });
    }
  });

  it('a bulk change mixing applications of two organizations changes nothing', async () => {
    const before = await db()
      .select({ id: applications.id, status: applications.status, version: applications.version })
      .from(applications);
    const response = await caller(app, orgA.owner).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [ids.applicationA, ids.applicationB],
      status: 'rejected',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'not_a_member' });
    expect(
      await db()
        .select({ id: applications.id, status: applications.status, version: applications.version })
        .from(applications),
    ).toEqual(before);
  });
});
