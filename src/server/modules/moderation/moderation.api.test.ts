import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { caller } from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { setUpTestApp } from '../../../../tests/api-setup/test-app.ts';
import { hiddenJobs, jobReports, mailOutbox, moderationLog, users } from '../../db/schema.ts';
import { reportsPerDay } from './moderation.routes.ts';

// Reporting a job and the operators' moderation (docs/decisions/032), on the real app and database: who may call,
// what each refusal leaves unchanged, the board without a hidden job, re-ingestion, the 410 page and the audit log.

const operatorEmail = uniqueEmail('operator');
const context = setUpTestApp({ env: { ADMIN_EMAILS: `other-operator@example.org,${operatorEmail}` } });
const db = () => context.testDatabase.database.db;
// The mail sender is drained before each snapshot: the operators' e-mails of earlier reports are sent first.
const state = () => ({ db: db(), mailSender: context.app.mailSender });

let student: EmulatorUser;
let otherStudent: EmulatorUser;
let operator: EmulatorUser;
let listings: Record<string, unknown>[];
let featured: { id: string; slug: string };

async function createAccount(user: EmulatorUser): Promise<void> {
  const response = await caller(context.app, user).request('POST', '/api/auth/create-account', { email: user.email });
  expect(response.statusCode).toBeLessThan(300);
}

async function ingest(records: Record<string, unknown>[]): Promise<void> {
  await context.app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: records }]);
}

async function boardIds(): Promise<string[]> {
  const page = await context.app.inject({ method: 'GET', url: '/api/public/board?type=internship' });
  expect(page.statusCode).toBe(200);
  return (page.json() as { jobs: { id: string }[] }).jobs.map((job) => job.id);
}

const report = (user: EmulatorUser | null, idOrSlug: string, body: unknown = { reason: 'closed' }) =>
  caller(context.app, user).request('POST', `/api/public/jobs/${encodeURIComponent(idOrSlug)}/reports`, body);

beforeAll(async () => {
  [student, otherStudent, operator] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('reporter') }),
    createGoogleUser({ email: uniqueEmail('other-reporter') }),
    createGoogleUser({ email: operatorEmail }),
  ]);
  await createAccount(student);
  await createAccount(otherStudent);
  listings = Array.from({ length: 3 }, () => buildListing());
  await ingest(listings);
  const organization = await insertOrganization(db(), { name: 'Northwind' });
  const job = await insertFeaturedJob(db(), { organizationId: organization.id, title: 'Data Intern' });
  featured = { id: job.id, slug: job.slug };
  await context.app.boardIndex.refresh();
});

describe('POST /api/public/jobs/{idOrSlug}/reports', () => {
  it('records one report per job per student, for a feed listing and a featured job (by slug), and 409 the second', async () => {
    const listingId = listings[0]!.id as string;
    const first = await report(student, listingId, { reason: 'scam', text: '  Asks for a payment to apply.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ jobId: listingId, reason: 'scam', id: expect.any(String) });

    const again = await report(student, listingId, { reason: 'other', text: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: expect.any(String), code: 'already_reported' });

    const bySlug = await report(student, featured.slug, { reason: 'wrong-information', text: 'Not in Toronto' });
    expect(bySlug.statusCode).toBe(201);
    expect(bySlug.json().jobId).toBe(featured.id);
    expect((await report(otherStudent, listingId, { reason: 'scam' })).statusCode).toBe(201);

    const rows = await db().select().from(jobReports).where(eq(jobReports.jobId, listingId));
    expect(rows.map((row) => [row.userUid, row.reason, row.text]).sort()).toEqual(
      [
        [student.uid, 'scam', 'Asks for a payment to apply.'],
        [otherStudent.uid, 'scam', ''],
      ].sort(),
    );
  });

  it('refuses callers without an account and bad input with a stable code, writing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const noAccount = await createGoogleUser({ email: uniqueEmail('no-account') });
    const listingId = listings[1]!.id as string;
    const unchanged = await watchAppState(state());
    const cases: [EmulatorUser | null, string, unknown, number, string][] = [
      [null, listingId, { reason: 'closed' }, 401, 'unauthenticated'],
      [anonymous, listingId, { reason: 'closed' }, 403, 'identified_account_required'],
      [noAccount, listingId, { reason: 'closed' }, 403, 'account_required'],
      [student, listingId, { reason: 'spam' }, 400, 'invalid_request'],
      [student, listingId, {}, 400, 'invalid_request'],
      [student, listingId, { reason: 'other', text: 'x'.repeat(1001) }, 400, 'invalid_request'],
      [student, listingId, { reason: 'other', text: 'bad \u0000 byte' }, 400, 'invalid_request'],
      [student, 'no-such-job', { reason: 'closed' }, 404, 'job_not_found'],
    ];
    for (const [user, jobId, body, status, code] of cases) {
      const response = await report(user, jobId, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), code });
      expect(response.json().error.length).toBeGreaterThan(5);
    }
    await unchanged.expectUnchanged('refused reports');
  });
});

describe('/api/moderation: the operators', () => {
  it('answers 403 operator_only to students, and 401 without a token, changing nothing', async () => {
    const unchanged = await watchAppState(state());
    for (const [method, url] of [
      ['GET', '/api/moderation/reports'],
      ['GET', '/api/moderation/audit-log'],
      ['POST', `/api/moderation/jobs/${featured.id}/hide`],
      ['POST', `/api/moderation/jobs/${featured.id}/restore`],
    ] as const) {
      const body = method === 'POST' ? { reason: 'scam' } : undefined;
      const refused = await caller(context.app, student).request(method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ error: expect.any(String), code: 'operator_only' });
      const none = await caller(context.app, null).request(method, url, body);
      expect(none.statusCode, url).toBe(401);
    }
    await unchanged.expectUnchanged('refused moderation');
  });

  it('lists open reports grouped by job: counts by reason and the texts, never who wrote them', async () => {
    const response = await caller(context.app, operator).request('GET', '/api/moderation/reports');
    expect(response.statusCode).toBe(200);
    const { reported, hidden } = response.json();
    expect(hidden).toEqual([]);
    expect(reported[0]).toMatchObject({
      jobId: listings[0]!.id,
      job: { title: listings[0]!.title, company: 'Acme', featured: false },
      hidden: null,
      openReports: 2,
      byReason: { closed: 0, scam: 2, 'wrong-information': 0, other: 0 },
      texts: [{ reason: 'scam', text: 'Asks for a payment to apply.', at: expect.any(String) }],
    });
    expect(reported[1]).toMatchObject({ jobId: featured.id, openReports: 1, job: { title: 'Data Intern' } });
    expect(response.body).not.toContain(student.uid);
    expect(response.body).not.toContain(student.email!);
  });

  it('hides a feed listing: it leaves the board at once, stays hidden when the feed brings it again, and comes back when restored', async () => {
    const listingId = listings[0]!.id as string;
    expect(await boardIds()).toContain(listingId);

    const hide = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${listingId}/hide`, {
      reason: 'Scam: asks for a payment',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ jobId: listingId, action: 'hide', boardVersion: expect.any(String) });
    expect(await boardIds()).not.toContain(listingId);
    const snapshot = await context.app.inject({ method: 'GET', url: '/api/public/board/snapshot' });
    expect(snapshot.json().version).toBe(hide.json().boardVersion);
    expect(snapshot.body).not.toContain(listingId);
    // Its reports are reviewed; a new report is refused as the job is gone.
    const overview = (await caller(context.app, operator).request('GET', '/api/moderation/reports')).json();
    expect(overview.reported.map((job: { jobId: string }) => job.jobId)).not.toContain(listingId);
    expect(overview.hidden).toEqual([
      expect.objectContaining({
        jobId: listingId,
        hidden: { reason: 'Scam: asks for a payment', at: expect.any(String), by: operatorEmail },
      }),
    ]);
    const late = await report(otherStudent, listingId, { reason: 'closed' });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('job_removed');

    // The feed brings the listing again (changed): still hidden.
    await ingest(listings.map((listing) => ({ ...listing, title: `${String(listing.title)} (updated)` })));
    expect(await boardIds()).not.toContain(listingId);
    expect(await boardIds()).toContain(listings[1]!.id);

    const twice = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${listingId}/hide`, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('job_already_hidden');

    const restore = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${listingId}/restore`);
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await boardIds()).toContain(listingId);
    const notHidden = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${listingId}/restore`);
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json().code).toBe('job_not_hidden');
  });

  it('hides a featured job: its API answers 410 job_removed, its page 410, it leaves the board and the public list', async () => {
    const hide = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${featured.id}/hide`, {
      reason: 'Wrong company',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    for (const idOrSlug of [featured.id, featured.slug]) {
      const view = await context.app.inject({ method: 'GET', url: `/api/public/jobs/${idOrSlug}` });
      expect(view.statusCode).toBe(410);
      expect(view.json()).toEqual({ error: expect.any(String), code: 'job_removed' });
    }
    const list = await context.app.inject({ method: 'GET', url: '/api/public/jobs' });
    expect(list.body).not.toContain(featured.id);
    const board = await context.app.inject({ method: 'GET', url: '/api/public/board' });
    expect(board.body).not.toContain(featured.id);

    await caller(context.app, operator).request('POST', `/api/moderation/jobs/${featured.id}/restore`);
    expect((await context.app.inject({ method: 'GET', url: `/api/public/jobs/${featured.slug}` })).statusCode).toBe(
      200,
    );
  });

  it('refuses a job that exists nowhere (404) and a bad reason (400), writing nothing', async () => {
    const unchanged = await watchAppState(state());
    const unknown = await caller(context.app, operator).request('POST', '/api/moderation/jobs/nowhere-1/hide', {
      reason: 'scam',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('job_not_found');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const response = await caller(context.app, operator).request(
        'POST',
        `/api/moderation/jobs/${featured.id}/hide`,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    const badId = await caller(context.app, operator).request('POST', '/api/moderation/jobs/a%20b/hide', {
      reason: 'scam',
    });
    expect(badId.statusCode).toBe(400);
    await unchanged.expectUnchanged('refused moderation input');
  });

  it('keeps every action in the audit log, newest first, with the operator and the reason', async () => {
    const response = await caller(context.app, operator).request('GET', '/api/moderation/audit-log');
    expect(response.statusCode).toBe(200);
    const entries = response.json().entries as { action: string; jobId: string; actor: string; reason: string }[];
    expect(entries.map((entry) => [entry.action, entry.jobId, entry.actor, entry.reason])).toEqual([
      ['restore', featured.id, operatorEmail, null],
      ['hide', featured.id, operatorEmail, 'Wrong company'],
      ['restore', listings[0]!.id, operatorEmail, null],
      ['hide', listings[0]!.id, operatorEmail, 'Scam: asks for a payment'],
    ]);
    expect(await db().$count(moderationLog)).toBe(4);
    expect(await db().$count(hiddenJobs)).toBe(0);
    const older = await caller(context.app, operator).request(
      'GET',
      `/api/moderation/audit-log?before=${response.json().entries[1].id}`,
    );
    expect(older.json().entries).toHaveLength(2);
  });
});

describe('dismissing reports without hiding the job', () => {
  it('closes the open reports, logs it, keeps the job on the board, and refuses others, a bad reason or nothing to dismiss', async () => {
    const listingId = listings[2]!.id as string;
    const reporters = await Promise.all([
      createGoogleUser({ email: uniqueEmail('dismissed-reporter') }),
      createGoogleUser({ email: uniqueEmail('dismissed-reporter') }),
    ]);
    for (const reporter of reporters) {
      await createAccount(reporter);
      expect((await report(reporter, listingId, { reason: 'closed', text: 'Says filled' })).statusCode).toBe(201);
    }
    const dismiss = (user: EmulatorUser | null, jobId: string, body: unknown = { reason: 'Checked: still open' }) =>
      caller(context.app, user).request('POST', `/api/moderation/jobs/${encodeURIComponent(jobId)}/dismiss`, body);

    const unchanged = await watchAppState(state());
    const refusals: [EmulatorUser | null, string, unknown, number, string][] = [
      [null, listingId, undefined, 401, 'unauthenticated'],
      [student, listingId, undefined, 403, 'operator_only'],
      [operator, listingId, {}, 400, 'invalid_request'],
      [operator, listingId, { reason: '  ' }, 400, 'invalid_request'],
      [operator, listingId, { reason: 'x'.repeat(501) }, 400, 'invalid_request'],
      [operator, listings[1]!.id as string, undefined, 409, 'no_open_reports'],
      [operator, 'nowhere-2', undefined, 409, 'no_open_reports'],
    ];
    for (const [user, jobId, body, status, code] of refusals) {
      const response = await dismiss(user, jobId, body);
      expect(response.statusCode, `${jobId} ${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), code });
    }
    await unchanged.expectUnchanged('refused dismissals');

    const dismissed = await dismiss(operator, listingId);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ jobId: listingId, action: 'dismiss', dismissedReports: 2 });
    const rows = await db().select().from(jobReports).where(eq(jobReports.jobId, listingId));
    expect(rows.map((row) => row.reviewedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    const overview = (await caller(context.app, operator).request('GET', '/api/moderation/reports')).json();
    expect(overview.reported.map((job: { jobId: string }) => job.jobId)).not.toContain(listingId);
    expect(overview.hidden).toEqual([]);
    expect(await boardIds()).toContain(listingId);
    expect(await db().$count(hiddenJobs)).toBe(0);
    const log = (await caller(context.app, operator).request('GET', '/api/moderation/audit-log')).json();
    expect(log.entries[0]).toMatchObject({
      action: 'dismiss',
      jobId: listingId,
      actor: operatorEmail,
      reason: 'Checked: still open',
    });

    // Nothing left to dismiss; a new report opens the job again.
    const twice = await dismiss(operator, listingId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('no_open_reports');
    const later = await createGoogleUser({ email: uniqueEmail('later-reporter') });
    await createAccount(later);
    expect((await report(later, listingId, { reason: 'scam' })).statusCode).toBe(201);
    const reopened = (await caller(context.app, operator).request('GET', '/api/moderation/reports')).json();
    expect(reopened.reported).toContainEqual(expect.objectContaining({ jobId: listingId, openReports: 1 }));
  });
});

describe('the operators are told of new reports', () => {
  it('e-mails each operator once when a job gets its first open report, in their language or in both, and again only after a review', async () => {
    const organization = await insertOrganization(db(), { name: 'Mailbridge' });
    const job = await insertFeaturedJob(db(), { organizationId: organization.id, title: 'Mail Intern' });
    await context.app.boardIndex.refresh();
    // The operator chose French in the app; the other address never signed in.
    await createAccount(operator);
    await db().update(users).set({ locale: 'fr' }).where(eq(users.uid, operator.uid));
    const reporters = await Promise.all([1, 2, 3].map(() => createGoogleUser({ email: uniqueEmail('mail-reporter') })));
    for (const reporter of reporters) await createAccount(reporter);
    // This job's: earlier tests' reports told the operators of theirs.
    const reportMails = async () =>
      (
        await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'job-report')).orderBy(mailOutbox.recipient)
      ).filter((mail) => mail.subject.includes('Mail Intern'));

    const first = await report(reporters[0]!, job.slug, { reason: 'scam', text: 'Private detail 555-0100' });
    expect(first.statusCode).toBe(201);
    const mails = await reportMails();
    expect(mails).toHaveLength(2);
    const both = mails.find((mail) => mail.recipient === 'other-operator@example.org');
    const french = mails.find((mail) => mail.recipient === operatorEmail);
    expect([both?.causeId, french?.causeId]).toEqual([first.json().id, first.json().id]);
    expect(both!.subject).toBe('Job reported: Mail Intern / Offre signalée : Mail Intern');
    expect(french!.subject).toBe('Offre signalée : Mail Intern');
    expect(both!.body).toContain('A student reported “Mail Intern · Mailbridge”: it looks like a scam.');
    expect(both!.body).toContain('Un étudiant a signalé « Mail Intern · Mailbridge » : elle ressemble à une arnaque.');
    expect(both!.body).toMatch(/https?:\/\/\S+\/admin\b/);
    expect(french!.body).toContain('elle ressemble à une arnaque');
    expect(french!.body).not.toContain('A student reported');
    expect(french!.html).toContain('lang="fr"');
    for (const mail of mails) {
      // Who reported and what they wrote stay on /admin.
      for (const secret of [reporters[0]!.email!, reporters[0]!.uid, 'Private detail']) {
        expect(mail.body).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }

    // A second open report of the same job adds no e-mail.
    expect((await report(reporters[1]!, job.id, { reason: 'closed' })).statusCode).toBe(201);
    expect(await reportMails()).toHaveLength(2);

    // Reviewed (dismissed), the next report is news again.
    const dismissed = await caller(context.app, operator).request('POST', `/api/moderation/jobs/${job.id}/dismiss`, {
      reason: 'Checked',
    });
    expect(dismissed.statusCode).toBe(200);
    const third = await report(reporters[2]!, job.id, { reason: 'closed' });
    expect(third.statusCode).toBe(201);
    expect((await reportMails()).filter((mail) => mail.causeId === third.json().id)).toHaveLength(2);
  });
});

describe('a student’s reports are theirs', () => {
  it('are in the data export and go with the account', async () => {
    const exported = await caller(context.app, student).request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['data.json']!));
    expect(data.jobReports.map((row: { text: string }) => row.text).sort()).toEqual([
      'Asks for a payment to apply.',
      'Not in Toronto',
    ]);
    const deleted = await caller(context.app, student).request('DELETE', '/api/account');
    expect(deleted.statusCode).toBe(204);
    expect(await db().$count(jobReports, eq(jobReports.userUid, student.uid))).toBe(0);
  });

  it(`limits reports to ${reportsPerDay} a day per account (429 rate_limited with Retry-After)`, async () => {
    const many = Array.from({ length: reportsPerDay + 1 }, () => buildListing());
    await ingest([...listings, ...many]);
    for (const listing of many.slice(0, reportsPerDay - 1)) {
      expect((await report(otherStudent, listing.id as string)).statusCode).toBe(201);
    }
    const refused = await report(otherStudent, many.at(-1)!.id as string);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
