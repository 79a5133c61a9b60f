import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  lastMailLink,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildMultipart } from '../../../../tests/api-setup/uploads.ts';
import type {
  ApplicantsResponse,
  CompanyJob,
  JobInvitation,
  JobInvitationsResponse,
  JobStats,
} from '../../../shared/company/company-api.ts';
import { studentProfiles } from '../../db/schema.ts';

// What a member reads about a job's applicants: the list (search, filters, sort by match, paging), the CSV export,
// the dashboard figures; invitations by CSV with their sent -> opened -> applied states; the organization's logo.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let job: CompanyJob;
const students: EmulatorUser[] = [];
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-company-applicants-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      PUBLIC_URL: 'https://jobs.example.edu',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Hooli');
  job = await postJob(app, org.owner, org.id, {
    title: 'Platform Intern',
    skills: ['TypeScript', 'React', 'SQL', 'Go'],
  });
  const people = [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      university: 'McGill University',
      graduationYear: 2027,
      skills: ['TypeScript', 'React', 'SQL', 'Go'],
    },
    {
      firstName: 'Alan',
      lastName: 'Turing',
      university: 'University of Toronto',
      graduationYear: 2024,
      skills: ['Python'],
    },
    // A formula in a name must reach a spreadsheet as text.
    {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: '+Cmd',
      university: 'McGill University',
      graduationYear: 2028,
      skills: ['React'],
    },
  ];
  for (const person of people) {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    students.push(student);
    // The profile's skills are what the match reads (the apply API creates the account).
    await caller(app, student).request('GET', '/api/profile');
    await db()
      .insert(studentProfiles)
      .values({ uid: student.uid, skills: person.skills })
      .onConflictDoUpdate({ target: studentProfiles.uid, set: { skills: person.skills } });
    await applyAsStudent(app, student, job.slug, {
      firstName: person.firstName,
      lastName: person.lastName,
      university: person.university,
      graduationYear: person.graduationYear,
    });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

/** Everything the app owns, to compare before and after a refusal; mail queued earlier is delivered first. */
async function watchState() {
  return watchAppState({
    db: db(),
    storage: storageDir,
    outboxDir: join(storageDir, 'outbox'),
    mailSender: app.mailSender,
  });
}

async function applicants(query = ''): Promise<ApplicantsResponse> {
  const response = await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/applicants${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ApplicantsResponse;
}

describe('applicants list', () => {
  it('lists every applicant newest first, with the filters’ choices and an explained match', async () => {
    const list = await applicants();
    expect(list.total).toBe(3);
    expect(list.items.map((item) => item.lastName)).toEqual(['+Cmd', 'Turing', 'Lovelace']);
    expect(list.schools).toEqual(['McGill University', 'University of Toronto']);
    expect(list.graduationYears).toEqual([2024, 2027, 2028]);
    const ada = list.items.find((item) => item.lastName === 'Lovelace')!;
    expect(ada.match.parts[0]).toMatchObject({ key: 'skills', matched: 4, required: 4, points: 50 });
    expect(ada.skills).toEqual(['TypeScript', 'React', 'SQL', 'Go']);
  });

  it('sorts by match, searches names, schools and skills, filters, and pages', async () => {
    expect((await applicants('?sort=match')).items[0]?.lastName).toBe('Lovelace');
    expect((await applicants('?q=turing')).items.map((item) => item.lastName)).toEqual(['Turing']);
    expect((await applicants('?q=python')).items.map((item) => item.lastName)).toEqual(['Turing']);
    expect((await applicants('?school=mcgill%20university')).total).toBe(2);
    expect((await applicants('?graduationYear=2024')).items.map((item) => item.lastName)).toEqual(['Turing']);
    expect((await applicants('?status=rejected')).total).toBe(0);
    const page = await applicants('?page=2&pageSize=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);
    const bad = await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/applicants?pageSize=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
  });

  it('exports the list as CSV whose formula-looking cells are made text', async () => {
    const response = await caller(app, org.owner).request(
      'GET',
      `/api/company/jobs/${job.id}/applicants.csv?sort=match`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="applicants-[a-z0-9-]+\.csv"$/);
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]?.slice(0, 4)).toEqual(['Application ID', 'First name', 'Last name', 'Email']);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.[2]).toBe('Lovelace');
    expect(rows[1]?.[14]).toContain('4 of 4 required skills');
    const evil = rows.find((row) => row[2] === "'+Cmd");
    expect(evil?.[1]).toBe(`'=HYPERLINK("http://evil.example")`);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('counts applications by status, day, school and graduation year', async () => {
    const stats = (await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/stats`)).json() as JobStats;
    expect(stats.byStatus).toMatchObject({ applied: 3, screening: 0, withdrawn: 0 });
    expect(stats.overTime).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 3 }]);
    expect(stats.bySchool).toEqual([
      { school: 'McGill University', count: 2 },
      { school: 'University of Toronto', count: 1 },
    ]);
    expect(stats.byGraduationYear).toEqual([
      { year: 2024, count: 1 },
      { year: 2027, count: 1 },
      { year: 2028, count: 1 },
    ]);
  });
});

describe('invitations to apply by CSV', () => {
  it('sends each valid line an e-mail, reports bad and repeated lines, and tracks sent -> opened -> applied', async () => {
    const invitee = await createGoogleUser({ email: uniqueEmail('invitee') });
    const csv = `Email,First name,Last name\r\n"${invitee.email}",Grace,Hopper\r\nnot-an-email,X,Y\r\n${invitee.email!.toUpperCase()},Dup,Licate\r\n\r\n`;
    const response = await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, { csv });
    expect(response.statusCode).toBe(201);
    const result = response.json() as JobInvitationsResponse;
    expect(result.created).toEqual([
      expect.objectContaining({ email: invitee.email, firstName: 'Grace', lastName: 'Hopper', status: 'sent' }),
    ]);
    expect(result.invalid).toEqual([{ line: 3, value: 'not-an-email', code: 'email_invalid' }]);
    expect(result.duplicates).toEqual([invitee.email]);
    // Sending the same list again creates nothing new.
    expect(
      (
        (
          await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
            entries: [{ email: invitee.email }],
          })
        ).json() as JobInvitationsResponse
      ).duplicates,
    ).toEqual([invitee.email]);

    const link = await lastMailLink(db(), invitee.email!, '/apply?token=');
    const token = new URL(link).searchParams.get('token')!;
    const status = async () =>
      (
        (
          await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/invitations`)
        ).json() as JobInvitation[]
      ).find((entry) => entry.email === invitee.email);
    expect((await status())?.status).toBe('sent');
    expect((await caller(app, invitee).request('GET', `/api/applicants/validate/${token}`)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: 'opened', openedAt: expect.any(String), appliedAt: null });
    await applyAsStudent(app, invitee, job.slug, {}, `?token=${encodeURIComponent(token)}`);
    expect(await status()).toMatchObject({ status: 'applied', appliedAt: expect.any(String) });

    // The dashboard: where the applications came from, and the invitations' conversion.
    const stats = (await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/stats`)).json() as JobStats;
    expect(stats.bySource).toEqual([
      { source: 'public', label: null, count: 3 },
      { source: 'invitation', label: null, count: 1 },
    ]);
    expect(stats.invitations).toEqual({ sent: 1, opened: 1, applied: 1 });
  });

  it('resends with a new link (the old one stops working) and revokes', async () => {
    const invitee = await createGoogleUser({ email: uniqueEmail('invitee') });
    const created = (
      (
        await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
          entries: [{ email: invitee.email }],
        })
      ).json() as JobInvitationsResponse
    ).created[0]!;
    const firstToken = new URL(await lastMailLink(db(), invitee.email!, '/apply?token=')).searchParams.get('token')!;
    const resent = await caller(app, org.owner).request(
      'POST',
      `/api/company/jobs/${job.id}/invitations/${created.id}/resend`,
    );
    expect(resent.statusCode).toBe(200);
    const secondToken = new URL(await lastMailLink(db(), invitee.email!, '/apply?token=')).searchParams.get('token')!;
    expect(secondToken).not.toBe(firstToken);
    expect((await caller(app, invitee).request('GET', `/api/applicants/validate/${firstToken}`)).statusCode).toBe(404);
    expect(
      (await caller(app, org.owner).request('DELETE', `/api/company/jobs/${job.id}/invitations/${created.id}`))
        .statusCode,
    ).toBe(204);
    expect((await caller(app, invitee).request('GET', `/api/applicants/validate/${secondToken}`)).statusCode).toBe(410);
    const list = (
      await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/invitations`)
    ).json() as JobInvitation[];
    expect(list.find((entry) => entry.id === created.id)?.status).toBe('revoked');
  });

  it('refuses invitations to a job that is not published (409 job_not_published), sending nothing', async () => {
    const draft = await postJob(app, org.owner, org.id, { title: 'Draft', status: 'draft' });
    const unchanged = await watchState();
    const response = await caller(app, org.owner).request('POST', `/api/company/jobs/${draft.id}/invitations`, {
      entries: [{ email: uniqueEmail('early') }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('job_not_published');
    await unchanged.expectUnchanged('invitations to a draft');
  });

  it('names a line it cannot read (csv_invalid) and sends nothing for it; refuses too many lines (400), sending nothing', async () => {
    const unchanged = await watchState();
    const unreadable = await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
      csv: '"unterminated,quote\n',
    });
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json()).toEqual({
      created: [],
      invalid: [{ line: 1, value: '"unterminated,quote', code: 'csv_invalid' }],
      duplicates: [],
    });
    const many = Array.from({ length: 501 }, (_, index) => `person${index}@example.test`).join('\n');
    const tooMany = await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
      csv: many,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('too_many_invitations');
    await unchanged.expectUnchanged('unreadable and over-long invitation lists');
  });

  it('sends the readable lines of a list with a stray quote, naming that line; columns follow the header', async () => {
    const first = uniqueEmail('quoted-first');
    const last = uniqueEmail('quoted-last');
    const response = await caller(app, org.owner).request('POST', `/api/company/jobs/${job.id}/invitations`, {
      csv: `Nom;Prénom;Courriel\nCurie;Marie;${first}\n"Broken;Line;x\n;;\nHopper;Grace;${last}\n`,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { created: { email: string; firstName: string }[]; invalid: unknown[] };
    expect(body.created.map((invitation) => [invitation.email, invitation.firstName])).toEqual([
      [first, 'Marie'],
      [last, 'Grace'],
    ]);
    expect(body.invalid).toEqual([{ line: 3, value: '"Broken;Line;x', code: 'csv_invalid' }]);
  });
});

describe('organization logo', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  function upload(data: Buffer, fileName = 'logo.png', contentType = 'image/png') {
    const { body, contentType: type } = buildMultipart([{ name: 'logo', fileName, contentType, data }]);
    return app.inject({
      method: 'PUT',
      url: `/api/company/organizations/${org.id}/logo`,
      headers: { authorization: `Bearer ${org.owner.idToken}`, 'content-type': type },
      payload: body,
    });
  }

  it('stores a PNG judged by its bytes and serves it publicly', async () => {
    const response = await upload(png, 'whatever.txt', 'text/plain');
    expect(response.statusCode).toBe(200);
    const { logoUrl } = response.json() as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/api\/public\/files\/logos\/.*uploaded\//);
    const served = await app.inject({ method: 'GET', url: logoUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const direct = await app.inject({ method: 'GET', url: `/api/company/organizations/${org.id}/logo` });
    expect(direct.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that is not an image whatever its name, and one over 1 MB, keeping the current logo', async () => {
    const before = (await caller(app, org.owner).request('GET', '/api/company/organizations')).json()[0].logoUrl;
    const unchanged = await watchState();
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.png',
      'image/png',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().code).toBe('logo_invalid');
    const big = await upload(Buffer.concat([png, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('logo_too_large');
    expect((await caller(app, org.owner).request('GET', '/api/company/organizations')).json()[0].logoUrl).toBe(before);
    await unchanged.expectUnchanged('refused logos');
  });
});
