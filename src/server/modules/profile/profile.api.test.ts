import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentProfiles, users } from '../../db/schema.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  createPasswordUser,
  type EmulatorUser,
} from '../../../../tests/api-setup/emulator-users.ts';
import { type FakeDevpost, startFakeDevpost } from '../../../../tests/api-setup/fake-devpost.ts';
import { type FakeGithub, startFakeGithub } from '../../../../tests/api-setup/fake-github.ts';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildPdf, resumeUpload } from '../../../../tests/api-setup/uploads.ts';

let testDatabase: TestDatabase;
let app: FastifyInstance;
let devpost: FakeDevpost;
let github: FakeGithub;
let storageDir: string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  devpost = await startFakeDevpost();
  github = await startFakeGithub([
    {
      token: 'gho_ada',
      login: 'ada-lovelace',
      name: 'Ada Lovelace',
      calendar: { start: '2026-11-20', counts: [1, 2, 3] },
    },
  ]);
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-profile-files-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      DEVPOST_BASE_URL: devpost.origin,
      GITHUB_GRAPHQL_URL: github.graphqlUrl,
      GITHUB_API_URL: github.apiUrl,
    }),
  });
});

afterAll(async () => {
  await app.close();
  await Promise.all([devpost.close(), github.close()]);
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function profileRow(uid: string) {
  const [row] = await testDatabase.database.db.select().from(studentProfiles).where(eq(studentProfiles.uid, uid));
  return row ?? null;
}

async function userRows(uid: string) {
  return testDatabase.database.db.select().from(users).where(eq(users.uid, uid));
}

const protectedCalls: [string, (user: EmulatorUser | null) => ReturnType<ReturnType<typeof as>['get']>][] = [
  ['GET /api/profile', (user) => as(app, user).get('/api/profile')],
  ['PATCH /api/profile/update', (user) => as(app, user).patch('/api/profile/update', { school: 'McGill' })],
  ['PATCH /api/profile/name', (user) => as(app, user).patch('/api/profile/name', { firstName: 'A', lastName: 'B' })],
  [
    'PATCH /api/profile/main-resume',
    (user) => as(app, user).upload('/api/profile/main-resume', resumeUpload(buildPdf())),
  ],
  ['GET /api/profile/resume', (user) => as(app, user).get('/api/profile/resume')],
  ['GET /api/profile/resume.json', (user) => as(app, user).get('/api/profile/resume.json')],
  ['POST /api/github/profile', (user) => as(app, user).post('/api/github/profile', { githubToken: 'gho_ada' })],
  ['DELETE /api/github/delete', (user) => as(app, user).delete('/api/github/delete')],
  ['POST /api/devpost/profile', (user) => as(app, user).post('/api/devpost/profile', { username: 'jane_doe' })],
  [
    'POST /api/devpost/save',
    (user) => as(app, user).post('/api/devpost/save', { devpostProfile: { username: 'jane_doe' } }),
  ],
];

describe('student profile API: who may call', () => {
  it.each(protectedCalls)('%s without a token: 401 Authentication required', async (_name, call) => {
    const response = await call(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });

  it.each(protectedCalls)('%s with an anonymous session: 403, and nothing is stored', async (_name, call) => {
    const anonymous = await createAnonymousUser();
    const filesBefore = readdirSync(storageDir, { recursive: true });
    const response = await call(anonymous);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'An identified account is required',
      code: 'identified_account_required',
    });
    expect(await userRows(anonymous.uid)).toEqual([]);
    expect(await profileRow(anonymous.uid)).toBeNull();
    expect(readdirSync(storageDir, { recursive: true })).toEqual(filesBefore);
  });

  it('gives another student their own profile, never the owner’s, and their writes never reach it', async () => {
    const [owner, other] = await Promise.all([createGoogleUser(), createGoogleUser({ name: 'Grace Hopper' })]);
    const saved = await as(app, owner).patch('/api/profile/update', {
      phone: '514 555 0199',
      school: 'McGill',
      skills: 'Rust',
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await as(app, owner).upload('/api/profile/main-resume', resumeUpload(buildPdf('owner-cv')))).statusCode,
    ).toBe(200);

    const seen = await as(app, other).get('/api/profile');
    expect(seen.json()).toMatchObject({
      id: other.uid,
      email: other.email,
      phone: null,
      school: null,
      skills: '',
      resume: null,
    });
    expect((await as(app, other).get('/api/profile/resume')).statusCode).toBe(404);

    expect((await as(app, other).patch('/api/profile/update', { school: 'Harvard', phone: null })).statusCode).toBe(
      200,
    );
    expect((await as(app, other).delete('/api/github/delete')).statusCode).toBe(200);
    const ownerAfter = (await as(app, owner).get('/api/profile')).json();
    expect(ownerAfter).toMatchObject({
      phone: '514 555 0199',
      school: 'McGill',
      skills: 'Rust',
      resume: { name: 'Ada Lovelace CV.pdf' },
    });
    expect((await as(app, owner).get('/api/profile/resume')).rawPayload.toString()).toContain('owner-cv');
    const otherExport = (await as(app, other).get('/api/profile/resume.json')).json();
    expect(otherExport.basics).toEqual({ name: 'Grace Hopper', email: other.email, profiles: [] });
    expect(otherExport.education).toEqual([{ institution: 'Harvard' }]);
  });
});

describe('GET /api/profile/resume.json', () => {
  it('exports the caller’s profile as a JSON Resume 1.0 download, not cached', async () => {
    const user = await createGoogleUser({ name: 'Marie-Ève Tremblay' });
    expect(
      (
        await as(app, user).patch('/api/profile/update', {
          phone: '+1 514 555 0199',
          school: 'Polytechnique Montréal',
          program: 'Génie logiciel',
          graduationYear: '2027',
          linkedinUrl: 'https://linkedin.com/in/met',
          skills: 'TypeScript, SQL',
        })
      ).statusCode,
    ).toBe(200);
    const response = await as(app, user).get('/api/profile/resume.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="resume.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
      basics: {
        name: 'Marie-Ève Tremblay',
        email: user.email,
        phone: '+1 514 555 0199',
        profiles: [{ network: 'LinkedIn', username: 'met', url: 'https://linkedin.com/in/met' }],
      },
      work: [],
      education: [{ institution: 'Polytechnique Montréal', area: 'Génie logiciel', endDate: '2027' }],
      skills: [{ name: 'TypeScript' }, { name: 'SQL' }],
      meta: { version: 'v1.0.0' },
    });
  });
});

describe('GET /api/profile', () => {
  it('answers the spec’s student profile, creating the account from the token when create-account never ran', async () => {
    const user = await createGoogleUser({ name: 'Ada King Lovelace' });
    const response = await as(app, user).get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      id: user.uid,
      email: user.email,
      studentId: expect.any(Number),
      firstName: 'Ada',
      lastName: 'King Lovelace',
      phone: null,
      school: null,
      program: null,
      graduationYear: null,
      linkedinUrl: null,
      portfolioUrl: null,
      devpostUsername: null,
      githubUsername: null,
      skills: '',
      degreeLevel: null,
      targetTerms: [],
      interests: [],
      workAuthorization: null,
      resume: null,
      appliedJobs: [],
      organizations: [],
      github: null,
      devpost: null,
      onboardingRequired: false,
    });
    expect(await userRows(user.uid)).toHaveLength(1);
  });

  it('reads the account that create-account made (same student id)', async () => {
    const user = await createGoogleUser();
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers: { authorization: `Bearer ${user.idToken}` },
      payload: { email: user.email },
    });
    const profile = (await as(app, user).get('/api/profile')).json();
    expect(profile.studentId).toBe(created.json().user.studentId);
  });
});

describe('onboarding: PATCH /api/profile/name', () => {
  it('asks for the name of an account without one, sets it, and lets the student fix it later (trimmed)', async () => {
    const user = await createPasswordUser();
    expect((await as(app, user).get('/api/profile')).json()).toMatchObject({
      firstName: null,
      onboardingRequired: true,
    });

    const named = await as(app, user).patch('/api/profile/name', { firstName: ' Ada ', lastName: ' Lovelace ' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', onboardingRequired: false });

    const fixed = await as(app, user).patch('/api/profile/name', { firstName: 'Zoë', lastName: " O'Neil-Tremblay " });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ firstName: 'Zoë', lastName: "O'Neil-Tremblay", onboardingRequired: false });
    expect((await as(app, user).get('/api/profile')).json()).toMatchObject({
      firstName: 'Zoë',
      lastName: "O'Neil-Tremblay",
    });
  });

  it('refuses digits, symbols and names over 50 characters, and changes nothing', async () => {
    const user = await createGoogleUser({ name: 'Grace Hopper' });
    const digits = await as(app, user).patch('/api/profile/name', { firstName: 'Gr4ce', lastName: '<b>Hopper</b>' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().fields).toEqual({
      firstName: 'A name can only contain letters, spaces, hyphens and apostrophes',
      lastName: 'A name can only contain letters, spaces, hyphens and apostrophes',
    });
    const long = await as(app, user).patch('/api/profile/name', { firstName: 'A'.repeat(51), lastName: 'Hopper' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ firstName: 'A name must be at most 50 characters' });
    expect((await as(app, user).get('/api/profile')).json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('treats the placeholder name "User" as no name', async () => {
    const user = await createGoogleUser({ name: 'User' });
    expect((await as(app, user).get('/api/profile')).json().onboardingRequired).toBe(true);
    expect(
      (await as(app, user).patch('/api/profile/name', { firstName: 'Grace', lastName: 'Hopper' })).statusCode,
    ).toBe(200);
  });

  it('refuses empty names with a message per field', async () => {
    const user = await createPasswordUser();
    const response = await as(app, user).patch('/api/profile/name', { firstName: '  ', lastName: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'First name is required; Last name is required',
      code: 'invalid_request',
      fields: { firstName: 'First name is required', lastName: 'Last name is required' },
    });
  });
});

describe('PATCH /api/profile/update', () => {
  const year = new Date().getFullYear();

  it('saves trimmed values, answers the updated profile, and GET reads them back', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).patch('/api/profile/update', {
      phone: '  +1 (514) 555-0199 ',
      school: ' McGill University ',
      program: 'Computer Science',
      graduationYear: ` ${year + 1} `,
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      portfolioUrl: 'https://ada.dev',
      githubUsername: 'ada-lovelace',
      skills: ['TypeScript', ' React '],
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      phone: '+1 (514) 555-0199',
      school: 'McGill University',
      program: 'Computer Science',
      graduationYear: String(year + 1),
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      portfolioUrl: 'https://ada.dev',
      githubUsername: 'ada-lovelace',
      skills: 'TypeScript, React',
    };
    expect(response.json()).toMatchObject(expected);
    expect((await as(app, user).get('/api/profile')).json()).toMatchObject(expected);
    expect((await profileRow(user.uid))?.skills).toEqual(['TypeScript', 'React']);
  });

  it('accepts the whole profile the client sends, ignoring names, e-mail and computed objects', async () => {
    const user = await createGoogleUser({ name: 'Ada Lovelace' });
    const profile = (await as(app, user).get('/api/profile')).json();
    const response = await as(app, user).patch('/api/profile/update', {
      ...profile,
      firstName: 'Mallory',
      lastName: 'Evil',
      email: 'mallory@example.test',
      studentId: 1,
      github: { username: 'forged', starsReceived: 9999 },
      devpost: { username: 'forged' },
      resume: { id: 'x', name: 'x.pdf', url: 'https://evil.test' },
      skills: 'Go, Rust',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      studentId: profile.studentId,
      github: null,
      devpost: null,
      resume: null,
      skills: 'Go, Rust',
    });
  });

  it('leaves absent fields alone and clears fields sent empty or null', async () => {
    const user = await createGoogleUser();
    await as(app, user).patch('/api/profile/update', { school: 'ETS', program: 'Software', skills: 'Go' });
    const response = await as(app, user).patch('/api/profile/update', { program: '', skills: null });
    expect(response.json()).toMatchObject({ school: 'ETS', program: null, skills: '' });
  });

  it.each([
    ['phone', '555-CALL-NOW', 'Phone number can only contain digits, spaces, and +()-'],
    ['phone', '555 1234', 'Phone number must be at least 10 digits'],
    ['graduationYear', '25', 'Graduation year must be a 4-digit year (e.g., 2025)'],
    ['graduationYear', String(year + 7), `Graduation year must be between ${year - 50} and ${year + 6}`],
    ['graduationYear', String(year - 51), `Graduation year must be between ${year - 50} and ${year + 6}`],
    ['linkedinUrl', 'https://www.linkedin.com/feed', 'LinkedIn URL must be in format: linkedin.com/in/username'],
    ['portfolioUrl', 'ada-dev', 'Portfolio URL must be a valid URL (e.g., example.com)'],
    [
      'githubUsername',
      '-ada',
      'GitHub username must be 1-39 letters, digits or hyphens, and cannot start or end with a hyphen',
    ],
    ['devpostUsername', 'jane doe', 'Devpost username can only contain letters, digits, hyphens and underscores'],
    ['skills', Array.from({ length: 16 }, (_, index) => `Skill ${index}`), 'Maximum 15 skills allowed'],
    ['skills', ['React', 'REACT'], 'Skill already exists'],
    ['skills', ['React', ''], 'Please enter a skill'],
    ['skills', ['x'.repeat(51)], 'A skill must be at most 50 characters'],
  ])('refuses %s = %j with 400 and the spec’s message, writing nothing', async (field, value, message) => {
    const user = await createGoogleUser();
    const response = await as(app, user).patch('/api/profile/update', { school: 'Written?', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message }, code: 'invalid_request' });
    expect((await as(app, user).get('/api/profile')).json().school).toBeNull();
  });

  it('reports every invalid field at once', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).patch('/api/profile/update', {
      phone: '12',
      portfolioUrl: 'nope',
      skills: 'a, A',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      phone: 'Phone number must be at least 10 digits',
      portfolioUrl: 'Portfolio URL must be a valid URL (e.g., example.com)',
      skills: 'Skill already exists',
    });
  });

  it.each([
    ['an array', ['school']],
    ['malformed JSON', '{"school": '],
  ])('refuses %s as the body with 400', async (_label, body) => {
    const user = await createGoogleUser();
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  describe('what the student looks for', () => {
    const preferences = {
      degreeLevel: 'master',
      targetTerms: ['summer-2027', 'fall-2026', 'summer-2027'],
      interests: ['quant', 'software'],
      workAuthorization: { authorizedIn: ['ca', 'FR'], needsSponsorship: 'future' },
    };
    const saved = {
      degreeLevel: 'master',
      targetTerms: ['fall-2026', 'summer-2027'],
      interests: ['software', 'quant'],
      workAuthorization: { authorizedIn: ['CA', 'FR'], needsSponsorship: 'future' },
    };

    it('saves the degree level, terms (unique, in calendar order), interests and work authorization', async () => {
      const user = await createGoogleUser();
      const response = await as(app, user).patch('/api/profile/update', preferences);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(saved);
      expect((await as(app, user).get('/api/profile')).json()).toMatchObject(saved);
      expect(await profileRow(user.uid)).toMatchObject(saved);
    });

    it('leaves them alone when absent, and clears each one sent null (an empty form value clears too)', async () => {
      const user = await createGoogleUser();
      await as(app, user).patch('/api/profile/update', preferences);
      const untouched = await as(app, user).patch('/api/profile/update', { school: 'ETS' });
      expect(untouched.json()).toMatchObject({ ...saved, school: 'ETS' });

      const cleared = await as(app, user).patch('/api/profile/update', {
        degreeLevel: null,
        targetTerms: null,
        interests: [],
        workAuthorization: null,
      });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({
        degreeLevel: null,
        targetTerms: [],
        interests: [],
        workAuthorization: null,
        school: 'ETS',
      });

      await as(app, user).patch('/api/profile/update', preferences);
      const emptyForm = await as(app, user).patch('/api/profile/update', {
        degreeLevel: '',
        workAuthorization: { authorizedIn: [], needsSponsorship: '' },
      });
      expect(emptyForm.json()).toMatchObject({
        degreeLevel: null,
        workAuthorization: null,
        interests: saved.interests,
      });
    });

    it.each([
      ['degreeLevel', 'bootcamp', 'Choose a degree level from the list'],
      ['interests', ['software', 'law'], 'Choose interests from the list'],
      ['targetTerms', ['summer-26'], 'Choose terms such as summer-2026'],
      ['targetTerms', ['Summer 2027'], 'Choose terms such as summer-2026'],
      [
        'targetTerms',
        ['winter', 'spring', 'summer', 'fall']
          .flatMap((season) => [`${season}-2027`, `${season}-2028`])
          .concat('fall-2029'),
        'Choose at most 8 terms',
      ],
      ['workAuthorization', { authorizedIn: ['CA', 'XX'], needsSponsorship: 'no' }, 'Choose countries from the list'],
      ['workAuthorization', { authorizedIn: ['EU'], needsSponsorship: 'no' }, 'Choose countries from the list'],
      [
        'workAuthorization',
        { authorizedIn: ['CA', 'US', 'FR', 'DE', 'GB', 'IE', 'NL', 'BE', 'ES', 'IT', 'PT'], needsSponsorship: 'no' },
        'Choose at most 10 countries',
      ],
      ['workAuthorization', { authorizedIn: ['CA'] }, 'Say whether you need visa sponsorship'],
      [
        'workAuthorization',
        { authorizedIn: ['CA'], needsSponsorship: 'maybe' },
        'Say whether you need visa sponsorship',
      ],
      ['workAuthorization', 'CA', 'Work authorization must list countries and say whether you need visa sponsorship'],
    ])('refuses %s = %j with 400 and its message, changing nothing', async (field, value, message) => {
      const user = await createGoogleUser();
      await as(app, user).patch('/api/profile/update', preferences);
      const unchanged = await watchAppState({ db: testDatabase.database.db, storage: storageDir });
      const response = await as(app, user).patch('/api/profile/update', { school: 'Written?', [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, fields: { [field]: message }, code: 'invalid_request' });
      await unchanged.expectUnchanged(`${field} refused`);
      expect((await as(app, user).get('/api/profile')).json()).toMatchObject({ ...saved, school: null });
    });
  });

  describe('Devpost username: only a verified one', () => {
    it('refuses a Devpost username this person has not verified, writing nothing', async () => {
      const user = await createGoogleUser();
      const response = await as(app, user).patch('/api/profile/update', { devpostUsername: 'jane_doe', school: 'ETS' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Please verify your Devpost username before saving',
        code: 'invalid_request',
        fields: { devpostUsername: 'Please verify your Devpost username before saving' },
      });
      expect((await as(app, user).get('/api/profile')).json()).toMatchObject({ devpostUsername: null, school: null });
    });

    it('accepts it after POST /api/devpost/profile verified it (any letter case), and keeps accepting it', async () => {
      const user = await createGoogleUser();
      const verified = await as(app, user).post('/api/devpost/profile', { username: 'jane_doe' });
      expect(verified.json().success).toBe(true);
      const saved = await as(app, user).patch('/api/profile/update', { devpostUsername: 'Jane_Doe' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().devpostUsername).toBe('Jane_Doe');
      const unchanged = await as(app, user).patch('/api/profile/update', {
        devpostUsername: 'jane_doe',
        school: 'ETS',
      });
      expect(unchanged.statusCode).toBe(200);
    });

    it('does not let one student use another student’s verification', async () => {
      const [owner, other] = await Promise.all([createGoogleUser(), createGoogleUser()]);
      await as(app, owner).post('/api/devpost/profile', { username: 'jane_doe' });
      const response = await as(app, other).patch('/api/profile/update', { devpostUsername: 'jane_doe' });
      expect(response.statusCode).toBe(400);
    });

    it('drops the saved Devpost profile when the username changes or is cleared', async () => {
      const user = await createGoogleUser();
      await as(app, user).post('/api/devpost/profile', { username: 'jane_doe' });
      await as(app, user).patch('/api/profile/update', { devpostUsername: 'jane_doe' });
      expect(
        (await as(app, user).post('/api/devpost/save', { devpostProfile: { username: 'jane_doe' } })).statusCode,
      ).toBe(200);
      expect((await as(app, user).get('/api/profile')).json().devpost?.username).toBe('jane_doe');

      // Unchanged (other letter case): the profile stays.
      expect(
        (await as(app, user).patch('/api/profile/update', { devpostUsername: 'JANE_DOE' })).json().devpost,
      ).not.toBeNull();
      const cleared = await as(app, user).patch('/api/profile/update', { devpostUsername: '' });
      expect(cleared.json()).toMatchObject({ devpostUsername: null, devpost: null });
    });
  });

  describe('GitHub username: the connected profile follows it', () => {
    it('keeps the connected profile while the username names it, drops it when it changes', async () => {
      const user = await createGoogleUser();
      const connected = await as(app, user).post('/api/github/profile', { githubToken: 'gho_ada' });
      expect(connected.statusCode).toBe(200);
      expect((await as(app, user).get('/api/profile')).json()).toMatchObject({
        githubUsername: 'ada-lovelace',
        github: { username: 'ada-lovelace' },
      });

      const sameName = await as(app, user).patch('/api/profile/update', {
        githubUsername: 'Ada-Lovelace',
        school: 'ETS',
      });
      expect(sameName.json().github?.username).toBe('ada-lovelace');

      const renamed = await as(app, user).patch('/api/profile/update', { githubUsername: 'someone-else' });
      expect(renamed.json()).toMatchObject({ githubUsername: 'someone-else', github: null });
    });

    it('drops the connected profile when the username is emptied', async () => {
      const user = await createGoogleUser();
      await as(app, user).post('/api/github/profile', { githubToken: 'gho_ada' });
      const emptied = await as(app, user).patch('/api/profile/update', { githubUsername: '  ' });
      expect(emptied.json()).toMatchObject({ githubUsername: null, github: null });
    });
  });
});
