import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import { mailOutbox, notificationRuns } from '../../db/schema.ts';
import { instantOfLocalHour, localTimeAt } from '../../scheduler/local-time.ts';
import { summaryTaskName } from './index.ts';

// Company members hear of applications (issue 26, item 5): an e-mail per application and per withdrawal to the
// members who chose it, queued with the change; a daily summary at the digest hour of their time zone to those who
// chose it (owners by default), once per member and day whatever the rounds and instances; nothing to the others;
// in each member's language; and an unsubscribe link that sets the member's choice to 'none'.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let clock: TestClock;
let acme: TestOrganization;
let globex: TestOrganization;
let job: CompanyJob;
let eachMember: EmulatorUser;
let quietMember: EmulatorUser;
let frenchMember: EmulatorUser;
const db = () => testDatabase.database.db;
const hour = 7;
const hourMs = 3_600_000;

async function mailsTo(email: string, kind?: string) {
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.filter((row) => kind === undefined || row.kind === kind);
}

async function choose(user: EmulatorUser, org: TestOrganization, choice: 'each' | 'daily' | 'none') {
  const response = await caller(app, user).request('PUT', `/api/company/organizations/${org.id}/notifications`, {
    applicationNotifications: choice,
  });
  expect(response.statusCode).toBe(200);
}

async function newStudent(): Promise<EmulatorUser> {
  const student = await createGoogleUser({ email: uniqueEmail('applicant'), name: 'Grace Hopper' });
  const account = await caller(app, student).request('POST', '/api/auth/create-account', { email: student.email });
  expect(account.statusCode).toBeLessThan(300);
  return student;
}

/** The first time after now (and after `after`) when UTC clocks show `hour`:00, plus a minute. */
function nextSummaryTime(after = Date.now()): number {
  const day = new Date(after);
  let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, 1);
  while (at <= after) at += 24 * hourMs;
  return at;
}

/** The first time after `after` when the clocks of `timeZone` show `hour`:00. */
function nextLocalHour(after: number, timeZone: string): number {
  const today = localTimeAt(after, timeZone);
  for (let days = 0; ; days++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const at = instantOfLocalHour(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      hour,
      timeZone,
    );
    if (at > after) return at;
  }
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  clock = createTestClock();
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ PUBLIC_URL: 'https://jobs.test', DIGEST_HOUR: String(hour) }),
    clock: clock.now,
  });
  acme = await createOrganizationWithOwnerUser(app, db(), 'Acme Notices');
  globex = await createOrganizationWithOwnerUser(app, db(), 'Globex Notices');
  [eachMember, quietMember, frenchMember] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('each'), name: 'Eve Each' }),
    createGoogleUser({ email: uniqueEmail('quiet'), name: 'Quinn Quiet' }),
    createGoogleUser({ email: uniqueEmail('french'), name: 'Françoise' }),
  ]);
  for (const member of [eachMember, quietMember, frenchMember]) await addMemberThroughApi(app, db(), acme.id, member);
  await choose(eachMember, acme, 'each');
  await choose(frenchMember, acme, 'each');
  await caller(app, frenchMember).request('PATCH', '/api/company/me', { locale: 'fr', timeZone: 'America/Toronto' });
  job = await postJob(app, acme.owner, acme.id, { title: 'Robotics Intern' });
}, 120_000);

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('an e-mail for each application and withdrawal', () => {
  it('goes to each member who chose it, in their language, with the application and an unsubscribe link', async () => {
    const student = await newStudent();
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Grace', lastName: 'Hopper' });

    const [mail, ...others] = await mailsTo(eachMember.email!, 'application-notice');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      causeId: applicationId,
      subject: 'New application: Grace Hopper for Robotics Intern',
    });
    expect(mail!.body).toContain('Grace Hopper applied to Robotics Intern at Acme Notices.');
    expect(mail!.body).toContain(`https://jobs.test/company/applications/${applicationId}`);
    expect(mail!.html).toContain('<html lang="en"');
    expect(mail!.html).toContain(`href="https://jobs.test/company/applications/${applicationId}"`);
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/jobs\.test\/api\/unsubscribe\?token=[^>]+>, <mailto:/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const [french] = await mailsTo(frenchMember.email!, 'application-notice');
    expect(french).toMatchObject({ subject: 'Nouvelle candidature : Grace Hopper pour Robotics Intern' });
    expect(french!.html).toContain('<html lang="fr"');
    // The owner (daily summary by default), a member who chose nothing, another organization: no e-mail.
    for (const email of [acme.owner.email!, quietMember.email!, globex.owner.email!]) {
      expect(await mailsTo(email, 'application-notice'), email).toEqual([]);
    }

    // The withdrawal, the same way.
    const withdrawn = await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    const notices = await mailsTo(eachMember.email!, 'application-notice');
    expect(notices.map((row) => row.subject)).toEqual([
      'New application: Grace Hopper for Robotics Intern',
      'Application withdrawn: Grace Hopper for Robotics Intern',
    ]);
    expect(notices[1]!.body).toContain('Grace Hopper withdrew their application to Robotics Intern at Acme Notices.');
    expect((await mailsTo(frenchMember.email!, 'application-notice')).at(-1)?.subject).toBe(
      'Candidature retirée : Grace Hopper pour Robotics Intern',
    );
  });

  it('is written with the change only: a refused application or withdrawal queues nothing', async () => {
    const student = await newStudent();
    const applicationId = await applyAsStudent(app, student, job.slug);
    await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`);
    const unchanged = await watchAppState({ db: db(), mailSender: app.mailSender });
    // Withdrawn already: refused, no second notice.
    const again = await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`);
    expect(again.statusCode).toBe(409);
    await unchanged.expectUnchanged('a refused withdrawal');
  });

  it('stops when the member unsubscribes from the e-mail (one click, signed out), and resumes', async () => {
    const [mail] = await mailsTo(eachMember.email!, 'application-notice');
    const link = /^<([^>]+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Acme Notices');
    expect(page.body).toContain('href="/company/settings"');

    const stopped = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    const settings = () =>
      caller(app, eachMember).request('GET', `/api/company/organizations/${acme.id}/notifications`);
    expect((await settings()).json()).toMatchObject({ applicationNotifications: 'none' });
    const before = (await mailsTo(eachMember.email!)).length;
    await applyAsStudent(app, await newStudent(), job.slug);
    expect(await mailsTo(eachMember.email!)).toHaveLength(before);

    const resumed = await app.inject({
      method: 'POST',
      url: path.replace('/api/unsubscribe?', '/api/unsubscribe/resume?'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(resumed.statusCode).toBe(200);
    expect((await settings()).json()).toMatchObject({ applicationNotifications: 'each' });
    // A link someone altered is refused, changing nothing.
    const unchanged = await watchAppState({ db: db(), mailSender: app.mailSender });
    const altered = await app.inject({
      method: 'POST',
      url: `${path.slice(0, -3)}AAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(altered.statusCode).toBe(400);
    await unchanged.expectUnchanged('an altered unsubscribe link');
  });
});

describe('the daily summary', () => {
  it('goes once a day at the digest hour of each member’s zone, in their language, with the day’s applications and withdrawals', async () => {
    await choose(frenchMember, acme, 'daily');
    const now = Date.now();
    const ownerAt = nextSummaryTime(now);
    const frenchAt = nextLocalHour(now, 'America/Toronto') + 60_000;
    const toRun = [
      { at: ownerAt, email: acme.owner.email! },
      { at: frenchAt, email: frenchMember.email! },
    ].sort((a, b) => a.at - b.at);
    for (const { at, email } of toRun) {
      clock.advance(at - clock.now());
      expect((await app.scheduler.runNow(summaryTaskName)).ran).toBe(true);
      expect(await mailsTo(email, 'application-summary'), email).toHaveLength(1);
    }

    const [summary] = await mailsTo(acme.owner.email!, 'application-summary');
    expect(summary!.subject).toBe('Acme Notices: 3 new applications, 2 withdrawals');
    expect(summary!.body).toContain('New applications (3)');
    expect(summary!.body).toContain('Withdrawn (2)');
    expect(summary!.body).toContain('Grace Hopper');
    expect(summary!.html).toContain('<html lang="en"');
    expect(summary!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const [french] = await mailsTo(frenchMember.email!, 'application-summary');
    expect(french!.subject).toBe('Acme Notices : 3 nouvelles candidatures, 2 retraits');
    expect(french!.body).toContain('Nouvelles candidatures (3)');
    expect(french!.html).toContain('<html lang="fr"');
    // Members who chose each or nothing, and the other organization's owner (nothing happened there): no summary.
    for (const email of [eachMember.email!, quietMember.email!, globex.owner.email!]) {
      expect(await mailsTo(email, 'application-summary'), email).toEqual([]);
    }
    // Acme's two members' days are recorded with its five events; Globex's days as empty. Which other days the two
    // rounds record (the French member's day that ended before a first round at 07:00 UTC, Globex's owner's day once
    // or twice) depends on the hour the test starts at, so only their emptiness is checked.
    const runs = await db().select().from(notificationRuns).where(eq(notificationRuns.kind, 'application-summary'));
    const byOrganization = (id: string) => runs.filter((run) => run.id.startsWith(`application-summary:${id}:`));
    expect(byOrganization(acme.id).filter((run) => run.itemCount === 5)).toHaveLength(2);
    expect(byOrganization(acme.id).every((run) => run.itemCount === 5 || run.itemCount === 0)).toBe(true);
    expect(byOrganization(globex.id).length).toBeGreaterThan(0);
    expect(byOrganization(globex.id).every((run) => run.itemCount === 0)).toBe(true);

    // Another round the same day, or another instance on the same database: nothing more.
    clock.advance(hourMs);
    await app.scheduler.runNow(summaryTaskName);
    const other = await buildTestApp({
      database: testDatabase.database,
      env: buildEnv({ DIGEST_HOUR: String(hour) }),
      clock: clock.now,
    });
    try {
      expect((await other.scheduler.runNow(summaryTaskName)).ran).toBe(true);
    } finally {
      await other.close();
    }
    expect(await mailsTo(acme.owner.email!, 'application-summary')).toHaveLength(1);
    expect(await mailsTo(frenchMember.email!, 'application-summary')).toHaveLength(1);
  });

  it('sends nothing the next day when nothing happened, and nothing to a member who chose none', async () => {
    await choose(acme.owner, acme, 'none');
    await choose(globex.owner, globex, 'daily');
    const unitsOf = async (uid: string) =>
      (await db().select().from(notificationRuns).where(eq(notificationRuns.kind, 'application-summary'))).filter(
        (run) => run.id.includes(`:${uid}:`),
      );
    const ownerUnits = (await unitsOf(acme.owner.uid)).length;
    const globexUnits = (await unitsOf(globex.owner.uid)).length;
    const mails = (await db().select().from(mailOutbox)).length;
    clock.advance(24 * hourMs);
    await app.scheduler.runNow(summaryTaskName);
    expect(await db().select().from(mailOutbox)).toHaveLength(mails);
    // Acme's owner chose none: no unit for the day; Globex's owner got an empty one.
    expect(await unitsOf(acme.owner.uid)).toHaveLength(ownerUnits);
    const globexDays = await unitsOf(globex.owner.uid);
    expect(globexDays).toHaveLength(globexUnits + 1);
    expect(globexDays.every((run) => run.itemCount === 0)).toBe(true);
  });
});
