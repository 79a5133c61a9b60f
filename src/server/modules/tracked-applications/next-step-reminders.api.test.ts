import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPasswordUser, type EmulatorUser } from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { insertPushSubscription } from '../../../../tests/api-setup/student-rows.ts';
import {
  mailOutbox,
  notificationRuns,
  pushOutbox,
  pushSubscriptions,
  scheduledTasks,
  trackedApplications,
  users,
} from '../../db/schema.ts';
import { nextStepTaskName } from './index.ts';
import { reminderDueAt } from './next-step-reminders.ts';

// The e-mail the day before a tracked application's next step, over a test clock: at 07:00 (DIGEST_HOUR) of the
// student's own day before, in their language, once however many rounds run; a step moved gets its own reminder;
// an application that ended or was deleted gets none.

const appUrl = 'https://jobs.example.edu';
let testDatabase: TestDatabase;
let app: FastifyInstance;
let clock: TestClock;
let ada: EmulatorUser;
let chloe: EmulatorUser;

const db = () => testDatabase.database.db;

function setClock(iso: string): void {
  clock.advance(Date.parse(iso) - clock.now());
}

function call(user: EmulatorUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.idToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function track(user: EmulatorUser, fields: object): Promise<string> {
  const response = await call(user, 'POST', '/api/tracked-applications', {
    company: 'Fabrikam',
    title: 'Backend Intern',
    url: 'https://careers.fabrikam.example/backend-intern',
    stage: 'interview',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const pushes = () =>
  db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'next-step-reminder')).orderBy(pushOutbox.createdAt);

const reminders = () =>
  db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'next-step-reminder')).orderBy(mailOutbox.createdAt);

async function runRound() {
  return app.scheduler.runNow(nextStepTaskName);
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  clock = createTestClock(Date.parse('2026-12-07T15:00:00Z'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ PUBLIC_URL: appUrl, DIGEST_HOUR: '7' }),
    clock: () => clock.now(),
  });
  [ada, chloe] = await Promise.all([createPasswordUser(), createPasswordUser()]);
  for (const user of [ada, chloe]) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { email: user.email },
    });
    expect(created.statusCode).toBeLessThan(300);
  }
  await db()
    .update(users)
    .set({ timeZone: 'America/Toronto', locale: 'en', firstName: 'Ada' })
    .where(eq(users.uid, ada.uid));
  await db()
    .update(users)
    .set({ timeZone: 'Europe/Paris', locale: 'fr', firstName: 'Chloé' })
    .where(eq(users.uid, chloe.uid));
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

beforeEach(async () => {
  for (const table of [
    mailOutbox,
    pushOutbox,
    pushSubscriptions,
    notificationRuns,
    scheduledTasks,
    trackedApplications,
  ])
    await db().delete(table);
  setClock('2026-12-07T15:00:00Z');
});

describe('next-step reminders', () => {
  it('are due at 07:00 on the student’s day before the step, in their zone (none stored: UTC)', () => {
    // 14:30 in Toronto on Wednesday the 9th: Tuesday 07:00 there (12:00 UTC).
    expect(reminderDueAt(Date.parse('2026-12-09T19:30:00Z'), 'America/Toronto', 7)).toBe(
      Date.parse('2026-12-08T12:00:00Z'),
    );
    // 00:30 on the 9th in Paris is still the 8th in UTC: its day before is the 8th there (06:00 UTC).
    expect(reminderDueAt(Date.parse('2026-12-08T23:30:00Z'), 'Europe/Paris', 7)).toBe(
      Date.parse('2026-12-08T06:00:00Z'),
    );
    expect(reminderDueAt(Date.parse('2026-12-09T19:30:00Z'), null, 7)).toBe(Date.parse('2026-12-08T07:00:00Z'));
  });

  it('e-mails the student at 07:00 their time the day before, once however many rounds run, in English', async () => {
    await track(ada, { nextStepAt: '2026-12-09T19:30:00Z', note: 'Bring the portfolio' });

    setClock('2026-12-08T11:59:00Z');
    await runRound();
    expect(await reminders()).toHaveLength(0);

    setClock('2026-12-08T12:00:00Z');
    expect(await runRound()).toEqual({ ran: true });
    await runRound();
    setClock('2026-12-08T18:00:00Z');
    await runRound();
    const mails = await reminders();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.recipient).toBe(ada.email);
    expect(mail!.subject).toBe('Tomorrow: the next step for Backend Intern at Fabrikam');
    expect(mail!.body).toContain('Hi Ada,');
    expect(mail!.body).toContain('Your next step for Backend Intern at Fabrikam is on Wednesday, December 9, 2026');
    expect(mail!.body).toMatch(/2:30\sp\.m\./);
    expect(mail!.body).toContain('Your note: Bring the portfolio');
    expect(mail!.body).toContain(`${appUrl}/jobs/applied`);
    expect(mail!.html).toContain('lang="en"');
  });

  it('writes in French for a French-speaking student, with the date and time of her zone', async () => {
    // 16:00 in Paris on Thursday the 10th; her day before's 07:00 is 06:00 UTC on the 9th.
    await track(chloe, { nextStepAt: '2026-12-10T15:00:00Z' });
    setClock('2026-12-09T05:59:00Z');
    await runRound();
    expect(await reminders()).toHaveLength(0);
    setClock('2026-12-09T06:00:00Z');
    await runRound();
    const [mail] = await reminders();
    expect(mail!.recipient).toBe(chloe.email);
    expect(mail!.subject).toBe('Demain\u00a0: la prochaine étape pour Backend Intern chez Fabrikam');
    expect(mail!.body).toContain('Bonjour Chloé,');
    expect(mail!.body).toContain('jeudi 10 décembre 2026');
    expect(mail!.body).toMatch(/16\sh\s00/);
  });

  it('a step moved gets its own reminder; one set after its day-before hour is reminded at once', async () => {
    const id = await track(ada, { nextStepAt: '2026-12-09T19:30:00Z' });
    setClock('2026-12-08T12:00:00Z');
    await runRound();
    expect(await reminders()).toHaveLength(1);

    // Moved to Friday the 11th: nothing more until Thursday 07:00 in Toronto.
    const moved = await call(ada, 'PATCH', `/api/tracked-applications/${id}`, { nextStepAt: '2026-12-11T15:00:00Z' });
    expect(moved.statusCode).toBe(200);
    await runRound();
    expect(await reminders()).toHaveLength(1);
    setClock('2026-12-10T12:00:00Z');
    await runRound();
    expect(await reminders()).toHaveLength(2);

    // Set on Thursday evening for Friday morning: the next round sends it.
    setClock('2026-12-10T23:00:00Z');
    await track(ada, { title: 'Data Intern', nextStepAt: '2026-12-11T14:00:00Z' });
    await runRound();
    const mails = await reminders();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('Tomorrow: the next step for Data Intern at Fabrikam');
  });

  it('is pushed too, once, to a student with a device subscribed to notifications, in her language', async () => {
    await insertPushSubscription(db(), chloe.uid);
    const id = await track(chloe, { nextStepAt: '2026-12-10T15:00:00Z' });
    await track(ada, { nextStepAt: '2026-12-10T15:00:00Z' });
    setClock('2026-12-09T12:00:00Z');
    await runRound();
    await runRound();
    expect(await reminders()).toHaveLength(2);
    const sent = await pushes();
    // Ada has no device subscribed: her reminder is the e-mail alone.
    expect(sent.map((push) => push.userUid)).toEqual([chloe.uid]);
    const [push] = sent;
    expect(push!.causeId).toBe(id);
    expect(push!.payload).toEqual({
      title: 'Demain\u00a0: Backend Intern',
      body: expect.stringMatching(/^Votre prochaine étape chez Fabrikam\u00a0: jeudi 10 décembre 2026 .*16\sh\s00/),
      url: '/jobs/applied',
      tag: `next-step-${id}`,
    });
  });

  it('none for an application that ended, was deleted, or whose step has passed', async () => {
    await track(ada, { title: 'Rejected Intern', stage: 'rejected', nextStepAt: '2026-12-09T19:30:00Z' });
    const deleted = await track(ada, { title: 'Deleted Intern', nextStepAt: '2026-12-09T19:30:00Z' });
    expect((await call(ada, 'DELETE', `/api/tracked-applications/${deleted}`)).statusCode).toBe(204);
    await track(ada, { title: 'Past Intern', nextStepAt: '2026-12-08T13:00:00Z' });
    // The task was not running on the day before: a step already past is not announced late.
    setClock('2026-12-08T14:00:00Z');
    await runRound();
    setClock('2026-12-08T20:00:00Z');
    await runRound();
    expect(await reminders()).toHaveLength(0);
    const runs = await db()
      .select()
      .from(notificationRuns)
      .where(and(eq(notificationRuns.kind, 'next-step-reminder')));
    expect(runs).toHaveLength(0);
    // The test can fail: a live application with a step tomorrow is reminded on the same round.
    await track(ada, { title: 'Live Intern', nextStepAt: '2026-12-09T19:30:00Z' });
    await runRound();
    expect((await reminders()).map((mail) => mail.subject)).toEqual([
      'Tomorrow: the next step for Live Intern at Fabrikam',
    ]);
  });
});
