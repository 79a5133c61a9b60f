import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
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
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { ApplicationMessage, EmailTemplate, MessagePreview } from '../../../shared/messages/messages-api.ts';
import {
  applicationMessages,
  applications,
  emailTemplates,
  mailOutbox,
  organizationActivity,
  pushOutbox,
  users,
} from '../../db/schema.ts';

// Messages the recruiter controls (docs/decisions/034-email-templates.md): templates (owners write, members use), a
// server-rendered preview in the student's language, messages sent with a move (single and bulk) or on their own,
// kept on the application's history, through the outbox; the access matrix of every new route.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let other: TestOrganization;
let member: EmulatorUser;
let removed: EmulatorUser;
let anonymous: EmulatorUser;
let outsider: EmulatorUser;
const db = () => testDatabase.database.db;
const outboxDir = () => join(storageDir, 'outbox');
const appState = () => ({
  db: db(),
  storage: join(storageDir, 'files'),
  outboxDir: outboxDir(),
  mailSender: app.mailSender,
});

const interview = {
  name: 'Interview invitation',
  status: 'interview',
  texts: {
    en: {
      subject: '{{organization}}: an interview for {{jobTitle}}',
      body: 'Hi {{firstName}},\n\nShall we meet?\n\n{{recruiterName}}',
    },
    fr: {
      subject: '{{organization}} : un entretien pour {{jobTitle}}',
      body: 'Bonjour {{firstName}},\n\nOn se voit ?\n\n{{recruiterName}}',
    },
  },
} as const;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-messages-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: join(storageDir, 'files'),
      OUTBOX_DIR: outboxDir(),
      PUBLIC_URL: 'https://jobs.example.edu',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Template Robotics');
  other = await createOrganizationWithOwnerUser(app, db(), 'Elsewhere Labs');
  [member, removed, anonymous, outsider] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('member'), name: 'Mia Member' }),
    createGoogleUser({ email: uniqueEmail('removed'), name: 'Rem Oved' }),
    createAnonymousUser(),
    createGoogleUser({ email: uniqueEmail('outsider'), name: 'Out Sider' }),
  ]);
  await addMemberThroughApi(app, db(), org.id, member);
  await addMemberThroughApi(app, db(), org.id, removed);
  await caller(app, org.owner).request('DELETE', `/api/company/organizations/${org.id}/members/${removed.uid}`);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function createTemplate(body: object = interview, owner = org): Promise<EmailTemplate> {
  const response = await caller(app, owner.owner).request(
    'POST',
    `/api/company/organizations/${owner.id}/email-templates`,
    body,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A student with an account (in `locale`) who applied to a new job of `owner`'s organization. */
async function applicant(locale: 'en' | 'fr' | null, firstName: string, owner = org) {
  const student = await createGoogleUser({ email: uniqueEmail('student') });
  await caller(app, student).request('POST', '/api/auth/create-account', { email: student.email });
  if (locale) await db().update(users).set({ locale }).where(eq(users.uid, student.uid));
  const job = await postJob(app, owner.owner, owner.id, { title: `${firstName} Intern` });
  const applicationId = await applyAsStudent(app, student, job.slug, { firstName });
  return { student, applicationId, job };
}

const messagesTo = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, 'organization-message')));

describe('who may call the template and message routes', () => {
  it('lets members list and use, owners write, and refuses everyone else with nothing changed', async () => {
    const template = await createTemplate();
    const { applicationId } = await applicant('en', 'Matrix');
    const templates = `/api/company/organizations/${org.id}/email-templates`;
    const one = `${templates}/${template.id}`;
    const routes: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; owners: boolean }[] = [
      { method: 'GET', url: templates, owners: false },
      { method: 'POST', url: templates, body: interview, owners: true },
      { method: 'PATCH', url: one, body: { name: 'Renamed' }, owners: true },
      { method: 'DELETE', url: one, owners: true },
      { method: 'GET', url: `/api/company/applications/${applicationId}/messages`, owners: false },
      {
        method: 'POST',
        url: `/api/company/applications/${applicationId}/messages/preview`,
        body: { message: { kind: 'template', templateId: template.id } },
        owners: false,
      },
      {
        method: 'POST',
        url: `/api/company/applications/${applicationId}/messages`,
        body: { message: { kind: 'template', templateId: template.id } },
        owners: false,
      },
    ];
    const unchanged = await watchAppState(appState());
    for (const route of routes) {
      const refused: [EmulatorUser | null, number, string][] = [
        [null, 401, 'unauthenticated'],
        [anonymous, 403, 'not_a_member'],
        [outsider, 403, 'not_a_member'],
        [removed, 403, 'not_a_member'],
        [other.owner, 403, 'not_a_member'],
        ...(route.owners ? [[member, 403, 'owner_only'] as [EmulatorUser, number, string]] : []),
      ];
      for (const [who, status, code] of refused) {
        const response = await caller(app, who).request(route.method, route.url, route.body);
        expect([response.statusCode, response.json().code], `${route.method} ${route.url} as ${who?.email}`).toEqual([
          status,
          code,
        ]);
        expect(response.body).not.toContain('Template Robotics');
      }
    }
    await unchanged.expectUnchanged('refused template and message requests');

    // Allowed: a member lists, previews, sends and reads; the owner writes (member routes run as the member).
    // (The delete last: the preview and the send use the template.)
    for (const route of [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))) {
      const who = route.owners ? org.owner : member;
      const response = await caller(app, who).request(route.method, route.url, route.body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
    }
  });

  it('answers 404 for another organization’s template, through this organization’s path', async () => {
    const theirs = await createTemplate(interview, other);
    const path = `/api/company/organizations/${org.id}/email-templates/${theirs.id}`;
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await caller(app, org.owner).request(method, path, body);
      expect([response.statusCode, response.json().code]).toEqual([404, 'not_found']);
    }
    const [row] = await db().select().from(emailTemplates).where(eq(emailTemplates.id, theirs.id));
    expect(row?.name).toBe('Interview invitation');
    // Nor can it be used on this organization's applications.
    const { applicationId } = await applicant('en', 'Borrow');
    const preview = await caller(app, member).request(
      'POST',
      `/api/company/applications/${applicationId}/messages/preview`,
      { message: { kind: 'template', templateId: theirs.id } },
    );
    expect([preview.statusCode, preview.json().code]).toEqual([404, 'not_found']);
  });
});

describe('templates', () => {
  it('are kept per language, listed by name, changed and deleted by owners', async () => {
    const created = await createTemplate({
      name: 'A first look',
      status: 'screening',
      texts: { en: { subject: 'We are looking', body: 'Hi {{ firstName }}' } },
    });
    expect(created).toMatchObject({
      name: 'A first look',
      status: 'screening',
      texts: { en: { subject: 'We are looking' } },
    });
    expect(created.texts.fr).toBeUndefined();
    const listed = await caller(app, member).request('GET', `/api/company/organizations/${org.id}/email-templates`);
    expect((listed.json() as EmailTemplate[]).map((template) => template.name)).toContain('A first look');

    const path = `/api/company/organizations/${org.id}/email-templates/${created.id}`;
    const changed = await caller(app, org.owner).request('PATCH', path, {
      status: null,
      texts: { fr: { subject: 'Nous regardons', body: 'Bonjour {{firstName}}' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'A first look',
      status: null,
      texts: { fr: { subject: 'Nous regardons' } },
    });
    expect((await caller(app, org.owner).request('DELETE', path)).statusCode).toBe(204);
    expect((await caller(app, org.owner).request('DELETE', path)).statusCode).toBe(404);
  });

  it('refuses unknown variables (named), no language, and overlong text, with nothing written', async () => {
    const unchanged = await watchAppState(appState());
    const url = `/api/company/organizations/${org.id}/email-templates`;
    const unknown = await caller(app, org.owner).request('POST', url, {
      name: 'Typo',
      texts: { en: { subject: 'Hi {{firstname}}', body: 'About {{jobTitle}} and {{salary}} {{constructor}}' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'unknown_template_variable',
      error: expect.stringMatching(/Unknown variables: \{\{firstname\}\}, \{\{salary\}\}, \{\{constructor\}\}/),
    });
    for (const body of [
      { name: 'Empty', texts: {} },
      { name: 'Long', texts: { en: { subject: 'x'.repeat(201), body: 'Hi' } } },
      { name: 'Long body', texts: { en: { subject: 'Hi', body: 'x'.repeat(5001) } } },
      { name: '', texts: { en: { subject: 'Hi', body: 'Hi' } } },
      { name: 'Bad status', status: 'withdrawn', texts: { en: { subject: 'Hi', body: 'Hi' } } },
      { name: 'Other language', texts: { de: { subject: 'Hallo', body: 'Hallo' } } },
    ]) {
      const response = await caller(app, org.owner).request('POST', url, body);
      expect([response.statusCode, response.json().code], JSON.stringify(body).slice(0, 60)).toEqual([
        400,
        'invalid_request',
      ]);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const patch = await caller(app, org.owner).request('PATCH', `${url}/not-an-id`, { name: 'x' });
    expect(patch.statusCode).toBe(404);
    await unchanged.expectUnchanged('refused template writes');
  });
});

describe('preview', () => {
  it('renders a template in the student’s language, saying when it falls back to the other one', async () => {
    const template = await createTemplate();
    const englishOnly = await createTemplate({
      name: 'English only',
      texts: { en: { subject: 'Hello {{firstName}}', body: 'Only in English, {{firstName}}.' } },
    });
    const { applicationId } = await applicant('fr', 'Amélie');
    const preview = async (message: object) => {
      const response = await caller(app, member).request(
        'POST',
        `/api/company/applications/${applicationId}/messages/preview`,
        { message },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as MessagePreview;
    };
    const french = await preview({ kind: 'template', templateId: template.id });
    expect(french).toMatchObject({
      locale: 'fr',
      fallback: false,
      subject: 'Template Robotics : un entretien pour Amélie Intern',
    });
    expect(french.text).toContain('Bonjour Amélie,');
    expect(french.text).toContain('Mia Member');
    expect(french.html).toContain('<html lang="fr"');
    expect(french.html).toContain('Bonjour Amélie,</p>');

    const fallback = await preview({ kind: 'template', templateId: englishOnly.id });
    expect(fallback).toMatchObject({ locale: 'en', fallback: true, subject: 'Hello Amélie' });

    const standard = await preview({ kind: 'status', status: 'interview' });
    expect(standard).toMatchObject({ locale: 'fr', subject: expect.stringContaining('Entretien') });

    // What a student typed is text, never markup or a variable to expand.
    await db()
      .update(applications)
      .set({ answers: { ...(await answersOf(applicationId)), firstName: '<b>{{jobTitle}}</b> $&' } })
      .where(eq(applications.id, applicationId));
    const escaped = await preview({ kind: 'custom', subject: 'Hi {{firstName}}', body: 'Dear {{firstName}}' });
    expect(escaped.subject).toBe('Hi <b>{{jobTitle}}</b> $&');
    expect(escaped.html).toContain('Dear &lt;b&gt;{{jobTitle}}&lt;/b&gt; $&amp;');
    expect(escaped.html).not.toContain('<b>');

    const refused = await caller(app, member).request(
      'POST',
      `/api/company/applications/${applicationId}/messages/preview`,
      { message: { kind: 'custom', subject: 'Hi', body: 'Your {{score}}' } },
    );
    expect(refused.json()).toMatchObject({
      code: 'unknown_template_variable',
      error: expect.stringContaining('{{score}}'),
    });
  });
});

async function answersOf(applicationId: string) {
  const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
  return row!.answers;
}

async function historyMessages(applicationId: string, who: EmulatorUser = member): Promise<ApplicationMessage[]> {
  const response = await caller(app, who).request('GET', `/api/company/applications/${applicationId}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('sending', () => {
  it('a move with a template: one e-mail in the student’s language, kept on the history, shown to the student', async () => {
    const template = await createTemplate();
    const { student, applicationId } = await applicant('fr', 'Zoé');
    const moved = await caller(app, member).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'interview',
      version: 0,
      message: { kind: 'template', templateId: template.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const mails = await messagesTo(student.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Template Robotics : un entretien pour Zoé Intern',
      causeId: applicationId,
      body: expect.stringContaining('Bonjour Zoé,'),
      html: expect.stringContaining('<html lang="fr"'),
    });
    expect(mails[0]!.body).toContain('https://jobs.example.edu/jobs/applied');
    // The move's push goes with it, as with the standard e-mail.
    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.causeId, applicationId));
    expect(pushes.map((push) => push.kind)).toEqual(['status-change']);

    const [message] = await historyMessages(applicationId, org.owner);
    expect(message).toMatchObject({
      kind: 'template',
      locale: 'fr',
      subject: 'Template Robotics : un entretien pour Zoé Intern',
      body: 'Bonjour Zoé,\n\nOn se voit ?\n\nMia Member',
      by: { uid: member.uid, name: 'Mia Member' },
      templateId: template.id,
      templateName: 'Interview invitation',
    });
    const activity = await db()
      .select()
      .from(organizationActivity)
      .where(eq(organizationActivity.applicationId, applicationId));
    expect(activity.map((entry) => entry.kind).sort()).toEqual(['message', 'status-move']);
    expect(activity.find((entry) => entry.kind === 'status-move')?.detail).toMatchObject({ notified: true });

    // The student reads what they were told, not who sent it.
    const mine = await caller(app, student).request('GET', `/api/applications/${applicationId}`);
    expect(mine.json().messages).toEqual([{ at: expect.any(String), subject: message!.subject, body: message!.body }]);
    expect(mine.body).not.toContain(member.uid);

    // Renaming or deleting the template later keeps what was sent.
    await caller(app, org.owner).request(
      'DELETE',
      `/api/company/organizations/${org.id}/email-templates/${template.id}`,
    );
    const [kept] = await historyMessages(applicationId);
    expect(kept).toMatchObject({ templateId: null, templateName: 'Interview invitation' });
  });

  it('a bulk move writes to each student in their own language; the standard e-mail is kept on the history too', async () => {
    const template = await createTemplate();
    const a = await applicant('en', 'Ada');
    const b = await applicant('fr', 'Blaise');
    const bulk = await caller(app, member).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [a.applicationId, b.applicationId],
      status: 'interview',
      message: { kind: 'template', templateId: template.id },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await messagesTo(a.student.email!))[0]?.subject).toBe('Template Robotics: an interview for Ada Intern');
    expect((await messagesTo(b.student.email!))[0]?.subject).toBe(
      'Template Robotics : un entretien pour Blaise Intern',
    );

    const standard = await caller(app, member).request('PATCH', `/api/company/applications/${a.applicationId}`, {
      status: 'offer',
      version: 1,
      notify: true,
    });
    expect(standard.statusCode).toBe(200);
    expect((await historyMessages(a.applicationId)).map((message) => message.kind)).toEqual(['template', 'status']);
  });

  it('a plain message without a move; custom words with variables filled', async () => {
    const { student, applicationId } = await applicant(null, 'Linus');
    const sent = await caller(app, member).request('POST', `/api/company/applications/${applicationId}/messages`, {
      message: { kind: 'custom', subject: 'About {{jobTitle}}', body: 'Hi {{firstName}},\nthanks.\n{{recruiterName}}' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'custom', locale: 'en', subject: 'About Linus Intern' });
    const [mail] = await messagesTo(student.email!);
    expect(mail?.html).toContain('Hi Linus,<br>thanks.<br>Mia Member');
    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'applied', version: 0 });
  });

  it('refuses a message and notify together, an unknown template, and a rejection message when rejection e-mails are off: nothing moves', async () => {
    const quiet = await createOrganizationWithOwnerUser(app, db(), 'Quiet Rejections');
    await caller(app, quiet.owner).request('PATCH', `/api/company/organizations/${quiet.id}`, {
      rejectionEmails: false,
    });
    const template = await createTemplate(interview, quiet);
    const { student, applicationId } = await applicant('en', 'Quinn', quiet);
    const { applicationId: ours } = await applicant('en', 'Olga');
    const unchanged = await watchAppState(appState());
    const attempts: [string, string, object, number, string][] = [
      [
        quiet.owner.uid,
        applicationId,
        { status: 'rejected', version: 0, message: { kind: 'template', templateId: template.id } },
        409,
        'rejection_emails_off',
      ],
      [
        quiet.owner.uid,
        applicationId,
        { status: 'rejected', version: 0, message: { kind: 'custom', subject: 'No', body: 'Sorry' } },
        409,
        'rejection_emails_off',
      ],
      [
        org.owner.uid,
        ours,
        { status: 'screening', version: 0, notify: true, message: { kind: 'custom', subject: 'Hi', body: 'Hi' } },
        400,
        'invalid_request',
      ],
      [
        org.owner.uid,
        ours,
        { status: 'screening', version: 0, message: { kind: 'template', templateId: template.id } },
        404,
        'not_found',
      ],
      [org.owner.uid, ours, { status: 'screening', version: 0, message: { kind: 'letter' } }, 400, 'invalid_request'],
    ];
    for (const [uid, id, body, status, code] of attempts) {
      const who = uid === quiet.owner.uid ? quiet.owner : org.owner;
      const response = await caller(app, who).request('PATCH', `/api/company/applications/${id}`, body);
      expect([response.statusCode, response.json().code], JSON.stringify(body)).toEqual([status, code]);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const bulk = await caller(app, quiet.owner).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [applicationId],
      status: 'rejected',
      message: { kind: 'template', templateId: template.id },
    });
    expect([bulk.statusCode, bulk.json().code]).toEqual([409, 'rejection_emails_off']);
    await unchanged.expectUnchanged('refused moves with messages');

    // The standard e-mail stays silent as before (031), and a message without a move is the member's to send.
    const silent = await caller(app, quiet.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'rejected',
      version: 0,
      notify: true,
    });
    expect(silent.statusCode).toBe(200);
    expect(await historyMessages(applicationId, quiet.owner)).toEqual([]);
    const plain = await caller(app, quiet.owner).request(
      'POST',
      `/api/company/applications/${applicationId}/messages`,
      {
        message: { kind: 'template', templateId: template.id },
      },
    );
    expect(plain.statusCode).toBe(201);
    expect(await messagesTo(student.email!)).toHaveLength(1);
  });
});

describe('the student’s data', () => {
  it('exports the messages with the applications, and removes them with the account (retention: retention.api.test.ts)', async () => {
    const template = await createTemplate();
    const kept = await applicant('en', 'Export');
    const send = (applicationId: string) =>
      caller(app, member).request('POST', `/api/company/applications/${applicationId}/messages`, {
        message: { kind: 'template', templateId: template.id },
      });
    expect((await send(kept.applicationId)).statusCode).toBe(201);
    const exported = await caller(app, kept.student).request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['data.json']!));
    expect(data.applications[0].messages).toEqual([
      {
        sentAt: expect.any(String),
        locale: 'en',
        subject: 'Template Robotics: an interview for Export Intern',
        body: expect.stringContaining('Hi Export,'),
      },
    ]);

    const deleted = await caller(app, kept.student).request('DELETE', '/api/account');
    expect(deleted.statusCode).toBeLessThan(300);
    expect(
      await db().select().from(applicationMessages).where(eq(applicationMessages.applicationId, kept.applicationId)),
    ).toEqual([]);
    const again = await send(kept.applicationId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'message_recipient_gone']);
  });
});
