import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  mailOutbox,
  organizationActivity,
  organizationMembers,
  organizations,
  studentProfiles,
  trackedApplications,
} from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { appTableNames, storedFileHashes, watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { apply, buildAnswers, multipartApplication } from '../../../../tests/api-setup/applications.ts';
import {
  addMemberThroughApi,
  applyAsStudent,
  buildJobInput,
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
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { insertTrackedApplication } from '../../../../tests/api-setup/student-rows.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildPdf } from '../../../../tests/api-setup/uploads.ts';
import type { CompanyJob, Organization } from '../../../shared/company/company-api.ts';
import { retentionTaskName } from '../retention/index.ts';

// Members leaving an organization, and an owner deleting one (docs/decisions/035-leaving-and-organization-deletion.md):
// who may, what is refused and with which code (nothing changed then: every table, every file), and the deletion
// after the grace period on a test clock, which must leave no row or file of the organization's applications.

const dayMs = 86_400_000;
let testDatabase: TestDatabase;
let db: Database;
let app: FastifyInstance;
let clock: TestClock;
let storageDir: string;
let other: TestOrganization;
let otherMember: EmulatorUser;
let student: EmulatorUser;
let anonymous: EmulatorUser;

const state = () => watchAppState({ db, storage: storageDir, mailSender: app.mailSender });
const sweep = () => app.scheduler.runNow(retentionTaskName);
const deletionNotices = () =>
  db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.kind, ['organization-deletion-member', 'organization-deletion-applicant']));

async function membersOf(organizationId: string) {
  return db
    .select({ uid: organizationMembers.uid, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
}

async function activityKinds(organizationId: string) {
  const rows = await db
    .select({ kind: organizationActivity.kind, actorUid: organizationActivity.actorUid })
    .from(organizationActivity)
    .where(eq(organizationActivity.organizationId, organizationId))
    .orderBy(organizationActivity.id);
  return rows;
}

/** Every row of every app table, as text, that mentions one of `traces`. */
async function rowsMentioning(traces: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await appTableNames(db)) {
    const result = (await db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    for (const { row } of result.rows) {
      const lower = row.toLowerCase();
      const hit = traces.find((trace) => lower.includes(trace.toLowerCase()));
      if (hit) found.push(`${table}: "${hit}" in ${row.slice(0, 200)}`);
    }
  }
  return found;
}

/** An organization with an owner, two members and a removed member. */
async function organizationWithTeam(name: string) {
  const organization = await createOrganizationWithOwnerUser(app, db, name);
  const [member, teammate, removed] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('member'), name: `${name} Member` }),
    createGoogleUser({ email: uniqueEmail('teammate'), name: `${name} Teammate` }),
    createGoogleUser({ email: uniqueEmail('removed'), name: `${name} Removed` }),
  ]);
  for (const user of [member, teammate, removed]) await addMemberThroughApi(app, db, organization.id, user);
  const removal = await caller(app, organization.owner).request(
    'DELETE',
    `/api/company/organizations/${organization.id}/members/${removed.uid}`,
  );
  expect(removal.statusCode).toBe(204);
  return { ...organization, member, teammate, removed };
}

type Team = Awaited<ReturnType<typeof organizationWithTeam>>;

/** The callers every route here refuses outright, with the status and code. */
function outsiders(team: Team): [string, EmulatorUser | null, number, string][] {
  return [
    ['no token', null, 401, 'unauthenticated'],
    ['an anonymous session', anonymous, 403, 'not_a_member'],
    ['a student', student, 403, 'not_a_member'],
    ['a member of another organization', otherMember, 403, 'not_a_member'],
    ['the owner of another organization', other.owner, 403, 'not_a_member'],
    ['a removed member', team.removed, 403, 'not_a_member'],
  ];
}

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-org-deletion-'));
  testDatabase = await openTestDatabase();
  db = testDatabase.database.db;
  clock = createTestClock();
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir }),
    clock: () => clock.now(),
  });
  other = await createOrganizationWithOwnerUser(app, db, 'Globex Staying');
  otherMember = await createGoogleUser({ email: uniqueEmail('globex'), name: 'Globex Member' });
  await addMemberThroughApi(app, db, other.id, otherMember);
  student = await createGoogleUser({ email: uniqueEmail('student'), name: 'Ysolde Farraday' });
  anonymous = await createAnonymousUser();
  const me = caller(app, student);
  expect((await me.request('POST', '/api/auth/create-account', { email: student.email })).statusCode).toBeLessThan(300);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('POST /api/company/organizations/{id}/leave', () => {
  let team: Team;
  beforeAll(async () => {
    team = await organizationWithTeam('Leaving Labs');
  });

  it('is refused to anyone who is not a member, changing nothing', async () => {
    const unchanged = await state();
    for (const [who, user, status, code] of outsiders(team)) {
      const response = await caller(app, user).request('POST', `/api/company/organizations/${team.id}/leave`, {});
      expect(response.statusCode, who).toBe(status);
      expect(response.json(), who).toEqual({ code, error: expect.any(String) });
    }
    await unchanged.expectUnchanged('refused leaves');
  });

  it('refuses the last owner (409 last_owner), a new owner who is not a member, and a member naming one', async () => {
    const unchanged = await state();
    const url = `/api/company/organizations/${team.id}/leave`;
    const owner = caller(app, team.owner);
    const alone = await owner.request('POST', url, {});
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ code: 'last_owner', error: expect.stringContaining('last owner') });
    for (const newOwnerUid of [team.removed.uid, otherMember.uid, team.owner.uid, 'nobody']) {
      const response = await owner.request('POST', url, { newOwnerUid });
      expect(response.statusCode, newOwnerUid).toBe(409);
      expect(response.json().code, newOwnerUid).toBe('new_owner_not_member');
    }
    const byMember = await caller(app, team.member).request('POST', url, { newOwnerUid: team.teammate.uid });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('owner_only');
    const bad = await owner.request('POST', url, { newOwnerUid: '', extra: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
    await unchanged.expectUnchanged('refused leaves of members');
  });

  it('ends a member’s membership: their next request is refused, and the log says they left', async () => {
    const url = `/api/company/organizations/${team.id}/leave`;
    const member = caller(app, team.member);
    expect((await member.request('GET', `/api/company/organizations/${team.id}/members`)).statusCode).toBe(200);
    expect((await member.request('POST', url)).statusCode).toBe(204);
    expect((await membersOf(team.id)).map((row) => row.uid)).not.toContain(team.member.uid);
    const after = await member.request('GET', `/api/company/organizations/${team.id}/members`);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('not_a_member');
    expect(await activityKinds(team.id)).toContainEqual({ kind: 'member-left', actorUid: team.member.uid });
    // Leaving again: no longer a member.
    expect((await member.request('POST', url, {})).statusCode).toBe(403);
  });

  it('lets the last owner leave by naming another member, who becomes owner in the same step', async () => {
    const owner = caller(app, team.owner);
    const response = await owner.request('POST', `/api/company/organizations/${team.id}/leave`, {
      newOwnerUid: team.teammate.uid,
    });
    expect(response.statusCode).toBe(204);
    expect(await membersOf(team.id)).toEqual([{ uid: team.teammate.uid, role: 'owner' }]);
    const [row] = await db
      .select({ detail: organizationActivity.detail })
      .from(organizationActivity)
      .where(and(eq(organizationActivity.organizationId, team.id), eq(organizationActivity.actorUid, team.owner.uid)));
    expect(row?.detail).toEqual({ newOwnerUid: team.teammate.uid });
    const log = await caller(app, team.teammate).request('GET', `/api/company/organizations/${team.id}/activity`);
    expect(log.statusCode).toBe(200);
    expect(log.json().items.map((item: { kind: string }) => item.kind)).toEqual(['member-left', 'member-left']);
  });
});

describe('deleting an organization: scheduled, cancelled, then done by the sweep after the grace period', () => {
  let team: Team;
  let job: CompanyJob;
  let draft: CompanyJob;
  let applicationId: string;
  let resumeKey: string;
  let profileResumeKey: string;
  let dueAt: number;
  beforeAll(async () => {
    team = await organizationWithTeam('Vanishing Robotics');
    job = await postJob(app, team.owner, team.id, { title: 'Vanishing Firmware Intern' });
    draft = await postJob(app, team.owner, team.id, { title: 'Vanishing Draft', status: 'draft' });
    await uploadProfileResume(app, student, { fileName: 'Farraday CV.pdf' });
    applicationId = await applyAsStudent(app, student, job.slug, {
      firstName: 'Ysolde',
      lastName: 'Farraday',
      phone: '+1 514 555 0142',
    });
    const owner = caller(app, team.owner);
    expect(
      (await owner.request('PATCH', `/api/company/applications/${applicationId}`, { status: 'screening', version: 0 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.request('POST', `/api/company/applications/${applicationId}/notes`, { body: 'Vanishing note' }))
        .statusCode,
    ).toBe(201);
    expect((await owner.request('GET', `/api/company/applications/${applicationId}/resume`)).statusCode).toBe(200);
    const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
    resumeKey = row!.resumeKey;
    const [profile] = await db.select().from(studentProfiles).where(eq(studentProfiles.uid, student.uid));
    profileResumeKey = profile!.resumeKey!;
    await insertTrackedApplication(db, student.uid, { note: 'Vanishing Robotics phone screen' });
  }, 60_000);

  it('is refused to callers who are not owners, changing nothing', async () => {
    const unchanged = await state();
    for (const path of ['', '/restore']) {
      const method = path ? 'POST' : 'DELETE';
      const url = `/api/company/organizations/${team.id}${path}`;
      for (const [who, user, status, code] of [
        ...outsiders(team),
        ['a member', team.member, 403, 'owner_only'] as const,
      ]) {
        const response = await caller(app, user).request(method, url);
        expect(response.statusCode, `${method} ${url} by ${who}`).toBe(status);
        expect(response.json(), `${method} ${url} by ${who}`).toEqual({ code, error: expect.any(String) });
      }
    }
    await unchanged.expectUnchanged('refused deletions');
  });

  it('a restore with nothing scheduled is a 409 that changes nothing', async () => {
    const unchanged = await state();
    const response = await caller(app, team.owner).request('POST', `/api/company/organizations/${team.id}/restore`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('deletion_not_scheduled');
    await unchanged.expectUnchanged('restore of an organization not scheduled');
  });

  it('schedules the deletion: the date is shown, jobs close at once and leave the board, nothing new comes in', async () => {
    const owner = caller(app, team.owner);
    const board = async () => (await caller(app, null).request('GET', '/api/public/board?q=Vanishing')).body;
    await expect.poll(board).toContain(job.id);
    // The member reads the portal in French; the owner and the student chose no language.
    await db.update(organizationMembers).set({ locale: 'fr' }).where(eq(organizationMembers.uid, team.member.uid));
    const response = await owner.request('DELETE', `/api/company/organizations/${team.id}`);
    expect(response.statusCode).toBe(200);
    const organization = response.json() as Organization;
    dueAt = clock.now() + 30 * dayMs;
    expect(organization).toMatchObject({ id: team.id, deletionDueAt: new Date(dueAt).toISOString() });

    // The members learn the date and how to cancel; the student with an open application, that the job closed.
    const notices = await deletionNotices();
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(dueAt));
    const [memberRows, [applicationRow]] = await Promise.all([
      db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, team.id)),
      db.select().from(applications).where(eq(applications.id, applicationId)),
    ]);
    const emailOf = (uid: string) => memberRows.find((row) => row.uid === uid)!.email;
    expect(notices.map((mail) => [mail.kind, mail.recipient, mail.subject]).sort()).toEqual(
      [
        [
          'organization-deletion-applicant',
          applicationRow!.email,
          'Vanishing Firmware Intern at Vanishing Robotics is closed',
        ],
        [
          'organization-deletion-member',
          emailOf(team.owner.uid),
          `Vanishing Robotics will be deleted on ${day('en-CA')}`,
        ],
        [
          'organization-deletion-member',
          emailOf(team.member.uid),
          `Vanishing Robotics sera supprimée le ${day('fr-CA')}`,
        ],
        [
          'organization-deletion-member',
          emailOf(team.teammate.uid),
          `Vanishing Robotics will be deleted on ${day('en-CA')}`,
        ],
      ].sort(),
    );
    const ownerMail = notices.find((mail) => mail.recipient === emailOf(team.owner.uid))!;
    expect(ownerMail.body).toContain('An owner can cancel the deletion before');
    expect(ownerMail.body).toMatch(/https?:\/\/\S+\/company\b/);
    const memberMail = notices.find((mail) => mail.recipient === emailOf(team.member.uid))!;
    expect(memberMail.body).toContain('« Annuler la suppression »');
    expect(memberMail.html).toContain('lang="fr"');
    const applicantMail = notices.find((mail) => mail.kind === 'organization-deletion-applicant')!;
    expect(applicantMail.causeId).toBe(applicationId);
    expect(applicantMail.body).toContain(`On ${day('en-CA')}, your application and the resume you sent with it`);
    // Nobody removed from the team is told.
    expect(notices.map((mail) => mail.recipient)).not.toContain(team.removed.email);
    // Members see the date too (the portal's banner).
    const listed = (await caller(app, team.member).request('GET', '/api/company/organizations')).json();
    expect(listed).toEqual([expect.objectContaining({ id: team.id, deletionDueAt: organization.deletionDueAt })]);

    const closed = (await owner.request('GET', `/api/company/jobs/${job.id}`)).json() as CompanyJob;
    expect(closed.status).toBe('closed');
    expect((await owner.request('GET', `/api/company/jobs/${draft.id}`)).json().status).toBe('draft');
    await expect.poll(board).not.toContain(job.id);

    // No new application, no job posted, published or reopened, no member invited.
    const unchanged = await state();
    const applying = await apply(
      app,
      otherMember,
      job.slug,
      multipartApplication(buildAnswers({ firstName: 'Late' }), { file: buildPdf() }),
    );
    expect(applying.statusCode).toBeGreaterThanOrEqual(400);
    expect(applying.statusCode).toBeLessThan(500);
    for (const [method, url, body] of [
      ['POST', '/api/company/jobs', buildJobInput(team.id)],
      ['PATCH', `/api/company/jobs/${job.id}`, { status: 'published' }],
      ['PATCH', `/api/company/jobs/${draft.id}`, { status: 'published' }],
      ['POST', `/api/company/organizations/${team.id}/invitations`, { email: uniqueEmail('late'), role: 'member' }],
    ] as const) {
      const refused = await owner.request(method, url, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().code, url).toBe('organization_deletion_scheduled');
    }
    await unchanged.expectUnchanged('actions refused during the grace period');

    // Asking again keeps the first date.
    clock.advance(dayMs);
    const again = await owner.request('DELETE', `/api/company/organizations/${team.id}`);
    expect(again.json().deletionDueAt).toBe(organization.deletionDueAt);
    expect(await deletionNotices()).toHaveLength(notices.length);
    expect((await activityKinds(team.id)).filter((row) => row.kind === 'deletion-scheduled')).toEqual([
      { kind: 'deletion-scheduled', actorUid: team.owner.uid },
    ]);
  });

  it('is cancelled by an owner during the grace period; the jobs stay closed until reopened', async () => {
    const owner = caller(app, team.owner);
    clock.advance(10 * dayMs);
    const response = await owner.request('POST', `/api/company/organizations/${team.id}/restore`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: team.id, deletionDueAt: null });
    const [row] = await db.select().from(organizations).where(eq(organizations.id, team.id));
    expect(row).toMatchObject({ deletionDueAt: null, deletionRequestedAt: null, deletionRequestedBy: null });
    expect((await activityKinds(team.id)).at(-1)).toEqual({ kind: 'deletion-cancelled', actorUid: team.owner.uid });
    // The date passes: the sweep leaves it.
    clock.advance(30 * dayMs);
    await sweep();
    expect((await owner.request('GET', `/api/company/jobs/${job.id}`)).json().status).toBe('closed');
    const reopened = await owner.request('PATCH', `/api/company/jobs/${job.id}`, { status: 'published' });
    expect(reopened.statusCode).toBe(200);
  });

  it('after the grace period, leaves no row or file of the organization’s applications; others keep theirs', async () => {
    const owner = caller(app, team.owner);
    const scheduled = await owner.request('DELETE', `/api/company/organizations/${team.id}`);
    expect(scheduled.statusCode).toBe(200);
    dueAt = Date.parse(scheduled.json().deletionDueAt);
    // The organization staying, with an application of the same student.
    const otherJob = await postJob(app, other.owner, other.id, { title: 'Globex Intern' });
    const otherApplication = await applyAsStudent(app, student, otherJob.slug, { lastName: 'Farraday' });
    const [otherRow] = await db.select().from(applications).where(eq(applications.id, otherApplication));

    const traces = [team.id, applicationId, resumeKey, 'Vanishing note', 'Vanishing Robotics', job.id, draft.id];
    expect(await rowsMentioning(traces)).not.toEqual([]);
    expect(existsSync(join(storageDir, resumeKey))).toBe(true);

    clock.advance(dueAt - clock.now() - 60_000);
    expect(await sweep()).toEqual({ ran: true });
    expect((await db.select().from(organizations).where(eq(organizations.id, team.id))).length).toBe(1);

    clock.advance(2 * 60_000);
    // The grace period is over: too late to cancel.
    const late = await owner.request('POST', `/api/company/organizations/${team.id}/restore`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('deletion_grace_over');
    expect(await sweep()).toEqual({ ran: true });

    // The tracked application the student wrote themselves names the organization: it is theirs and stays.
    const left = await rowsMentioning(traces);
    expect(left.filter((line) => !line.startsWith('tracked_applications:'))).toEqual([]);
    expect(existsSync(join(storageDir, resumeKey))).toBe(false);
    expect(Object.keys(await storedFileHashes(storageDir))).not.toContain(resumeKey);
    // The student keeps their profile resume, their own tracker and their other application.
    expect(existsSync(join(storageDir, profileResumeKey))).toBe(true);
    expect(existsSync(join(storageDir, otherRow!.resumeKey))).toBe(true);
    const tracked = await db.select().from(trackedApplications).where(eq(trackedApplications.userUid, student.uid));
    expect(tracked).toHaveLength(1);
    const mine = (await caller(app, student).request('GET', '/api/applications')).json() as {
      applicationId: string;
    }[];
    expect(mine.map((item) => item.applicationId)).toEqual([otherApplication]);
    // The former members have no organization left; the other organization is untouched.
    const formerOwner = await owner.request('GET', '/api/company/organizations');
    expect(formerOwner.statusCode).toBe(403);
    expect(await membersOf(other.id)).toHaveLength(2);
    // A second round has nothing more to delete.
    clock.advance(dayMs);
    const [otherCount] = await db.select({ n: sql<number>`count(*)::int` }).from(applications);
    await sweep();
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(applications))[0]).toEqual(otherCount);
  });
});

describe('DELETE /api/account for a company member', () => {
  it('ends their memberships; refuses the last owner of a live organization, naming it; not of one being deleted', async () => {
    const team = await organizationWithTeam('Owned Alone Inc');
    const unchanged = await state();
    const refused = await caller(app, team.owner).request('DELETE', '/api/account');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'last_owner', error: expect.stringContaining('Owned Alone Inc') });
    await unchanged.expectUnchanged('refused account deletion of the last owner');

    // A member: their membership ends, and the log says a (deleted) member left.
    expect((await caller(app, team.member).request('DELETE', '/api/account')).statusCode).toBe(204);
    expect((await membersOf(team.id)).map((row) => row.uid)).not.toContain(team.member.uid);
    expect(await activityKinds(team.id)).toContainEqual({ kind: 'member-left', actorUid: null });

    // Once the organization is scheduled for deletion, its last owner may go: it is deleted at its date anyway.
    expect((await caller(app, team.owner).request('DELETE', `/api/company/organizations/${team.id}`)).statusCode).toBe(
      200,
    );
    expect((await caller(app, team.owner).request('DELETE', '/api/account')).statusCode).toBe(204);
    expect((await membersOf(team.id)).map((row) => row.uid)).toEqual([team.teammate.uid]);
  });
});
