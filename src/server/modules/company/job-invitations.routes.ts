import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  type JobInvitation,
  jobInvitationsRequestSchema,
  type JobInvitationsResponse,
  type SharedLink,
  sharedLinkRequestSchema,
} from '../../../shared/company/company-api.ts';
import type { Database } from '../../db/client.ts';
import {
  applicantInvitations,
  type ApplicantInvitationRow,
  applications,
  organizations,
  sharedLinks,
} from '../../db/schema.ts';
import { applicantInvitationMail } from '../../mail/company-mails.ts';
import { enqueueMail, type MailSender } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import {
  createInvitation,
  createSharedLink,
  invitationUrl,
  renewInvitationToken,
  sharedLinkUrl,
} from '../apply/index.ts';
import { companyCaller, requireJobAccess } from './company-access.ts';
import { parseCompanyRequest } from './company-request.ts';
import { companyRouteSchemas } from './company-route-schemas.ts';
import { findJob } from './company-jobs.repository.ts';
import { judgeEntries, parseInvitationCsv } from './job-invitations.service.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';

export type JobInvitationsRoutesOptions = { db: Database; mailSender: MailSender; appUrl: string };

function toJobInvitation(row: ApplicantInvitationRow, appliedAt: Date | null): JobInvitation {
  const status = row.revokedAt ? 'revoked' : appliedAt ? 'applied' : row.openedAt ? 'opened' : 'sent';
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status,
    sentAt: row.sentAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    appliedAt: appliedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** When each invitation was used to apply (the first application through it). */
async function appliedAtOf(db: Database, invitationIds: string[]): Promise<Map<string, Date>> {
  if (invitationIds.length === 0) return new Map();
  const rows = await db
    .select({
      invitationId: applications.invitationId,
      at: sql<Date>`min(${applications.submittedAt})`.mapWith((value) => new Date(value)),
    })
    .from(applications)
    .where(inArray(applications.invitationId, invitationIds))
    .groupBy(applications.invitationId);
  return new Map(rows.filter((row) => row.invitationId).map((row) => [row.invitationId as string, row.at]));
}

export const jobInvitationsRoutes: FastifyPluginAsync<JobInvitationsRoutesOptions> = async (
  app,
  { db, mailSender, appUrl },
) => {
  async function jobOf(request: Parameters<typeof companyCaller>[0] & { params: { id: string } }) {
    await requireJobAccess(db, companyCaller(request), request.params.id);
    const job = await findJob(db, request.params.id.toLowerCase());
    if (!job) throw new HttpError(404, 'not_found');
    const [organization] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, job.organizationId));
    return { job, organizationName: organization?.name ?? '' };
  }

  async function invitationOf(jobId: string, invitationId: string): Promise<ApplicantInvitationRow> {
    const [row] = isUuid(invitationId)
      ? await db
          .select()
          .from(applicantInvitations)
          .where(and(eq(applicantInvitations.id, invitationId.toLowerCase()), eq(applicantInvitations.jobId, jobId)))
      : [];
    if (!row) throw new HttpError(404, 'not_found');
    return row;
  }

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/invitations',
    { schema: companyRouteSchemas.jobInvitations, config: { access: 'organization-member' } },
    async (request): Promise<JobInvitation[]> => {
      const { job } = await jobOf(request);
      const rows = await db
        .select()
        .from(applicantInvitations)
        .where(eq(applicantInvitations.jobId, job.id))
        .orderBy(desc(applicantInvitations.createdAt), desc(applicantInvitations.id));
      const applied = await appliedAtOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toJobInvitation(row, applied.get(row.id) ?? null));
    },
  );

  // Each valid line gets an invitation and its e-mail, written together; bad lines are answered, never half-sent.
  app.post<{ Params: { id: string } }>(
    '/company/jobs/:id/invitations',
    { schema: companyRouteSchemas.inviteApplicants, config: { access: 'organization-member' } },
    async (request, reply): Promise<JobInvitationsResponse> => {
      const caller = companyCaller(request);
      const { job, organizationName } = await jobOf(request);
      const input = parseCompanyRequest(jobInvitationsRequestSchema, request.body);
      if (job.status !== 'published') throw new HttpError(409, 'job_not_published');
      const parsed =
        'csv' in input
          ? parseInvitationCsv(input.csv)
          : {
              entries: input.entries.map((entry, index) => ({
                line: index + 1,
                email: entry.email,
                firstName: entry.firstName,
                lastName: entry.lastName,
              })),
              unreadable: [],
            };
      const judged = judgeEntries(parsed.entries);
      const { valid, duplicates } = judged;
      const invalid = [...parsed.unreadable, ...judged.invalid].sort((a, b) => a.line - b.line);

      // E-mails with a live invitation to this job are duplicates (resend those instead).
      const live = valid.length
        ? await db
            .select({ email: applicantInvitations.email })
            .from(applicantInvitations)
            .where(
              and(
                eq(applicantInvitations.jobId, job.id),
                isNull(applicantInvitations.revokedAt),
                gt(applicantInvitations.expiresAt, sql`now()`),
                inArray(
                  sql`lower(${applicantInvitations.email})`,
                  valid.map((entry) => entry.email),
                ),
              ),
            )
        : [];
      const already = new Set(live.map((row) => row.email.toLowerCase()));
      const toSend = valid.filter((entry) => !already.has(entry.email));
      duplicates.push(...valid.filter((entry) => already.has(entry.email)).map((entry) => entry.email));

      const created = await db.transaction(async (tx) => {
        const rows: ApplicantInvitationRow[] = [];
        for (const entry of toSend) {
          const { token, invitation } = await createInvitation(tx, {
            jobId: job.id,
            email: entry.email,
            firstName: entry.firstName,
            lastName: entry.lastName,
            createdBy: caller.uid,
          });
          const mail = applicantInvitationMail({
            to: invitation.email,
            locale: await recipientLocale(tx, { email: invitation.email }),
            appUrl,
            firstName: invitation.firstName,
            jobTitle: job.title,
            organizationName,
            link: invitationUrl(appUrl, job.id, token),
            expiresAt: invitation.expiresAt,
          });
          await enqueueMail(tx, { kind: 'applicant-invitation', causeId: invitation.id, ...mail });
          rows.push(invitation);
        }
        return rows;
      });
      if (created.length > 0) mailSender.nudge();
      reply.code(created.length > 0 ? 201 : 200);
      return { created: created.map((row) => toJobInvitation(row, null)), invalid, duplicates };
    },
  );

  // A new link (only the token's hash is kept, so the old one stops working), valid 30 days from now.
  app.post<{ Params: { id: string; invId: string } }>(
    '/company/jobs/:id/invitations/:invId/resend',
    { schema: companyRouteSchemas.resendInvitation, config: { access: 'organization-member' } },
    async (request): Promise<JobInvitation> => {
      const { job, organizationName } = await jobOf(request);
      const current = await invitationOf(job.id, request.params.invId);
      if (current.revokedAt) throw new HttpError(410, 'invitation_revoked');
      if (job.status !== 'published') throw new HttpError(409, 'job_not_published');
      const renewed = await db.transaction(async (tx) => {
        const next = await renewInvitationToken(tx, current.id);
        if (!next) return null;
        const mail = applicantInvitationMail({
          to: next.invitation.email,
          locale: await recipientLocale(tx, { email: next.invitation.email }),
          appUrl,
          firstName: next.invitation.firstName,
          jobTitle: job.title,
          organizationName,
          link: invitationUrl(appUrl, job.id, next.token),
          expiresAt: next.invitation.expiresAt,
        });
        await enqueueMail(tx, { kind: 'applicant-invitation', causeId: next.invitation.id, ...mail });
        return next.invitation;
      });
      if (!renewed) throw new HttpError(410, 'invitation_revoked');
      mailSender.nudge();
      const applied = await appliedAtOf(db, [renewed.id]);
      return toJobInvitation(renewed, applied.get(renewed.id) ?? null);
    },
  );

  app.delete<{ Params: { id: string; invId: string } }>(
    '/company/jobs/:id/invitations/:invId',
    { schema: companyRouteSchemas.revokeInvitation, config: { access: 'organization-member' } },
    async (request, reply) => {
      const { job } = await jobOf(request);
      const current = await invitationOf(job.id, request.params.invId);
      await db
        .update(applicantInvitations)
        .set({ revokedAt: sql`coalesce(${applicantInvitations.revokedAt}, now())` })
        .where(eq(applicantInvitations.id, current.id));
      return reply.code(204).send();
    },
  );

  async function linksOf(jobId: string, ids?: string[]): Promise<SharedLink[]> {
    const rows = await db
      .select({
        link: sharedLinks,
        applicationCount:
          sql<number>`(select count(*) from "applications" where "applications"."shared_link_id" = "shared_links"."id")`.mapWith(
            Number,
          ),
      })
      .from(sharedLinks)
      .where(ids ? and(eq(sharedLinks.jobId, jobId), inArray(sharedLinks.id, ids)) : eq(sharedLinks.jobId, jobId))
      .orderBy(desc(sharedLinks.createdAt), desc(sharedLinks.id));
    return rows.map(({ link, applicationCount }) => ({
      id: link.id,
      url: sharedLinkUrl(appUrl, jobId, link.id),
      label: link.label,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      revokedAt: link.revokedAt?.toISOString() ?? null,
      applicationCount,
    }));
  }

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/shared-links',
    { schema: companyRouteSchemas.sharedLinks, config: { access: 'organization-member' } },
    async (request): Promise<SharedLink[]> => {
      const { job } = await jobOf(request);
      return linksOf(job.id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/company/jobs/:id/shared-links',
    { schema: companyRouteSchemas.createSharedLink, config: { access: 'organization-member' } },
    async (request, reply) => {
      const { job } = await jobOf(request);
      const input = parseCompanyRequest(sharedLinkRequestSchema, request.body ?? {});
      const label = input.label || null;
      const { expiresInDays } = input;
      const expiresAt = expiresInDays === undefined ? null : new Date(Date.now() + expiresInDays * 86_400_000);
      const link = await createSharedLink(db, job.id, companyCaller(request).uid, { label, expiresAt });
      const [view] = await linksOf(job.id, [link.id]);
      return reply.code(201).send(view);
    },
  );

  app.delete<{ Params: { id: string; linkId: string } }>(
    '/company/jobs/:id/shared-links/:linkId',
    { schema: companyRouteSchemas.revokeSharedLink, config: { access: 'organization-member' } },
    async (request, reply) => {
      const { job } = await jobOf(request);
      const rows = await db
        .update(sharedLinks)
        .set({ revokedAt: sql`coalesce(${sharedLinks.revokedAt}, now())` })
        .where(and(eq(sharedLinks.id, request.params.linkId), eq(sharedLinks.jobId, job.id)))
        .returning({ id: sharedLinks.id });
      if (rows.length === 0) throw new HttpError(404, 'not_found');
      return reply.code(204).send();
    },
  );
};
