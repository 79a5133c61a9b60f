import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  digestMails,
  insertAlert,
  insertListing,
  insertListings,
  insertStudent,
  unsubscribePathOf,
} from '../../../../tests/api-setup/digests.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import {
  alerts,
  dismissedJobs,
  externalListings,
  featuredJobs,
  mailOutbox,
  notificationRuns,
  pushOutbox,
  scheduledTasks,
  users,
} from '../../db/schema.ts';
import { createUnsubscribeLinks } from '../../mail/unsubscribe-token.ts';
import { createDigestService, digestTaskName, instantAlertTaskName } from './index.ts';

// Alert digests over a test clock: who is due (time zone, hour, Mondays), what each digest holds (the board's
// matching rule, new jobs only, dismissed ones out, 12 cards and "and N more"), one e-mail per student in their
// language with its unsubscribe headers, one push for push alerts, and never twice: not on a second round, not
// from a second instance, not after a crash in the middle.

const appUrl = 'https://jobs.example.edu';
const secret = 'digests-test-secret-0123456789abcdef0123456789';

let testDatabase: TestDatabase;
let app: FastifyInstance;
let clock: TestClock;

const db = () => testDatabase.database.db;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  clock = createTestClock(Date.parse('2026-12-07T06:00:00Z'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ PUBLIC_URL: appUrl, UNSUBSCRIBE_SECRET: secret }),
    clock: () => clock.now(),
  });
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

beforeEach(async () => {
  for (const table of [
    mailOutbox,
    pushOutbox,
    notificationRuns,
    scheduledTasks,
    dismissedJobs,
    alerts,
    externalListings,
  ]) {
    await db().delete(table);
  }
  await db().delete(featuredJobs);
  await db().delete(users);
});

function setClock(iso: string): void {
  clock.advance(Date.parse(iso) - clock.now());
}

async function runDigests(on: FastifyInstance = app) {
  return on.scheduler.runNow(digestTaskName);
}

const recipients = async () => (await digestMails(db())).map((mail) => mail.recipient).sort();

describe('who is due', () => {
  it('each student at 07:00 in their own time zone (none stored: UTC), once per day', async () => {
    // Tuesday 2026-12-08, 06:30 UTC: 15:30 in Tokyo, 01:30 in Toronto.
    setClock('2026-12-08T06:30:00Z');
    const lastDigest = at('2026-12-07T12:05:00Z');
    const tokyo = await insertStudent(db(), { timeZone: 'Asia/Tokyo' });
    const toronto = await insertStudent(db(), { timeZone: 'America/Toronto' });
    const utc = await insertStudent(db(), { timeZone: null });
    for (const student of [tokyo, toronto, utc]) {
      await insertAlert(db(), {
        userUid: student.uid,
        lastDigestAt: lastDigest,
        createdAt: at('2026-12-01T00:00:00Z'),
      });
    }
    await insertListing(db(), at('2026-12-07T15:00:00Z'), { title: 'Backend Intern' });

    await runDigests();
    expect(await recipients()).toEqual([tokyo.email]);

    // 07:00 UTC (a round notices it once the settling margin has passed): the student without a time zone.
    setClock('2026-12-08T07:02:00Z');
    await runDigests();
    expect(await recipients()).toEqual([tokyo.email, utc.email].sort());

    // 06:59 in Toronto: not yet; 07:00 there (12:00 UTC): now.
    setClock('2026-12-08T12:01:00Z');
    await runDigests();
    expect(await recipients()).toHaveLength(2);
    setClock('2026-12-08T12:02:00Z');
    await runDigests();
    expect(await recipients()).toEqual([tokyo.email, toronto.email, utc.email].sort());

    // Later rounds the same day send nothing again.
    setClock('2026-12-08T18:00:00Z');
    await runDigests();
    expect(await recipients()).toHaveLength(3);
    const runs = await db().select().from(notificationRuns);
    expect(runs.map((run) => run.id).sort()).toEqual(
      [`digest:${tokyo.uid}:2026-12-08`, `digest:${toronto.uid}:2026-12-08`, `digest:${utc.uid}:2026-12-08`].sort(),
    );
  });

  it('a weekly alert on Mondays only, a daily one every day', async () => {
    setClock('2026-12-06T08:00:00Z'); // Sunday
    const student = await insertStudent(db(), { timeZone: 'UTC' });
    const created = at('2026-12-01T09:00:00Z'); // a Tuesday
    const weekly = await insertAlert(db(), {
      userUid: student.uid,
      frequency: 'weekly',
      name: 'Weekly',
      createdAt: created,
    });
    await insertListing(db(), at('2026-12-02T10:00:00Z'), { title: 'Data Intern' });

    await runDigests();
    expect(await digestMails(db())).toHaveLength(0);

    setClock('2026-12-07T06:59:00Z'); // Monday, before the hour
    await runDigests();
    expect(await digestMails(db())).toHaveLength(0);

    setClock('2026-12-07T07:05:00Z');
    await runDigests();
    const [mail] = await digestMails(db());
    expect(mail?.subject).toBe('1 new job for “Weekly”');
    expect(mail?.body).toContain('this week’s new jobs');
    const [row] = await db().select().from(alerts).where(eq(alerts.id, weekly.id));
    // The cut-off is the round's time less the settling margin.
    expect(row?.lastDigestAt).toEqual(at('2026-12-07T07:03:00Z'));

    // Tuesday: a new job, but the weekly alert waits for next Monday.
    await insertListing(db(), at('2026-12-07T20:00:00Z'), { title: 'Another Data Intern' });
    setClock('2026-12-08T08:00:00Z');
    await runDigests();
    expect(await digestMails(db())).toHaveLength(1);
    setClock('2026-12-14T07:30:00Z');
    await runDigests();
    expect(await digestMails(db())).toHaveLength(2);
  });

  it('a paused alert sends nothing; a new alert waits for its first hour after creation', async () => {
    setClock('2026-12-08T07:30:00Z');
    const paused = await insertStudent(db());
    await insertAlert(db(), {
      userUid: paused.uid,
      createdAt: at('2026-12-01T00:00:00Z'),
      pausedAt: at('2026-12-05T00:00:00Z'),
    });
    const fresh = await insertStudent(db());
    await insertAlert(db(), { userUid: fresh.uid, createdAt: at('2026-12-08T07:10:00Z') });
    await insertListing(db(), at('2026-12-08T07:20:00Z'), { title: 'Platform Intern' });
    await insertListing(db(), at('2026-12-07T07:20:00Z'), { title: 'Security Intern' });

    await runDigests();
    expect(await digestMails(db())).toHaveLength(0);

    // The next morning the new alert has the job that came after it was created, not the one before.
    setClock('2026-12-09T07:05:00Z');
    await runDigests();
    const mails = await digestMails(db());
    expect(mails.map((mail) => mail.recipient)).toEqual([fresh.email]);
    expect(mails[0]?.body).toContain('Platform Intern');
    expect(mails[0]?.body).not.toContain('Security Intern');
  });
});

describe('what a digest holds', () => {
  beforeEach(() => setClock('2026-12-08T09:00:00Z'));
  const lastDigestAt = at('2026-12-07T09:00:00Z');
  const newJobsAt = at('2026-12-07T18:00:00Z');

  it('nothing new: no e-mail, and the day is still recorded as done with its cut-off moved', async () => {
    const student = await insertStudent(db());
    const alert = await insertAlert(db(), {
      userUid: student.uid,
      createdAt: at('2026-12-01T00:00:00Z'),
      lastDigestAt,
    });
    await insertListing(db(), at('2026-12-06T18:00:00Z'), { title: 'Old News Intern' });

    expect(await runDigests()).toEqual({ ran: true });
    expect(await digestMails(db())).toHaveLength(0);
    const [run] = await db().select().from(notificationRuns);
    expect(run).toMatchObject({ id: `digest:${student.uid}:2026-12-08`, kind: 'digest', itemCount: 0 });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row?.lastDigestAt).toEqual(new Date(clock.now() - 2 * 60_000));
  });

  it('the jobs matching the alert by the board’s rule, newest first, at most 12 with “and N more” linking to the board', async () => {
    const student = await insertStudent(db(), { firstName: 'Ada' });
    await insertAlert(db(), {
      userUid: student.uid,
      name: 'Toronto software',
      createdAt: at('2026-12-01T00:00:00Z'),
      lastDigestAt,
      filters: { q: 'engineer', country: 'Canada', category: ['software'] },
    });
    const matching = Array.from({ length: 15 }, (_, index) =>
      buildListing({
        title: `Software Engineer Intern ${String(index + 1).padStart(2, '0')}`,
        company: `Company ${index + 1}`,
        category: 'Software',
        locations: ['Toronto, ON, Canada'],
        date_posted: 1_765_000_000 + index * 3600,
      }),
    );
    await insertListings(db(), matching, newJobsAt);
    // Not matching: another country, another family, another search; and a match that came before the last digest.
    await insertListings(
      db(),
      [
        buildListing({ title: 'Software Engineer Intern NYC', category: 'Software', locations: ['New York, NY'] }),
        buildListing({ title: 'Hardware Engineer Intern', category: 'Hardware', locations: ['Toronto, ON, Canada'] }),
        buildListing({ title: 'Product Designer Intern', category: 'Software', locations: ['Toronto, ON, Canada'] }),
      ],
      newJobsAt,
    );
    await insertListing(db(), at('2026-12-06T18:00:00Z'), {
      title: 'Software Engineer Intern Earlier',
      category: 'Software',
      locations: ['Toronto, ON, Canada'],
    });

    await runDigests();
    const [mail] = await digestMails(db());
    expect(mail?.subject).toBe('15 new jobs for “Toronto software”');
    expect(mail?.body).toContain('Hi Ada,');
    // Newest posted first: 15 down to 04, then "and 3 more".
    const titles = [...mail!.body.matchAll(/^\* (.+)$/gm)].map((match) => match[1]);
    expect(titles).toEqual(
      Array.from({ length: 12 }, (_, i) => `Software Engineer Intern ${String(15 - i).padStart(2, '0')}`),
    );
    const board = `${appUrl}/jobs?country=Canada&q=engineer&category=software`;
    expect(mail?.body).toContain(`And 3 more: see them on the board\n${board}`);
    expect(mail?.html).toContain(`href="${board.replaceAll('&', '&amp;')}"`);
    for (const left of ['NYC', 'Hardware', 'Designer', 'Earlier']) expect(mail?.body).not.toContain(left);
    expect(mail?.html).toMatch(/^<!doctype html><html lang="en"/);
    expect((mail?.html?.match(/<li /g) ?? []).length).toBe(12);
    const [run] = await db().select().from(notificationRuns);
    expect(run?.itemCount).toBe(15);
  });

  it('a job that entered the board in the last minutes waits for the next digest, never sent twice', async () => {
    const student = await insertStudent(db());
    await insertAlert(db(), { userUid: student.uid, lastDigestAt });
    await insertListing(db(), newJobsAt, { title: 'Yesterday Intern' });
    await insertListing(db(), new Date(clock.now() - 60_000), { title: 'Just Now Intern' });
    await runDigests();
    const [today] = await digestMails(db());
    expect(today?.subject).toMatch(/^1 new job for/);
    expect(today?.body).toContain('Yesterday Intern');
    expect(today?.body).not.toContain('Just Now Intern');

    setClock('2026-12-09T09:00:00Z');
    await runDigests();
    const mails = await digestMails(db());
    expect(mails).toHaveLength(2);
    const tomorrow = mails.find((mail) => mail.id !== today!.id);
    expect(tomorrow?.body).toContain('Just Now Intern');
    expect(tomorrow?.body).not.toContain('Yesterday Intern');
  });

  it('two alerts of one student: one e-mail with a section each, and its unsubscribe headers name both', async () => {
    setClock('2026-12-07T09:00:00Z'); // a Monday: the weekly alert is due too
    const since = at('2026-12-06T09:00:00Z');
    const student = await insertStudent(db());
    // Sections follow the order the alerts were created in: stated, as rows inserted within one tick of the
    // database's clock would otherwise tie.
    const first = await insertAlert(db(), {
      userUid: student.uid,
      name: 'Toronto',
      lastDigestAt: since,
      createdAt: at('2026-11-01T09:00:00Z'),
      filters: { city: 'Toronto' },
    });
    const second = await insertAlert(db(), {
      userUid: student.uid,
      name: 'Vancouver',
      lastDigestAt: since,
      createdAt: at('2026-11-02T09:00:00Z'),
      frequency: 'weekly',
      filters: { city: 'Vancouver' },
    });
    await insertAlert(db(), {
      userUid: student.uid,
      name: 'Nothing new',
      lastDigestAt: since,
      createdAt: at('2026-11-03T09:00:00Z'),
      filters: { city: 'Montreal' },
    });
    await insertListings(
      db(),
      [
        buildListing({ title: 'Toronto Intern', locations: ['Toronto, ON, Canada'] }),
        buildListing({ title: 'Second Toronto Intern', locations: ['Toronto, ON, Canada'] }),
        buildListing({ title: 'Vancouver Intern', locations: ['Vancouver, BC, Canada'] }),
      ],
      at('2026-12-06T20:00:00Z'),
    );

    await runDigests();
    const mails = await digestMails(db());
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('3 new jobs for your alerts');
    expect(mail?.body).toMatch(
      /Toronto: 2 new jobs[\s\S]*Toronto Intern[\s\S]*Vancouver: 1 new job[\s\S]*Vancouver Intern/,
    );
    expect(mail?.body).not.toContain('Nothing new');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/jobs\.example\.edu\/api\/unsubscribe\?token=[\w.-]+>, <mailto:support@campusjobs\.dev\?subject=unsubscribe%20[\w.-]+>$/,
    );
    // One click pauses the two alerts of the e-mail, not the third.
    const response = await app.inject({
      method: 'POST',
      url: unsubscribePathOf(mail!.headers),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const paused = await db().select({ id: alerts.id, pausedAt: alerts.pausedAt }).from(alerts);
    expect(
      paused
        .filter((row) => row.pausedAt !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
  });

  it('in the student’s language: French', async () => {
    const student = await insertStudent(db(), { locale: 'fr', firstName: 'Zoé', timeZone: 'America/Toronto' });
    setClock('2026-12-08T13:00:00Z');
    await insertAlert(db(), { userUid: student.uid, name: 'Stages à Montréal', lastDigestAt });
    await insertListings(
      db(),
      [
        buildListing({ title: 'Stagiaire logiciel', locations: ['Montréal, QC, Canada'] }),
        buildListing({ title: 'Stagiaire données' }),
      ],
      newJobsAt,
    );
    await runDigests();
    const [mail] = await digestMails(db());
    expect(mail?.subject).toBe('2 nouvelles offres pour «\u00a0Stages à Montréal\u00a0»');
    expect(mail?.body).toContain('Bonjour Zoé,');
    expect(mail?.body).toContain('Mettre cette alerte en pause');
    expect(mail?.html).toMatch(/^<!doctype html><html lang="fr"/);
    expect(mail?.html).toContain('Gérer les alertes');
  });

  it('leaves out the jobs the student dismissed, and a featured job published since counts as new', async () => {
    const student = await insertStudent(db());
    await insertAlert(db(), { userUid: student.uid, lastDigestAt });
    const [kept, dismissed] = await insertListings(
      db(),
      [buildListing({ title: 'Kept Intern' }), buildListing({ title: 'Dismissed Intern' })],
      newJobsAt,
    );
    await db()
      .insert(dismissedJobs)
      .values({ userUid: student.uid, jobId: dismissed!, dismissed: true, changedAt: newJobsAt });
    const organization = await insertOrganization(db(), { name: 'Aurora Robotics' });
    await insertFeaturedJob(db(), {
      organizationId: organization.id,
      title: 'Robotics Intern',
      status: 'published',
      publishedAt: newJobsAt,
    });
    await insertFeaturedJob(db(), { organizationId: organization.id, title: 'Draft Intern', status: 'draft' });

    await runDigests();
    const [mail] = await digestMails(db());
    expect(kept).toBeDefined();
    expect(mail?.body).toContain('Kept Intern');
    expect(mail?.body).toMatch(/\* Robotics Intern\n {2}Aurora Robotics · Featured/);
    expect(mail?.body).not.toContain('Dismissed Intern');
    expect(mail?.body).not.toContain('Draft Intern');
  });

  it('a job posted in several cities is one entry listing its places', async () => {
    const student = await insertStudent(db());
    await insertAlert(db(), { userUid: student.uid, lastDigestAt });
    await insertListings(
      db(),
      [
        buildListing({ title: 'Cloud Intern', company: 'Nimbus', locations: ['Toronto, ON, Canada'] }),
        buildListing({ title: 'Cloud Intern', company: 'Nimbus', locations: ['Ottawa, ON, Canada'] }),
      ],
      newJobsAt,
    );
    await runDigests();
    const [mail] = await digestMails(db());
    expect(mail?.subject).toMatch(/^1 new job for/);
    expect(mail?.body).toMatch(/Toronto, ON, Canada · Ottawa, ON, Canada|Ottawa, ON, Canada · Toronto, ON, Canada/);
  });

  it('push alerts get one notification per student; e-mail alerts the e-mail', async () => {
    const both = await insertStudent(db());
    await insertAlert(db(), { userUid: both.uid, name: 'By e-mail', lastDigestAt });
    await insertAlert(db(), {
      userUid: both.uid,
      name: 'By push',
      channels: ['push'],
      lastDigestAt,
      filters: { q: 'Rust' },
    });
    await insertAlert(db(), {
      userUid: both.uid,
      name: 'Pushed at once',
      channels: ['push'],
      instant: true,
      lastDigestAt,
    });
    await insertListings(
      db(),
      [buildListing({ title: 'Rust Intern' }), buildListing({ title: 'Go Intern' })],
      newJobsAt,
    );

    await runDigests();
    expect(await digestMails(db())).toHaveLength(1);
    const pushes = await db().select().from(pushOutbox);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ userUid: both.uid, kind: 'digest', causeId: `digest:${both.uid}:2026-12-08` });
    expect(pushes[0]?.payload).toEqual({
      title: '1 new job for “By push”',
      body: 'Rust Intern · Acme · By push',
      url: '/jobs?q=Rust',
      tag: 'alert-digest',
    });
  });
});

describe('never twice', () => {
  beforeEach(() => setClock('2026-12-08T09:00:00Z'));

  async function threeStudents() {
    const students = [];
    // Handed out in uid order: a, b, c.
    for (const name of ['a', 'b', 'c']) {
      const student = await insertStudent(db(), { uid: `never-twice-${name}` });
      await insertAlert(db(), { userUid: student.uid, lastDigestAt: at('2026-12-07T09:00:00Z') });
      students.push(student);
    }
    await insertListing(db(), at('2026-12-07T18:00:00Z'), { title: 'Shared Intern' });
    return students;
  }

  it('two app instances on one database, at the same moment: each student gets one e-mail', async () => {
    const students = await threeStudents();
    // Another instance: its own pool on PostgreSQL; on PGlite (one embedded session) the same handle.
    const otherHandle: DatabaseHandle | null = testDatabase.url
      ? await openDatabase({ databaseUrl: testDatabase.url })
      : null;
    const other = await buildTestApp({
      database: otherHandle ?? testDatabase.database,
      env: buildEnv({ PUBLIC_URL: appUrl, UNSUBSCRIBE_SECRET: secret }),
      clock: () => clock.now(),
    });
    try {
      const rounds = await Promise.all([runDigests(app), runDigests(other)]);
      expect(rounds.filter((round) => round.ran)).toHaveLength(1);
      // Even when both compute the same digests (a lease that ran out under a slow round), each unit is written once.
      await db().delete(notificationRuns);
      await db()
        .update(alerts)
        .set({ lastDigestAt: at('2026-12-07T09:00:00Z') });
      await db().delete(mailOutbox);
      const round = { now: new Date(clock.now()), renewLease: async () => true, signal: new AbortController().signal };
      const reports = await Promise.all([app.digests.runDue(round), other.digests.runDue(round)]);
      expect(reports.reduce((sum, report) => sum + report.emails, 0)).toBe(3);
      expect(await recipients()).toEqual(students.map((student) => student.email).sort());
    } finally {
      await other.close();
      await otherHandle?.close();
    }
  });

  it('a crash in the middle of a round: the next round sends the rest, and nothing twice', async () => {
    const students = await threeStudents();
    const [, second] = students;
    // The write of the second student's digest fails, as a process dying there would leave it: not committed.
    await db().execute(
      sql.raw(`create function fail_second_digest() returns trigger language plpgsql as $$
        begin
          if new.id like 'digest:${second!.uid}:%' then raise exception 'crash in the middle'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create trigger fail_second_digest before insert on notification_runs
        for each row execute function fail_second_digest()`),
    );
    // One student per transaction, so the first is committed before the crash.
    const service = createDigestService({
      db: db(),
      log: pino({ level: 'silent' }),
      appUrl,
      hour: 7,
      unsubscribeLinks: createUnsubscribeLinks({ secret, appUrl, mailto: 'support@campusjobs.dev' }),
      manageAlertsPath: '/alerts',
      boardIndex: app.boardIndex,
      now: () => clock.now(),
      batchSize: 1,
    });
    const round = { now: new Date(clock.now()), renewLease: async () => true, signal: new AbortController().signal };
    try {
      await expect(service.runDue(round)).rejects.toThrow();
      expect(await recipients()).toEqual([students[0]!.email]);
    } finally {
      await db().execute(sql.raw('drop trigger fail_second_digest on notification_runs'));
      await db().execute(sql.raw('drop function fail_second_digest()'));
    }
    clock.advance(5 * 60_000);
    await runDigests();
    expect(await recipients()).toEqual(students.map((student) => student.email).sort());
    await runDigests();
    expect(await digestMails(db())).toHaveLength(3);
  });
  it('reads the due alerts a page of students at a time: every student once, with all of their alerts', async () => {
    const students = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const student = await insertStudent(db(), { uid: `paged-${name}` });
      // Two due alerts each; a page never splits them (one e-mail names both).
      await insertAlert(db(), { userUid: student.uid, name: 'Interns', lastDigestAt: at('2026-12-07T09:00:00Z') });
      await insertAlert(db(), {
        userUid: student.uid,
        name: 'Rust',
        filters: { q: 'Rust' },
        lastDigestAt: at('2026-12-07T09:00:00Z'),
      });
      students.push(student);
    }
    await insertListing(db(), at('2026-12-07T18:00:00Z'), { title: 'Rust Intern' });
    const service = createDigestService({
      db: db(),
      log: pino({ level: 'silent' }),
      appUrl,
      hour: 7,
      unsubscribeLinks: createUnsubscribeLinks({ secret, appUrl, mailto: 'support@campusjobs.dev' }),
      manageAlertsPath: '/alerts',
      boardIndex: app.boardIndex,
      now: () => clock.now(),
      studentsPerPage: 2,
    });
    const round = { now: new Date(clock.now()), renewLease: async () => true, signal: new AbortController().signal };
    const report = await service.runDue(round);
    expect(report).toMatchObject({ students: 5, emails: 5 });
    expect(await recipients()).toEqual(students.map((student) => student.email).sort());
    for (const mail of await digestMails(db())) {
      expect(mail.body).toContain('Interns');
      expect(mail.body).toContain('Rust');
    }
    expect((await service.runDue(round)).students).toBe(0);
    expect(await digestMails(db())).toHaveLength(5);
  });
});

describe('instant alerts', () => {
  beforeEach(() => setClock('2026-12-08T15:00:00Z'));
  const created = at('2026-12-08T10:00:00Z');

  async function pushes() {
    return db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'new-jobs'));
  }

  it('push the jobs that appear to each instant alert, once, a few minutes after they enter the board', async () => {
    const student = await insertStudent(db(), { locale: 'fr' });
    const instant = await insertAlert(db(), {
      userUid: student.uid,
      name: 'Rust',
      channels: ['push'],
      instant: true,
      filters: { q: 'Rust' },
      createdAt: created,
      updatedAt: created,
    });
    // Not instant, paused, or matching nothing: no push as jobs appear.
    await insertAlert(db(), { userUid: student.uid, channels: ['push'], createdAt: created, updatedAt: created });
    await insertAlert(db(), {
      userUid: student.uid,
      channels: ['push'],
      instant: true,
      pausedAt: created,
      createdAt: created,
      updatedAt: created,
    });
    await insertListings(
      db(),
      [buildListing({ title: 'Rust Intern' }), buildListing({ title: 'Go Intern' })],
      at('2026-12-08T14:59:00Z'),
    );

    // Entered a minute ago: not yet (the settling margin).
    await app.scheduler.runNow(instantAlertTaskName);
    expect(await pushes()).toHaveLength(0);

    clock.advance(2 * 60_000);
    await app.scheduler.runNow(instantAlertTaskName);
    const [push] = await pushes();
    expect(push).toMatchObject({ userUid: student.uid, causeId: instant.id });
    expect(push?.payload).toEqual({
      title: '1 nouvelle offre pour «\u00a0Rust\u00a0»',
      body: 'Rust Intern · Acme · Rust',
      url: '/jobs?q=Rust',
      tag: `alert-${instant.id}`,
    });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, instant.id));
    expect(row?.lastInstantAt).toEqual(new Date(clock.now() - 2 * 60_000));

    // The next rounds: nothing new, nothing pushed; a second matching job: a second push.
    clock.advance(60_000);
    await app.scheduler.runNow(instantAlertTaskName);
    expect(await pushes()).toHaveLength(1);
    await insertListings(db(), [buildListing({ title: 'Senior Rust Intern' })], new Date(clock.now() - 60_000));
    clock.advance(3 * 60_000);
    await app.scheduler.runNow(instantAlertTaskName);
    const all = await pushes();
    expect(all).toHaveLength(2);
    expect(all.map((one) => (one.payload as { body: string }).body)).toContain('Senior Rust Intern · Acme · Rust');
  });

  it('leave out dismissed jobs and the backlog from before instant was turned on, and push the rest', async () => {
    const student = await insertStudent(db());
    await insertAlert(db(), {
      userUid: student.uid,
      channels: ['push', 'email'],
      instant: true,
      createdAt: at('2026-12-01T10:00:00Z'),
      // Turned on (or resumed) at 10:00 today.
      updatedAt: created,
    });
    const [dismissed] = await insertListings(
      db(),
      [buildListing({ title: 'Dismissed Intern' })],
      at('2026-12-08T12:00:00Z'),
    );
    await insertListings(db(), [buildListing({ title: 'Old Intern' })], at('2026-12-05T12:00:00Z'));
    await db()
      .insert(dismissedJobs)
      .values({ userUid: student.uid, jobId: dismissed!, dismissed: true, changedAt: created });
    await insertListings(db(), [buildListing({ title: 'Fresh Intern' })], at('2026-12-08T12:30:00Z'));
    await app.scheduler.runNow(instantAlertTaskName);
    const sent = await pushes();
    expect(sent.map((push) => push.payload)).toEqual([
      expect.objectContaining({ title: expect.stringMatching(/^1 new job for/) }),
    ]);
    expect((sent[0]?.payload as { body: string }).body).toMatch(/^Fresh Intern · Acme/);
  });
});
