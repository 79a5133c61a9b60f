import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
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
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { Interview, StudentInterview } from '../../../shared/interviews/interviews-api.ts';
import { interviewSlots, mailOutbox, organizationActivity, organizationMembers, users } from '../../db/schema.ts';

// Interview scheduling (docs/decisions/038-interview-scheduling.md): the access matrix of the six routes, the whole
// loop (propose -> book -> move -> new times -> book -> cancel) with the e-mails and their calendar invitations read
// back with ical.js, a time taken by another candidate of the job, two bookings of one time at once, and refusals
// that change nothing.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let other: TestOrganization;
let member: EmulatorUser;
let removed: EmulatorUser;
let anonymous: EmulatorUser;
const db = () => testDatabase.database.db;
const outboxDir = () => join(storageDir, 'outbox');
const appState = () => ({
  db: db(),
  storage: join(storageDir, 'files'),
  outboxDir: outboxDir(),
  mailSender: app.mailSender,
});

const day = 86_400_000;
/** A whole hour `days` from now (UTC), as ISO. */
function inDays(days: number, hour = 14): string {
  const date = new Date(Date.now() + days * day);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-interviews-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: join(storageDir, 'files'),
      OUTBOX_DIR: outboxDir(),
      PUBLIC_URL: 'https://jobs.example.edu',
      MAIL_FROM: 'Campus Jobs <no-reply@jobs.example.edu>',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Interview Robotics');
  other = await createOrganizationWithOwnerUser(app, db(), 'Elsewhere Labs');
  [member, removed, anonymous] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('member'), name: 'Mia Member' }),
    createGoogleUser({ email: uniqueEmail('removed'), name: 'Rem Oved' }),
    createAnonymousUser(),
  ]);
  await addMemberThroughApi(app, db(), org.id, member);
  await addMemberThroughApi(app, db(), org.id, removed);
  await caller(app, org.owner).request('DELETE', `/api/company/organizations/${org.id}/members/${removed.uid}`);
  // The owner reads the portal in French, in Montréal.
  await db()
    .update(organizationMembers)
    .set({ locale: 'fr', timeZone: 'America/Toronto' })
    .where(eq(organizationMembers.uid, org.owner.uid));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

/** A student with an account who applied to `job` (a new job of the organization when none is given). */
async function applicant(locale: 'en' | 'fr' | null, firstName: string, job?: { id: string; slug: string }) {
  const student = await createGoogleUser({ email: uniqueEmail('student') });
  await caller(app, student).request('POST', '/api/auth/create-account', { email: student.email });
  if (locale) await db().update(users).set({ locale, timeZone: 'Europe/Paris' }).where(eq(users.uid, student.uid));
  const target = job ?? (await postJob(app, org.owner, org.id, { title: `${firstName} Intern` }));
  const applicationId = await applyAsStudent(app, student, target.slug, { firstName, lastName: 'Test' });
  return { student, applicationId, job: target };
}

function proposal(slots: string[], overrides: object = {}) {
  return {
    slots,
    durationMinutes: 45,
    location: 'Room 4, 1 Main St.',
    videoUrl: 'https://meet.example.com/abc-defg-hij',
    interviewerUids: [member.uid, org.owner.uid],
    timeZone: 'America/Toronto',
    ...overrides,
  };
}

async function propose(applicationId: string, slots: string[], overrides: object = {}): Promise<Interview> {
  const response = await caller(app, member).request(
    'POST',
    `/api/company/applications/${applicationId}/interviews`,
    proposal(slots, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as Interview[]).at(-1)!;
}

async function studentView(student: EmulatorUser, applicationId: string): Promise<StudentInterview[]> {
  const response = await caller(app, student).request('GET', `/api/applications/${applicationId}/interviews`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function book(student: EmulatorUser, applicationId: string, interviewId: string, slotId: string) {
  return caller(app, student).request('POST', `/api/applications/${applicationId}/interviews/${interviewId}/booking`, {
    slotId,
  });
}

/** The interview e-mails sent to `to`, about `applicationId` when given, oldest first. */
const interviewMailsTo = async (to: string, applicationId?: string) =>
  (
    await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, 'interview')))
      .orderBy(mailOutbox.createdAt)
  ).filter((mail) => !applicationId || mail.causeId === applicationId);

function parseCalendar(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    status: event.component.getFirstPropertyValue('status'),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).replace(/^mailto:/i, '')),
  };
}

describe('who may call the interview routes', () => {
  it('lets members (company routes) and the application’s student (student routes) through, and refuses everyone else with nothing changed', async () => {
    const { student, applicationId } = await applicant('en', 'Matrix');
    const outsiderStudent = (await applicant('en', 'Outsider')).student;
    const interview = await propose(applicationId, [inDays(3), inDays(4)]);
    const base = `/api/company/applications/${applicationId}/interviews`;
    const mine = `/api/applications/${applicationId}/interviews`;
    type Route = { method: 'GET' | 'POST'; url: string; body?: object; side: 'company' | 'student' };
    const routes: Route[] = [
      { method: 'GET', url: base, side: 'company' },
      { method: 'POST', url: base, body: proposal([inDays(5)]), side: 'company' },
      {
        method: 'POST',
        url: `${base}/${interview.id}/reschedule`,
        body: { kind: 'slots', slots: [inDays(6), inDays(7)] },
        side: 'company',
      },
      { method: 'POST', url: `${base}/${interview.id}/cancel`, side: 'company' },
      { method: 'GET', url: mine, side: 'student' },
      {
        method: 'POST',
        url: `${mine}/${interview.id}/booking`,
        body: { slotId: interview.slots[0]!.id },
        side: 'student',
      },
    ];
    const unchanged = await watchAppState(appState());
    for (const route of routes) {
      const refused: [EmulatorUser | null, number, string][] =
        route.side === 'company'
          ? [
              [null, 401, 'unauthenticated'],
              [anonymous, 403, 'not_a_member'],
              [student, 403, 'not_a_member'],
              [outsiderStudent, 403, 'not_a_member'],
              [removed, 403, 'not_a_member'],
              [other.owner, 403, 'not_a_member'],
            ]
          : [
              [null, 401, 'unauthenticated'],
              [anonymous, 403, 'identified_account_required'],
              [outsiderStudent, 404, 'not_found'],
              [removed, 404, 'not_found'],
              [other.owner, 404, 'not_found'],
              [member, 404, 'not_found'],
              [org.owner, 404, 'not_found'],
            ];
      for (const [who, status, code] of refused) {
        const response = await caller(app, who).request(route.method, route.url, route.body);
        expect([response.statusCode, response.json().code], `${route.method} ${route.url} as ${who?.email}`).toEqual([
          status,
          code,
        ]);
        expect(response.body).not.toContain('Interview Robotics');
        expect(response.body).not.toContain('meet.example.com');
      }
    }
    await unchanged.expectUnchanged('refused interview requests');
    // Allowed: members and the owner on the company side, the student on theirs (the booking before the
    // reschedule and the cancel, which would close the interview).
    const allowed: [Route, EmulatorUser][] = [
      [routes[0]!, member],
      [routes[0]!, org.owner],
      [routes[1]!, org.owner],
      [routes[4]!, student],
      [routes[5]!, student],
      [routes[2]!, member],
      [routes[3]!, org.owner],
    ];
    for (const [route, who] of allowed) {
      const response = await caller(app, who).request(route.method, route.url, route.body);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
    }
  });
});

describe('the whole loop', () => {
  it('proposed -> booked -> moved -> new times -> booked -> cancelled: e-mails in each language with one calendar event updated in sequence', async () => {
    const { student, applicationId } = await applicant('fr', 'Amélie');
    const times = [inDays(2, 13), inDays(3, 15)];
    const interview = await propose(applicationId, times);
    expect(interview).toMatchObject({
      status: 'proposed',
      durationMinutes: 45,
      sequence: 0,
      booked: null,
      interviewers: [
        { uid: member.uid, name: 'Mia Member', email: member.email },
        { uid: org.owner.uid, email: org.owner.email },
      ],
    });
    expect(interview.slots.map((slot) => slot.startsAt)).toEqual(times);

    // The student is told in French, in their time zone, without a calendar event yet.
    const [invited] = await interviewMailsTo(student.email!, applicationId);
    expect(invited).toMatchObject({ subject: 'Interview Robotics vous invite à un entretien : Amélie Intern' });
    expect(invited!.icalEvent).toBeNull();
    expect(invited!.body).toMatch(/UTC\+1|HNEC|CET/);
    expect(invited!.html).toContain('<html lang="fr"');
    // The other interviewer (the owner, French portal) hears of the times too, without a calendar event; the member
    // who proposed them is not told of their own act.
    expect(await interviewMailsTo(member.email!, applicationId)).toEqual([]);
    const [ownerTold] = await interviewMailsTo(org.owner.email!, applicationId);
    expect(ownerTold).toMatchObject({ subject: 'Créneaux d’entretien envoyés à Amélie Test : Amélie Intern' });
    expect(ownerTold!.icalEvent).toBeNull();
    expect(ownerTold!.body).toContain('L’invitation d’agenda suivra dès que Amélie Test en aura réservé un');
    expect(ownerTold!.body).toContain(`/company/applications/${applicationId}`);
    expect(ownerTold!.body).not.toContain('/jobs/applied');

    // The student sees the two times, the place and the interviewers' names (never their addresses), and books one.
    const [seen] = await studentView(student, applicationId);
    expect(seen).toMatchObject({
      status: 'proposed',
      location: 'Room 4, 1 Main St.',
      interviewers: ['Mia Member', 'Interview Robotics Owner'],
    });
    expect(JSON.stringify(seen)).not.toContain(member.email!);
    expect(seen!.slots.map((slot) => slot.startsAt)).toEqual(times);
    const booked = await book(student, applicationId, interview.id, seen!.slots[1]!.id);
    expect(booked.statusCode, booked.body).toBe(200);
    expect((booked.json() as StudentInterview[])[0]).toMatchObject({
      status: 'booked',
      slots: [],
      booked: { startsAt: times[1] },
    });

    // Both sides get a REQUEST: the student in French, the member in English, the owner in French (their portal).
    const uid = `interview-${interview.id}@jobs.example.edu`;
    const requests = await Promise.all(
      [student.email!, member.email!, org.owner.email!].map(async (to) =>
        (await interviewMailsTo(to, applicationId)).at(-1)!,
      ),
    );
    expect(requests.map((mail) => mail.subject)).toEqual([
      'Entretien réservé : Amélie Intern, Interview Robotics',
      'Interview booked: Amélie Intern, Amélie Test',
      'Entretien réservé : Amélie Intern, Amélie Test',
    ]);
    for (const mail of requests) {
      expect(mail.icalEvent).toMatchObject({ method: 'REQUEST', filename: 'interview.ics' });
      expect(parseCalendar(mail.icalEvent!.content)).toEqual({
        method: 'REQUEST',
        uid,
        sequence: 0,
        start: times[1],
        status: 'CONFIRMED',
        attendees: [student.email, member.email, org.owner.email],
      });
    }
    expect(requests[2]!.body).toMatch(/HNE|EST|UTC−5/);

    // The member moves it: the same event, SEQUENCE 1, at the new time, to everyone.
    const moved = inDays(5, 16);
    const move = await caller(app, member).request(
      'POST',
      `/api/company/applications/${applicationId}/interviews/${interview.id}/reschedule`,
      { kind: 'move', startsAt: moved },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect((move.json() as Interview[])[0]).toMatchObject({
      status: 'booked',
      sequence: 1,
      booked: { startsAt: moved },
    });
    for (const to of [student.email!, member.email!, org.owner.email!]) {
      const last = (await interviewMailsTo(to, applicationId)).at(-1)!;
      expect(parseCalendar(last.icalEvent!.content)).toMatchObject({
        method: 'REQUEST',
        uid,
        sequence: 1,
        start: moved,
      });
    }

    // New times: the booked event is withdrawn (CANCEL, SEQUENCE 2); the student picks again; the new booking is
    // SEQUENCE 2 of the same UID.
    const again = [inDays(8), inDays(9)];
    const repropose = await caller(app, member).request(
      'POST',
      `/api/company/applications/${applicationId}/interviews/${interview.id}/reschedule`,
      { kind: 'slots', slots: again },
    );
    expect(repropose.statusCode, repropose.body).toBe(200);
    for (const to of [student.email!, member.email!, org.owner.email!]) {
      const last = (await interviewMailsTo(to, applicationId)).at(-1)!;
      expect(parseCalendar(last.icalEvent!.content)).toMatchObject({
        method: 'CANCEL',
        uid,
        sequence: 2,
        status: 'CANCELLED',
        start: moved,
      });
    }
    expect((await interviewMailsTo(student.email!, applicationId)).at(-1)!.subject).toBe(
      'Nouveaux créneaux d’entretien de Interview Robotics : Amélie Intern',
    );
    // One e-mail per interviewer: the new times, with the CANCEL of the time they had (the proposer's calendar too).
    expect((await interviewMailsTo(member.email!, applicationId)).map((mail) => mail.subject)).toEqual([
      'Interview booked: Amélie Intern, Amélie Test',
      'Interview moved: Amélie Intern, Amélie Test',
      'New interview times sent to Amélie Test: Amélie Intern',
    ]);
    const [fresh] = await studentView(student, applicationId);
    expect(fresh!.slots.map((slot) => slot.startsAt)).toEqual(again);
    expect((await book(student, applicationId, interview.id, fresh!.slots[0]!.id)).statusCode).toBe(200);
    const rebooked = (await interviewMailsTo(member.email!, applicationId)).at(-1)!;
    expect(parseCalendar(rebooked.icalEvent!.content)).toMatchObject({
      method: 'REQUEST',
      sequence: 2,
      start: again[0],
    });

    // Cancelled: CANCEL, SEQUENCE 3, STATUS:CANCELLED, to both sides.
    const cancel = await caller(app, org.owner).request(
      'POST',
      `/api/company/applications/${applicationId}/interviews/${interview.id}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const to of [student.email!, member.email!, org.owner.email!]) {
      const last = (await interviewMailsTo(to, applicationId)).at(-1)!;
      expect(last.icalEvent).toMatchObject({ method: 'CANCEL', filename: 'interview-cancelled.ics' });
      expect(parseCalendar(last.icalEvent!.content)).toMatchObject({
        method: 'CANCEL',
        uid,
        sequence: 3,
        status: 'CANCELLED',
      });
    }
    const [done] = await studentView(student, applicationId);
    expect(done).toMatchObject({ status: 'cancelled', slots: [], booked: null });

    // The application's history and the activity log, like status moves.
    const list = await caller(app, member).request('GET', `/api/company/applications/${applicationId}/interviews`);
    const [kept] = list.json() as Interview[];
    expect(kept!.history.map((event) => [event.kind, event.by?.name ?? null])).toEqual([
      ['proposed', 'Mia Member'],
      ['booked', null],
      ['moved', 'Mia Member'],
      ['reproposed', 'Mia Member'],
      ['booked', null],
      ['cancelled', expect.any(String)],
    ]);
    const activity = await db()
      .select()
      .from(organizationActivity)
      .where(eq(organizationActivity.applicationId, applicationId));
    expect(activity.map((entry) => entry.detail.interview)).toEqual(['proposed', 'moved', 'reproposed', 'cancelled']);
    expect(activity.every((entry) => entry.kind === 'interview')).toBe(true);

    // The outbox sends the invitation as a calendar part and an attachment.
    await app.mailSender.drain();
    const { readdirSync, readFileSync } = await import('node:fs');
    const files = readdirSync(outboxDir()).map((name) => readFileSync(join(outboxDir(), name), 'utf8'));
    const withCalendar = files.filter((file) => file.includes(`To: ${member.email}`) && file.includes('METHOD:CANCEL'));
    expect(withCalendar.length).toBeGreaterThan(0);
    expect(withCalendar[0]).toContain('text/calendar; charset=utf-8; method=CANCEL');
    expect(withCalendar[0]).toMatch(/filename=(")?interview-cancelled\.ics/);
  });
});

describe('a time taken by another candidate of the same job', () => {
  it('disappears from the other student’s times, shows as taken to the company, and cannot be booked (409, nothing changed)', async () => {
    const first = await applicant('en', 'First');
    const second = await applicant('en', 'Second', first.job);
    const shared = inDays(10, 9);
    // Overlapping but not equal: 45 minutes from 09:00 covers 09:30.
    const overlapping = new Date(Date.parse(shared) + 30 * 60_000).toISOString();
    const free = inDays(11, 9);
    const a = await propose(first.applicationId, [shared]);
    const b = await propose(second.applicationId, [overlapping, free]);
    expect((await book(first.student, first.applicationId, a.id, a.slots[0]!.id)).statusCode).toBe(200);
    const [seen] = await studentView(second.student, second.applicationId);
    expect(seen!.slots.map((slot) => slot.startsAt)).toEqual([free]);
    const company = await caller(app, member).request(
      'GET',
      `/api/company/applications/${second.applicationId}/interviews`,
    );
    expect((company.json() as Interview[])[0]!.slots.map((slot) => [slot.startsAt, slot.taken])).toEqual([
      [overlapping, true],
      [free, false],
    ]);
    const unchanged = await watchAppState(appState());
    const refused = await book(second.student, second.applicationId, b.id, b.slots[0]!.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'interview_slot_taken']);
    await unchanged.expectUnchanged('a booking of a taken time');
    // Moving the first booking away frees the time for the second student.
    const moved = await caller(app, member).request(
      'POST',
      `/api/company/applications/${first.applicationId}/interviews/${a.id}/reschedule`,
      { kind: 'move', startsAt: inDays(12, 9) },
    );
    expect(moved.statusCode).toBe(200);
    expect((await studentView(second.student, second.applicationId))[0]!.slots).toHaveLength(2);
    // And a move onto a time another candidate booked is refused the same way.
    expect((await book(second.student, second.applicationId, b.id, b.slots[1]!.id)).statusCode).toBe(200);
    const onto = await caller(app, member).request(
      'POST',
      `/api/company/applications/${first.applicationId}/interviews/${a.id}/reschedule`,
      { kind: 'move', startsAt: free },
    );
    expect([onto.statusCode, onto.json().code]).toEqual([409, 'interview_slot_taken']);
  });

  it('two bookings of one time at once: exactly one wins, the other is 409', async () => {
    const first = await applicant('en', 'Racer');
    const second = await applicant('en', 'Rival', first.job);
    const time = inDays(14, 10);
    const a = await propose(first.applicationId, [time]);
    const b = await propose(second.applicationId, [time]);
    const answers = await Promise.all([
      book(first.student, first.applicationId, a.id, a.slots[0]!.id),
      book(second.student, second.applicationId, b.id, b.slots[0]!.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('interview_slot_taken');
    const bookedRows = await db()
      .select()
      .from(interviewSlots)
      .where(and(eq(interviewSlots.jobId, first.job.id), isNotNull(interviewSlots.bookedAt)));
    expect(bookedRows).toHaveLength(1);
  });
});

describe('refusals change nothing', () => {
  it('answers 400, 404 and 409 with their codes for invalid proposals, unknown ids and closed interviews', async () => {
    const { student, applicationId } = await applicant('en', 'Refused');
    const elsewhere = await applicant('en', 'Elsewhere');
    const interview = await propose(applicationId, [inDays(3)]);
    const theirs = await propose(elsewhere.applicationId, [inDays(3)]);
    const base = `/api/company/applications/${applicationId}/interviews`;
    const unchanged = await watchAppState(appState());
    const attempts: [string, object | undefined, number, string][] = [
      [base, proposal([new Date(Date.now() - day).toISOString()]), 400, 'invalid_request'],
      [base, proposal(Array.from({ length: 11 }, (_, index) => inDays(index + 1))), 400, 'invalid_request'],
      [base, proposal([inDays(2), inDays(2)]), 400, 'invalid_request'],
      [base, proposal([inDays(2)], { location: null, videoUrl: null }), 400, 'invalid_request'],
      [base, proposal([inDays(2)], { videoUrl: 'javascript:alert(1)' }), 400, 'invalid_request'],
      [base, proposal([inDays(2)], { durationMinutes: 5 }), 400, 'invalid_request'],
      [base, proposal([inDays(2)], { interviewerUids: [removed.uid] }), 400, 'interviewer_not_member'],
      [base, proposal([inDays(2)], { interviewerUids: [other.owner.uid] }), 400, 'interviewer_not_member'],
      [`${base}/${interview.id}/reschedule`, { kind: 'move', startsAt: inDays(4) }, 409, 'interview_not_booked'],
      [`${base}/${interview.id}/reschedule`, { kind: 'later' }, 400, 'invalid_request'],
      [`${base}/${theirs.id}/cancel`, undefined, 404, 'not_found'],
      [`${base}/not-an-id/cancel`, undefined, 404, 'not_found'],
    ];
    for (const [url, body, status, code] of attempts) {
      const response = await caller(app, member).request('POST', url, body);
      expect([response.statusCode, response.json().code], `${url} ${JSON.stringify(body)}`).toEqual([status, code]);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const mine = `/api/applications/${applicationId}/interviews`;
    for (const [url, body, status, code] of [
      [`${mine}/${interview.id}/booking`, { slotId: theirs.slots[0]!.id }, 404, 'interview_slot_not_found'],
      [`${mine}/${theirs.id}/booking`, { slotId: theirs.slots[0]!.id }, 404, 'not_found'],
      [`${mine}/${interview.id}/booking`, {}, 400, 'invalid_request'],
    ] as const) {
      const response = await caller(app, student).request('POST', url, body);
      expect([response.statusCode, response.json().code], url).toEqual([status, code]);
    }
    await unchanged.expectUnchanged('refused interview requests');
    // Closed: a cancelled interview cannot be booked, moved or cancelled again.
    expect((await caller(app, member).request('POST', `${base}/${interview.id}/cancel`)).statusCode).toBe(200);
    const closed = await watchAppState(appState());
    const again = await caller(app, member).request('POST', `${base}/${interview.id}/cancel`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'interview_not_open']);
    const late = await book(student, applicationId, interview.id, interview.slots[0]!.id);
    expect([late.statusCode, late.json().code]).toEqual([409, 'interview_not_open']);
    await closed.expectUnchanged('requests on a cancelled interview');
  });
});

describe('deleted accounts', () => {
  it('a student’s deletion ends their interviews and frees the time; a member’s takes them off the interviews', async () => {
    const leaving = await createGoogleUser({ email: uniqueEmail('leaving'), name: 'Lee Ving' });
    await addMemberThroughApi(app, db(), org.id, leaving);
    const first = await applicant('en', 'Gone');
    const second = await applicant('en', 'Stays', first.job);
    const time = inDays(20, 11);
    const response = await caller(app, leaving).request(
      'POST',
      `/api/company/applications/${first.applicationId}/interviews`,
      proposal([time], { interviewerUids: [leaving.uid, member.uid] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const interview = (response.json() as Interview[])[0]!;
    expect((await book(first.student, first.applicationId, interview.id, interview.slots[0]!.id)).statusCode).toBe(200);
    const b = await propose(second.applicationId, [time]);
    expect((await studentView(second.student, second.applicationId))[0]!.slots).toEqual([]);

    // The student's export holds the interview (without the interviewers' addresses).
    const exported = await caller(app, first.student).request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const archive = unzipSync(new Uint8Array(exported.rawPayload));
    const data = JSON.parse(strFromU8(archive['data.json']!));
    expect(data.applications[0].interviews).toEqual([
      expect.objectContaining({
        status: 'booked',
        durationMinutes: 45,
        times: [{ startsAt: time, endsAt: expect.any(String), booked: true }],
      }),
    ]);
    expect(strFromU8(archive['data.json']!)).not.toContain(leaving.email!);

    expect((await caller(app, leaving).request('DELETE', '/api/account')).statusCode).toBeLessThan(300);
    const [kept] = (
      await caller(app, member).request('GET', `/api/company/applications/${first.applicationId}/interviews`)
    ).json() as Interview[];
    expect(kept!.interviewers.map((person) => person.uid)).toEqual([member.uid]);
    expect(JSON.stringify(kept)).not.toContain(leaving.uid);
    expect(JSON.stringify(kept)).not.toContain(leaving.email!);

    expect((await caller(app, first.student).request('DELETE', '/api/account')).statusCode).toBeLessThan(300);
    const [ended] = (
      await caller(app, member).request('GET', `/api/company/applications/${first.applicationId}/interviews`)
    ).json() as Interview[];
    expect(ended).toMatchObject({ status: 'cancelled', slots: [], booked: null });
    expect((await studentView(second.student, second.applicationId))[0]!.slots.map((slot) => slot.id)).toEqual([
      b.slots[0]!.id,
    ]);
  });
});
