import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { watchAppState } from '../../../tests/api-setup/app-state.ts';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  lastMailLink,
  postJob,
  type TestOrganization,
} from '../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { createMemberInvitation } from '../modules/company/index.ts';
import type { RouteListEntry } from './input-policy.ts';
import { exampleOf } from './route-schemas.ts';
import { MissingRouteAccessError, type RouteAccess, requireRouteAccess, routeAccessKinds } from './route-access.ts';

// The access matrix of the whole API, generated from the app's own route list: every route states who may call it
// (config.access, route-access.ts) and is probed by every kind of caller that statement refuses: no token, an
// anonymous session, a student, another student, a removed member, members and owners of another organization, a
// member on owner-only routes, someone off the server's machine on admin routes. Each refusal is checked for its
// status, its code, that it leaks nothing, and that it changed nothing: every table, every stored file, the outbox.
// Each caller the statement allows is checked to get past the access check. A route added later is probed as soon as
// it is registered; a route whose statement or path parameters the matrix cannot probe fails here.

const adminToken = 'route-access-admin-token-0123456789abcdef';
/** The moderator (ADMIN_EMAILS). */
const operatorEmail = uniqueEmail('operator');
let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let outboxDir: string;
const db = () => testDatabase.database.db;
/** What the refusal checks compare: every table, the stored files, the outbox (mail queued earlier sent first). */
const appState = () => ({ db: db(), storage: join(storageDir, 'files'), outboxDir, mailSender: app.mailSender });

type Caller =
  | 'none'
  | 'anonymous'
  | 'student'
  | 'otherStudent'
  | 'removed'
  | 'member'
  | 'owner'
  | 'otherMember'
  | 'otherOwner'
  | 'operator';
type Org = 'A' | 'B';
type Role = 'member' | 'owner';

const users = {} as Record<Exclude<Caller, 'none' | 'owner' | 'otherOwner'>, EmulatorUser>;
const orgs = {} as Record<Org, TestOrganization>;
type OrgFixtures = {
  job: { id: string; slug: string };
  application: string;
  memberInvitation: string;
  /** Member-allowed deletions each get their own row per role, so the owner's probe still finds one. */
  jobInvitation: Record<Role, string>;
  /** An e-mail template of the organization (edited, then deleted, by the owner-only routes). */
  emailTemplate: string;
  sharedLink: Record<Role, string>;
  spareMember: EmulatorUser;
  /** An interview proposed on `application` (moved, then cancelled, by the member routes). */
  interview: string;
};
const fixtures = {} as Record<Org, OrgFixtures>;
const student = {} as {
  application: string;
  applicantToken: string;
  joinToken: string;
  alert: string;
  trackedApplication: string;
  /** An interview proposed on the student's own application. */
  interview: string;
};

/** Proposes an interview on `applicationId` as `owner`, with them as the interviewer; answers its id. */
async function proposeInterview(owner: EmulatorUser, applicationId: string): Promise<string> {
  const response = await caller(app, owner).request('POST', `/api/company/applications/${applicationId}/interviews`, {
    slots: [new Date(Date.now() + 3 * 86_400_000).toISOString()],
    durationMinutes: 30,
    videoUrl: 'https://meet.example.com/route-access',
    interviewerUids: [owner.uid],
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }[])[0]!.id;
}

function userOf(who: Caller): EmulatorUser | null {
  if (who === 'none') return null;
  if (who === 'owner') return orgs.A.owner;
  if (who === 'otherOwner') return orgs.B.owner;
  return users[who];
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-route-access-'));
  outboxDir = join(storageDir, 'outbox');
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: join(storageDir, 'files'),
      OUTBOX_DIR: outboxDir,
      PUBLIC_URL: 'https://jobs.test',
      // GitHub and Devpost out of reach (nothing listens on port 9): the matrix never leaves this machine.
      GITHUB_API_URL: 'http://127.0.0.1:9',
      GITHUB_GRAPHQL_URL: 'http://127.0.0.1:9/graphql',
      DEVPOST_BASE_URL: 'http://127.0.0.1:9',
      ADMIN_EMAILS: `someone-else@example.org, ${operatorEmail.toUpperCase()}`,
    }),
    adminToken,
  });

  orgs.A = await createOrganizationWithOwnerUser(app, db(), 'Acme Robotics');
  orgs.B = await createOrganizationWithOwnerUser(app, db(), 'Globex');
  const [anonymous, studentUser, otherStudent, removed, member, otherMember, spareA, spareB, operator] =
    await Promise.all([
      createAnonymousUser(),
      createGoogleUser({ email: uniqueEmail('student'), name: 'Stu Dent' }),
      createGoogleUser({ email: uniqueEmail('other-student'), name: 'Oth Er' }),
      createGoogleUser({ email: uniqueEmail('removed'), name: 'Rem Oved' }),
      createGoogleUser({ email: uniqueEmail('member'), name: 'Mem Ber' }),
      createGoogleUser({ email: uniqueEmail('globex-member'), name: 'Glo Bex' }),
      createGoogleUser({ email: uniqueEmail('spare'), name: 'Spare Member' }),
      createGoogleUser({ email: uniqueEmail('spare-b'), name: 'Spare Globex' }),
      createGoogleUser({ email: operatorEmail, name: 'Op Erator' }),
    ]);
  Object.assign(users, { anonymous, student: studentUser, otherStudent, removed, member, otherMember, operator });
  for (const [org, spare, teammate] of [
    ['A', spareA, member],
    ['B', spareB, otherMember],
  ] as const) {
    const { id, owner } = orgs[org];
    await addMemberThroughApi(app, db(), id, teammate);
    await addMemberThroughApi(app, db(), id, spare);
    const job = await postJob(app, owner, id, { title: `${orgs[org].name} Intern` });
    const invite = async (email = uniqueEmail('invitee')) => {
      const response = await caller(app, owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
        entries: [{ email }],
      });
      return (response.json() as { created: { id: string }[] }).created[0]!.id;
    };
    const link = async () =>
      (await caller(app, owner).request('POST', `/api/company/jobs/${job.id}/shared-links`)).json().id as string;
    const memberInvitation = await createMemberInvitation(db(), {
      organizationId: id,
      email: uniqueEmail('pending'),
      role: 'member',
      invitedBy: null,
    });
    const template = await caller(app, owner).request('POST', `/api/company/organizations/${id}/email-templates`, {
      name: 'Interview invitation',
      texts: { en: { subject: 'An interview for {{jobTitle}}', body: 'Hi {{firstName}}, shall we meet?' } },
    });
    expect(template.statusCode).toBe(201);
    const application = await applyAsStudent(app, studentUser, job.slug);
    fixtures[org] = {
      emailTemplate: template.json().id,
      job: { id: job.id, slug: job.slug },
      application,
      interview: await proposeInterview(owner, application),
      memberInvitation: memberInvitation.invitation.id,
      jobInvitation: { member: await invite(), owner: await invite() },
      sharedLink: { member: await link(), owner: await link() },
      spareMember: spare,
    };
    if (org === 'A') {
      // The student's own application (the one "resource-owner" routes name), to a job of its own.
      const ownJob = await postJob(app, owner, id, { title: 'Acme Second Intern' });
      student.application = await applyAsStudent(app, studentUser, ownJob.slug);
      student.interview = await proposeInterview(owner, student.application);
      await invite(studentUser.email!);
      const link = await lastMailLink(db(), studentUser.email!, 'token=');
      student.applicantToken = new URL(link).searchParams.get('token')!;
    }
  }
  await addMemberThroughApi(app, db(), orgs.A.id, removed);
  expect((await caller(app, removed).request('GET', `/api/company/jobs/${fixtures.A.job.id}`)).statusCode).toBe(200);
  const removal = await caller(app, orgs.A.owner).request(
    'DELETE',
    `/api/company/organizations/${orgs.A.id}/members/${removed.uid}`,
  );
  expect(removal.statusCode).toBe(204);
  const account = await caller(app, studentUser).request('POST', '/api/auth/create-account', {
    email: studentUser.email,
  });
  expect(account.statusCode).toBeLessThan(300);
  const alert = await caller(app, studentUser).request('POST', '/api/alerts', {
    name: 'Robotics',
    filters: { q: 'robot' },
    frequency: 'daily',
    channels: ['email'],
  });
  expect(alert.statusCode).toBe(201);
  student.alert = alert.json().id;
  const tracked = await caller(app, studentUser).request('POST', '/api/tracked-applications', {
    company: 'Northwind Robotics',
    title: 'Firmware Intern',
    url: 'https://jobs.example.com/northwind/firmware-intern',
    stage: 'applied',
  });
  expect(tracked.statusCode).toBe(201);
  student.trackedApplication = tracked.json().id;
  student.joinToken = (
    await createMemberInvitation(db(), {
      organizationId: orgs.A.id,
      email: uniqueEmail('joiner'),
      role: 'member',
      invitedBy: null,
    })
  ).token;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

const apiRoutes = (): RouteListEntry[] =>
  app.routeList.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');

class UnprobedRouteError extends Error {}

/** The value of one path parameter of `url`, for a caller acting on organization `org`'s data. */
function parameterValue(url: string, name: string, org: Org, role: Role): string {
  const data = fixtures[org];
  const byName: Record<string, () => string> = {
    orgId: () => orgs[org].id,
    uid: () => data.spareMember.uid,
    invId: () => data.jobInvitation[role],
    linkId: () => data.sharedLink[role],
    slug: () => data.job.slug,
    idOrSlug: () => data.job.slug,
    jobId: () => data.job.id,
    templateId: () => data.emailTemplate,
    interviewId: () => (url.startsWith('/api/applications/') ? student.interview : data.interview),
    '*': () => 'logos/none.png',
  };
  const idByRoute: [RegExp, () => string][] = [
    [/^\/api\/company\/organizations\/:orgId\/invitations\/:id$/, () => data.memberInvitation],
    [/^\/api\/company\/invitations\/:id\/accept$/, () => data.memberInvitation],
    [/^\/api\/company\/jobs\/:id/, () => data.job.id],
    [/^\/api\/company\/applications\/:id/, () => data.application],
    [/^\/api\/applications\/:id/, () => student.application],
    [/^\/api\/alerts\/:id$/, () => student.alert],
    [/^\/api\/tracked-applications\/:id$/, () => student.trackedApplication],
    [/^\/api\/admin\/shared-links\/:id/, () => data.sharedLink.owner],
  ];
  const tokenByRoute: [RegExp, () => string][] = [
    [/^\/api\/company\/join\/:token$/, () => student.joinToken],
    [/^\/api\/applicants\/validate\/:token$/, () => student.applicantToken],
  ];
  const table = name === 'id' ? idByRoute : name === 'token' ? tokenByRoute : [];
  const found = table.find(([pattern]) => pattern.test(url))?.[1] ?? byName[name];
  if (!found) throw new UnprobedRouteError(`the access matrix has no value for :${name} of ${url}: add one`);
  return found();
}

function pathOf(url: string, org: Org, role: Role): string {
  return url
    .replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(parameterValue(url, name, org, role)))
    .replace(/\*$/, parameterValue(url, '*', org, role));
}

function shapeOf(schema: unknown): Record<string, unknown> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
}

/**
 * The query and body sent to a route: its documented example body (withExample, route-schemas.ts), so that a guard
 * that let a refused caller through would really write, with the organization's own ids where the route names them
 * in the query or the body instead of the path.
 */
function inputOf(route: RouteListEntry, org: Org): { query: string; body: unknown } {
  const query = 'organizationId' in shapeOf(route.schema?.querystring) ? `?organizationId=${orgs[org].id}` : '';
  const example = exampleOf(route.schema?.body);
  if (example === undefined) return { query, body: undefined };
  const fields = shapeOf(route.schema?.body);
  return {
    query,
    body: {
      ...(example as object),
      ...('organizationId' in fields ? { organizationId: orgs[org].id } : {}),
      ...('applicationIds' in fields ? { applicationIds: [fixtures[org].application] } : {}),
    },
  };
}

type Probe = { who: Caller; org?: Org; role?: Role; remoteAddress?: string; token?: string };

function send(route: RouteListEntry, { who, org = 'A', role = 'owner', remoteAddress, token }: Probe) {
  const { query, body } = inputOf(route, org);
  const user = userOf(who);
  const bearer = token ?? user?.idToken;
  return app.inject({
    method: route.method as 'GET',
    url: pathOf(route.url, org, role) + query,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'idempotency-key': randomUUID() },
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

type Refusal = { probe: Probe; status: number; code: string };

const noToken: Refusal = { probe: { who: 'none' }, status: 401, code: 'unauthenticated' };
const anonymousNeedsAccount: Refusal = {
  probe: { who: 'anonymous' },
  status: 403,
  code: 'identified_account_required',
};
const notMembers: Refusal[] = (['anonymous', 'student', 'removed', 'otherMember', 'otherOwner'] as const).map(
  (who) => ({ probe: { who }, status: 403, code: 'not_a_member' }),
);
/** Members and owners of organization A, with organization B's ids. */
const otherOrganizationIds: Refusal[] = (['member', 'owner'] as const).map((who) => ({
  probe: { who, org: 'B', role: who },
  status: 403,
  code: 'not_a_member',
}));

/** Who each statement refuses, and with what. */
const refusedBy: Record<RouteAccess, Refusal[]> = {
  public: [],
  'signed-in': [noToken],
  account: [noToken, anonymousNeedsAccount],
  'resource-owner': [
    noToken,
    anonymousNeedsAccount,
    ...(['otherStudent', 'member', 'owner'] as const).map((who) => ({
      probe: { who },
      status: 404,
      code: 'not_found',
    })),
  ],
  'organization-member': [noToken, ...notMembers, ...otherOrganizationIds],
  'organization-owner': [
    noToken,
    ...notMembers,
    ...otherOrganizationIds,
    { probe: { who: 'member', role: 'member' }, status: 403, code: 'owner_only' },
  ],
  admin: [
    { probe: { who: 'none' }, status: 401, code: 'admin_token_required' },
    { probe: { who: 'student' }, status: 401, code: 'admin_token_required' },
    { probe: { who: 'none', token: adminToken, remoteAddress: '203.0.113.9' }, status: 404, code: 'not_found' },
  ],
  development: [{ probe: { who: 'none', remoteAddress: '203.0.113.9' }, status: 404, code: 'not_found' }],
  operator: [
    noToken,
    ...(['anonymous', 'student', 'member', 'owner'] as const).map((who) => ({
      probe: { who },
      status: 403,
      code: 'operator_only',
    })),
  ],
};

/** Who each statement lets through (checked after every refusal, as they may change data). */
const allowedBy: Record<RouteAccess, Probe[]> = {
  public: [{ who: 'none' }],
  'signed-in': [{ who: 'anonymous' }, { who: 'student' }],
  account: [{ who: 'student' }],
  'resource-owner': [{ who: 'student' }],
  'organization-member': [
    { who: 'member', role: 'member' },
    { who: 'owner', role: 'owner' },
  ],
  'organization-owner': [{ who: 'owner', role: 'owner' }],
  admin: [{ who: 'none', token: adminToken }],
  development: [{ who: 'none' }],
  operator: [{ who: 'operator' }],
};

/** The codes with which a guard refuses a caller, by what the route states. */
const signInCodes = ['unauthenticated', 'token_invalid', 'identified_account_required'];
const guardCodes: Record<RouteAccess, string[]> = {
  public: signInCodes,
  // "Any token": what the route answers then (such as GET /api/company/organizations' 403 to someone without an
  // organization) is the route's own answer, not its guard's.
  'signed-in': ['unauthenticated', 'token_invalid'],
  account: signInCodes,
  'resource-owner': signInCodes,
  'organization-member': [...signInCodes, 'not_a_member', 'owner_only'],
  'organization-owner': [...signInCodes, 'not_a_member', 'owner_only'],
  admin: ['admin_token_required'],
  development: signInCodes,
  operator: [...signInCodes, 'operator_only'],
};

function describeProbe(route: RouteListEntry, probe: Probe): string {
  const where = probe.org === 'B' ? " with the other organization's ids" : '';
  const from = probe.remoteAddress ? ` from ${probe.remoteAddress}` : '';
  const token = probe.token ? ' with the admin token' : '';
  return `${route.method} ${route.url} as ${probe.who}${token}${where}${from}`;
}

function codeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return (response.json() as { code?: string }).code;
  } catch {
    return undefined;
  }
}

describe('every API route states who may call it', () => {
  it('the route list is the whole API: company, applications, profile, admin and development routes are in it', () => {
    const urls = apiRoutes().map((route) => route.url);
    for (const url of [
      '/api/company/jobs/:id',
      '/api/company/organizations/:orgId/activity',
      '/api/company/organizations/:orgId/activity.csv',
      '/api/applications/:id/withdraw',
      '/api/profile/update',
      '/api/admin/ingest',
      '/api/dev/email-link',
    ]) {
      expect(urls).toContain(url);
    }
    expect(apiRoutes().length).toBeGreaterThan(50);
  });

  it('each states a known access (an app with an /api route that states none does not start)', async () => {
    const unstated = apiRoutes().filter((route) => !route.access || !Object.hasOwn(routeAccessKinds, route.access));
    expect(unstated).toEqual([]);
    for (const config of [{}, { access: 'everyone' }]) {
      const bare = Fastify();
      requireRouteAccess(bare);
      expect(() => bare.get('/api/forgotten', { config: config as object }, async () => 'open')).toThrow(
        MissingRouteAccessError,
      );
      await bare.close();
    }
  });

  it('each route a guard protects documents a valid example body, which its refused callers are sent', () => {
    const guarded: RouteAccess[] = [
      'account',
      'resource-owner',
      'organization-member',
      'organization-owner',
      'operator',
    ];
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const body = route.schema?.body;
      // Multipart bodies (bodyByContentType) are documented per content type and read by the handler.
      if (!guarded.includes(route.access!) || !(body instanceof z.ZodType)) continue;
      const example = exampleOf(body);
      if (example === undefined) problems.push(`${route.method} ${route.url}: no example (withExample)`);
      else if (!body.safeParse(example).success) problems.push(`${route.method} ${route.url}: the example is refused`);
    }
    expect(problems).toEqual([]);
    expect(apiRoutes().filter((route) => exampleOf(route.schema?.body) !== undefined).length).toBeGreaterThan(10);
  });

  it('the matrix can address every route (a value for each path parameter)', () => {
    const unprobed: string[] = [];
    for (const route of apiRoutes()) {
      try {
        pathOf(route.url, 'A', 'owner');
      } catch (error) {
        if (!(error instanceof UnprobedRouteError)) throw error;
        unprobed.push(error.message);
      }
    }
    expect(unprobed).toEqual([]);
  });
});

describe('refused callers: the status and code of the refusal, nothing leaked, nothing changed', () => {
  it('every route refuses every caller its statement does not allow', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of apiRoutes()) {
      const refusals = refusedBy[route.access!];
      if (refusals.length === 0) continue;
      const unchanged = await watchAppState(appState());
      for (const { probe, status, code } of refusals) {
        const response = await send(route, probe);
        probes += 1;
        if (response.statusCode !== status || codeOf(response) !== code) {
          failures.push(`${describeProbe(route, probe)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
        for (const secret of ['Acme', 'Globex', '%PDF', orgs.A.owner.email!, users.student.email!]) {
          if (response.body.includes(secret)) failures.push(`${describeProbe(route, probe)} leaks "${secret}"`);
        }
      }
      // Collected, so that one run names every route that wrote.
      await unchanged.expectUnchanged(`${route.method} ${route.url} refused`).catch((error: Error) => {
        failures.push(error.message.split('\n')[0]!);
      });
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(200);
  });
});

describe('allowed callers get past the access check', () => {
  it('every route lets each caller its statement allows through (no 401/403 of the guards, no 404, no 500)', async () => {
    const failures: string[] = [];
    // Owner-only and member routes last: they remove a member, revoke invitations and links.
    const order: RouteAccess[] = [
      'public',
      'development',
      'admin',
      'signed-in',
      'account',
      'resource-owner',
      'organization-member',
      'organization-owner',
      'operator',
    ];
    // Deleting one's account is tried by the other student, last: the student the matrix and the tests below act
    // for keeps their data.
    const endsAccount = (route: RouteListEntry) => (route.method === 'DELETE' && route.url === '/api/account' ? 1 : 0);
    // Leaving and deleting the organization come last too, and are undone at once: the member joins again, the
    // deletion is cancelled, so the tests below still find organization A as it was.
    const leaves = (route: RouteListEntry) => route.url === '/api/company/organizations/:orgId/leave';
    const deletesOrganization = (route: RouteListEntry) =>
      route.method === 'DELETE' && route.url === '/api/company/organizations/:orgId';
    const endsMembership = (route: RouteListEntry) => (leaves(route) || deletesOrganization(route) ? 1 : 0);
    const routes = [...apiRoutes()].sort(
      (a, b) =>
        endsAccount(a) - endsAccount(b) ||
        endsMembership(a) - endsMembership(b) ||
        order.indexOf(a.access!) - order.indexOf(b.access!),
    );
    const undo = async (route: RouteListEntry) => {
      if (leaves(route)) await addMemberThroughApi(app, db(), orgs.A.id, users.member);
      if (deletesOrganization(route)) {
        const restored = await caller(app, orgs.A.owner).request(
          'POST',
          `/api/company/organizations/${orgs.A.id}/restore`,
        );
        expect(restored.statusCode).toBe(200);
      }
    };
    for (const route of routes) {
      const allowed: Probe[] = endsAccount(route) ? [{ who: 'otherStudent' }] : allowedBy[route.access!];
      for (const probe of allowed) {
        const response = await send(route, probe);
        const code = codeOf(response);
        const refusedByGuard =
          [401, 403].includes(response.statusCode) && guardCodes[route.access!].includes(code ?? '');
        // What the matrix names exists: not_found would mean the guard took the caller for someone else. (A public
        // logo or a dev link may be missing; other 404 codes, such as "no resume uploaded yet", are the route's own.)
        const missing =
          response.statusCode === 404 &&
          code === 'not_found' &&
          route.access !== 'public' &&
          route.access !== 'development';
        // 502: past the guard, the third party (GitHub, Devpost) is out of reach here, as configured above.
        const failed = response.statusCode >= 500 && response.statusCode !== 502;
        if (refusedByGuard || missing || failed) {
          failures.push(`${describeProbe(route, probe)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
      await undo(route);
    }
    expect(failures).toEqual([]);
  });
});

describe('company routes: what the statement does not say', () => {
  it('GET /api/company/organizations lists only the caller’s own organizations, with the role', async () => {
    const own = await caller(app, users.member).request('GET', '/api/company/organizations');
    expect(own.json()).toEqual([expect.objectContaining({ id: orgs.A.id, name: 'Acme Robotics', role: 'member' })]);
    const other = await caller(app, orgs.B.owner).request('GET', '/api/company/organizations');
    expect(other.json().map((organization: { id: string }) => organization.id)).toEqual([orgs.B.id]);
    for (const who of ['anonymous', 'student', 'removed'] as const) {
      const response = await caller(app, users[who]).request('GET', '/api/company/organizations');
      expect(response.statusCode, who).toBe(403);
      expect(response.json(), who).toEqual({ error: expect.any(String), code: 'not_a_member' });
    }
  });

  it('a member gets the resume only as a PDF with a sandbox policy, never cached', async () => {
    const resume = await caller(app, users.member).request(
      'GET',
      `/api/company/applications/${fixtures.A.application}/resume`,
    );
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['content-type']).toBe('application/pdf');
    expect(resume.headers['content-security-policy']).toContain('sandbox');
    expect(resume.headers['cache-control']).toBe('no-store');
    expect(resume.body.startsWith('%PDF')).toBe(true);
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

  it('a bulk change mixing applications of two organizations is refused and changes nothing', async () => {
    const unchanged = await watchAppState(appState());
    const response = await caller(app, orgs.A.owner).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [fixtures.A.application, fixtures.B.application],
      status: 'rejected',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'not_a_member' });
    await unchanged.expectUnchanged('a bulk change across two organizations');
  });
});
