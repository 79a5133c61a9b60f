import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAnonymousUser,
  createGoogleUser,
  createPasswordUser,
  type EmulatorUser,
} from '../../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { setUpTestApp } from '../../../../tests/api-setup/test-app.ts';
import { applicantInvitations, type FeaturedJobRow, type OrganizationRow, sharedLinks } from '../../db/schema.ts';
import { createAdminToken } from '../admin/index.ts';
import { createInvitation, createSharedLink, hashInvitationToken, revokeSharedLink } from './invitations.repository.ts';

const adminToken = createAdminToken();
const suite = setUpTestApp({ adminToken });
let organization: OrganizationRow;

beforeAll(async () => {
  organization = await insertOrganization(db(), { name: 'Fabrikam', logoPath: 'organizations/fabrikam/logo.svg' });
});

const db = () => suite.testDatabase.database.db;

function newJob(overrides: Partial<FeaturedJobRow> = {}): Promise<FeaturedJobRow> {
  return insertFeaturedJob(db(), { organizationId: organization.id, title: 'Security Intern', ...overrides });
}

async function expire(invitationId: string): Promise<void> {
  await db()
    .update(applicantInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(applicantInvitations.id, invitationId));
}

describe('GET /api/applicants/validate/:token', () => {
  it('answers the invited person with the applicant, the job and the organization (logo as a URL)', async () => {
    const job = await newJob({ type: 'Internship', location: 'Montréal, QC, Canada', description: 'Keep us safe.' });
    const user = await createGoogleUser();
    const { token } = await createInvitation(db(), {
      jobId: job.id,
      email: user.email!.toUpperCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const response = await as(suite.app, user).get(`/api/applicants/validate/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      applicant: { firstName: 'Ada', lastName: 'Lovelace', email: user.email!.toUpperCase() },
      job: {
        id: job.id,
        title: 'Security Intern',
        type: 'Internship',
        location: 'Montréal, QC, Canada',
        description: 'Keep us safe.',
        skills: [],
        screeningQuestions: [],
      },
      organization: { name: 'Fabrikam', logo: '/api/public/files/logos/organizations/fabrikam/logo.svg' },
    });
  });

  it('answers empty names when the invitation has none', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const { token } = await createInvitation(db(), { jobId: job.id, email: user.email! });
    const response = await as(suite.app, user).get(`/api/applicants/validate/${token}`);
    expect(response.json().applicant).toEqual({ firstName: '', lastName: '', email: user.email });
  });

  it.each([
    ['an unknown token', async () => 'A'.repeat(43), 404, 'Invalid token'],
    [
      'an expired token',
      async (email: string) => {
        const { token, invitation } = await createInvitation(db(), { jobId: (await newJob()).id, email });
        await expire(invitation.id);
        return token;
      },
      410,
      'This invitation has expired.',
    ],
    [
      'a token sent to another e-mail',
      async () => (await createInvitation(db(), { jobId: (await newJob()).id, email: 'someone@example.test' })).token,
      403,
      'This invitation was sent to another email address.',
    ],
    [
      'a token of a posting that has closed',
      async (email: string) =>
        (
          await createInvitation(db(), {
            jobId: (await newJob({ endPostingDate: new Date(Date.now() - 1000) })).id,
            email,
          })
        ).token,
      404,
      'This job posting is not available or has expired.',
    ],
  ])('refuses %s with %i', async (_label, makeToken, status, error) => {
    const user = await createGoogleUser();
    const response = await as(suite.app, user).get(`/api/applicants/validate/${await makeToken(user.email!)}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
  });

  it.each([
    ['no token', async (): Promise<EmulatorUser | null> => null, 401],
    ['an anonymous session', () => createAnonymousUser(), 403],
    [
      'an unverified e-mail account with the invited address',
      () => createPasswordUser({ email: 'unverified-invitee@example.test' }),
      403,
    ],
  ])('refuses %s with %i and reveals nothing', async (_label, makeUser, status) => {
    const job = await newJob();
    const { token } = await createInvitation(db(), { jobId: job.id, email: 'unverified-invitee@example.test' });
    const response = await as(suite.app, await makeUser()).get(`/api/applicants/validate/${token}`);
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain(job.title);
  });

  it('stores only a hash of the token', async () => {
    const job = await newJob();
    const { token, invitation } = await createInvitation(db(), { jobId: job.id, email: 'hash@example.test' });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(invitation.tokenHash).toBe(hashInvitationToken(token));
    const rows = await db().select().from(applicantInvitations).where(eq(applicantInvitations.id, invitation.id));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
  });
});

describe('GET /api/public/jobs/:slug with ?sharedId= and ?token=', () => {
  it('shows the job for a live link of it, and for any token (the apply page checks tokens)', async () => {
    const job = await newJob();
    const link = await createSharedLink(db(), job.id);
    expect((await suite.app.inject({ url: `/api/public/jobs/${job.id}?sharedId=${link.id}` })).statusCode).toBe(200);
    expect((await suite.app.inject({ url: `/api/public/jobs/${job.slug}?token=anything` })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown link', async () => 'unknown-link', 404, 'This link is not valid.'],
    [
      'another job’s link',
      async () => (await createSharedLink(db(), (await newJob()).id)).id,
      404,
      'This link is not valid.',
    ],
    [
      'a revoked link',
      async (jobId: string) => {
        const link = await createSharedLink(db(), jobId);
        await revokeSharedLink(db(), link.id);
        return link.id;
      },
      410,
      'This link has been revoked.',
    ],
    [
      'an expired link',
      async (jobId: string) =>
        (await createSharedLink(db(), jobId, null, { label: 'Career fair', expiresAt: new Date(Date.now() - 1000) }))
          .id,
      410,
      'This link has expired. Ask the company for a new one.',
    ],
  ])('refuses %s with %i', async (_label, makeLink, status, error) => {
    const job = await newJob();
    const response = await suite.app.inject({ url: `/api/public/jobs/${job.id}?sharedId=${await makeLink(job.id)}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
  });
});

describe('admin routes for invitations and shared links (loopback, admin token)', () => {
  const post = (url: string, payload?: object, token = adminToken) =>
    suite.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('creates an invitation for a job by slug and answers the token once', async () => {
    const job = await newJob();
    const response = await post('/api/admin/invitations', {
      job: job.slug,
      email: 'invitee@example.test',
      firstName: 'Grace',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { token, expiresAt, job: summary } = response.json();
    expect(summary).toEqual({ id: job.id, title: job.title, organizationName: 'Fabrikam' });
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const [row] = await db()
      .select()
      .from(applicantInvitations)
      .where(eq(applicantInvitations.tokenHash, hashInvitationToken(token)));
    expect(row).toMatchObject({ jobId: job.id, email: 'invitee@example.test', firstName: 'Grace', lastName: null });
  });

  it('creates and revokes a shared link', async () => {
    const job = await newJob();
    const created = await post('/api/admin/shared-links', { job: job.id });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    const revoked = await post(`/api/admin/shared-links/${id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ id, jobId: job.id, revokedAt: expect.any(String) });
    const [row] = await db().select().from(sharedLinks).where(eq(sharedLinks.id, id));
    expect(row?.revokedAt).not.toBeNull();
  });

  it.each([
    ['/api/admin/invitations', { job: 'no-such-job', email: 'a@example.test' }, 404],
    ['/api/admin/invitations', { job: 'x', email: 'not an e-mail' }, 400],
    ['/api/admin/shared-links', { job: 'no-such-job' }, 404],
    ['/api/admin/shared-links/no-such-link/revoke', undefined, 404],
  ])('refuses %s %j with %i', async (url, payload, status) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('error');
  });

  it('refuses callers without the admin token and callers from another machine', async () => {
    const job = await newJob();
    expect((await post('/api/admin/shared-links', { job: job.id }, createAdminToken())).statusCode).toBe(401);
    const remote = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { job: job.id, email: 'a@example.test' },
    });
    expect(remote.statusCode).toBe(404);
    expect(await db().$count(sharedLinks, eq(sharedLinks.jobId, job.id))).toBe(0);
  });
});
