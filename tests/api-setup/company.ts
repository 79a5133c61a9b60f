import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/server/db/client.ts';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { createMemberInvitation } from '../../src/server/modules/company/index.ts';
import { createOrganizationWithOwner } from '../../src/server/modules/company/index.ts';
import type { CompanyJob } from '../../src/shared/company/company-api.ts';
import { apply, buildAnswers, multipartApplication } from './applications.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from './emulator-users.ts';
import { exactlyOne } from './exactly-one.ts';
import { buildPdf } from './uploads.ts';

// Builders for the company portal's API tests: organizations with real members (joined through the API with real
// emulator accounts), jobs posted through the API, applications sent through the apply API.

export type Caller = {
  request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
};

export function caller(app: FastifyInstance, user: EmulatorUser | null): Caller {
  return {
    request(method, url, body) {
      return app.inject({
        method,
        url,
        headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
  };
}

/**
 * The link of the last e-mail sent to `to` whose body contains `marker`. Fails when that link went out in more than
 * one e-mail (the same message queued twice); a re-sent invitation carries a new link, so it is the new last one.
 */
export async function lastMailLink(db: Database, to: string, marker: string): Promise<string> {
  const rows = await db
    .select({ body: mailOutbox.body })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(desc(mailOutbox.createdAt));
  const links = rows.flatMap((row) => {
    const line = row.body.split('\n').find((candidate) => candidate.includes(marker));
    return line ? [line.slice(line.indexOf('http')).trim()] : [];
  });
  const last = links[0];
  if (!last) throw new Error(`no e-mail to ${to} with ${marker}`);
  return exactlyOne(links, (link) => link === last, `e-mail to ${to} with the link ${last}`);
}

export async function joinWithToken(
  app: FastifyInstance,
  user: EmulatorUser,
  token: string,
): Promise<LightMyRequestResponse> {
  return caller(app, user).request('POST', `/api/company/join/${encodeURIComponent(token)}`);
}

/** Adds `user` to the organization through an invitation and the join API. */
export async function addMemberThroughApi(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  user: EmulatorUser,
  role: 'owner' | 'member' = 'member',
): Promise<void> {
  const { token } = await createMemberInvitation(db, { organizationId, email: user.email!, role, invitedBy: null });
  const response = await joinWithToken(app, user, token);
  if (response.statusCode !== 200) throw new Error(`join failed: ${response.statusCode} ${response.body}`);
}

export type TestOrganization = { id: string; name: string; owner: EmulatorUser };

/** An organization as the operator command creates it, its owner signed in with Google and joined. */
export async function createOrganizationWithOwnerUser(
  app: FastifyInstance,
  db: Database,
  name = 'Acme Robotics',
): Promise<TestOrganization> {
  const owner = await createGoogleUser({ email: uniqueEmail('owner'), name: `${name} Owner` });
  const created = await createOrganizationWithOwner(
    db,
    { name, ownerEmail: owner.email! },
    { appUrl: 'https://jobs.test' },
  );
  const response = await joinWithToken(app, owner, created.owner.token);
  if (response.statusCode !== 200) throw new Error(`owner join failed: ${response.statusCode} ${response.body}`);
  return { id: created.organization.id, name, owner };
}

export function buildJobInput(
  organizationId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    organizationId,
    title: 'Robotics Software Intern',
    type: 'Internship',
    location: 'Montreal, QC, Canada',
    description: 'Build the software of our warehouse robots.',
    requirements: '- TypeScript\n- A love of robots',
    postingDate: new Date(Date.now() - 86_400_000).toISOString(),
    skills: ['TypeScript', 'React', 'SQL'],
    family: 'software',
    visibility: 'public',
    status: 'published',
    ...overrides,
  };
}

export async function postJob(
  app: FastifyInstance,
  user: EmulatorUser,
  organizationId: string,
  overrides: Record<string, unknown> = {},
): Promise<CompanyJob> {
  const response = await caller(app, user).request(
    'POST',
    '/api/company/jobs',
    buildJobInput(organizationId, overrides),
  );
  if (response.statusCode !== 201) throw new Error(`job post failed: ${response.statusCode} ${response.body}`);
  return response.json() as CompanyJob;
}

/** A student's application through the real apply API (multipart with a PDF); answers its id. */
export async function applyAsStudent(
  app: FastifyInstance,
  student: EmulatorUser,
  jobSlug: string,
  answers: Record<string, string | number | null> = {},
  query = '',
): Promise<string> {
  const response = await apply(
    app,
    student,
    jobSlug,
    multipartApplication(buildAnswers(answers), { file: buildPdf() }),
    { query },
  );
  if (response.statusCode !== 201) throw new Error(`apply failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { applicationId: string }).applicationId;
}
