import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  type JoinInvitationInfo,
  logoContentTypes,
  maxLogoBytes,
  type MembersResponse,
  memberInvitationRequestSchema,
  type Organization,
  organizationLeaveRequestSchema,
  organizationUpdateRequestSchema,
} from '../../../shared/company/company-api.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { Database } from '../../db/client.ts';
import { multipartBoundary } from '../../http/multipart.ts';
import { readMultipartRequest, UploadTooLargeError } from '../../http/multipart-request.ts';
import { memberInvitationMail } from '../../mail/company-mails.ts';
import { enqueueMail, type MailSender } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import type { Storage } from '../../storage/storage.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { companyCaller, requireOrganizationMember } from './company-access.ts';
import { parseCompanyRequest } from './company-request.ts';
import { companyRouteSchemas } from './company-route-schemas.ts';
import {
  countMembersWithEmail,
  createMemberInvitation,
  findMemberInvitationByToken,
  findOrganization,
  leaveOrganization,
  listMembers,
  listMemberships,
  listPendingMemberInvitations,
  removeMember,
  revokeMemberInvitation,
  updateOrganization,
} from './organizations.repository.ts';
import { requestOrganizationDeletion, withdrawOrganizationDeletion } from './organization-deletion.service.ts';
import { acceptMemberInvitation, memberInvitationUrl, toOrganization } from './organizations.service.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';

export type OrganizationsRoutesOptions = {
  db: Database;
  storage: Storage;
  mailSender: MailSender;
  boardIndex: BoardIndex;
  appUrl: string;
  /** ORGANIZATION_DELETION_GRACE_DAYS. */
  deletionGraceDays: number;
  now: () => number;
};

const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const uploadedLogoPrefix = 'logos/uploaded/';
const extensionOf: Record<(typeof logoContentTypes)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export const organizationsRoutes: FastifyPluginAsync<OrganizationsRoutesOptions> = async (
  app,
  { db, storage, mailSender, boardIndex, appUrl, deletionGraceDays, now },
) => {
  // The logo upload reads its own multipart body with its own limits.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  // Any signed-in caller: their own memberships. None at all is how the portal tells "no access".
  app.get(
    '/company/organizations',
    { schema: companyRouteSchemas.listOrganizations, config: { access: 'signed-in' } },
    async (request): Promise<Organization[]> => {
      const memberships = await listMemberships(db, companyCaller(request).uid);
      if (memberships.length === 0) throw new HttpError(403, 'not_a_member');
      return memberships.map(({ organization, role }) => toOrganization(organization, role));
    },
  );

  // Owners only.
  app.patch<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId',
    { schema: companyRouteSchemas.updateOrganization, config: { access: 'organization-owner' } },
    async (request): Promise<Organization> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const changes = parseCompanyRequest(organizationUpdateRequestSchema, request.body);
      const row = await updateOrganization(db, membership.organizationId, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.website !== undefined ? { website: changes.website } : {}),
        ...(changes.rejectionEmails !== undefined ? { rejectionEmails: changes.rejectionEmails } : {}),
      });
      if (!row) throw new HttpError(404, 'not_found');
      return toOrganization(row, membership.role);
    },
  );

  // Owners only: PNG, JPEG or WebP judged by its bytes, at most 1 MB, stored under a new random key.
  app.put<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/logo',
    { schema: companyRouteSchemas.uploadLogo, config: { access: 'organization-owner' } },
    async (request, reply): Promise<Organization> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const boundary = multipartBoundary(request.headers['content-type']);
      if (!boundary) throw new HttpError(415, 'logo_missing');
      let upload;
      try {
        upload = await readMultipartRequest(request, boundary, {
          maxRequestBytes: maxLogoBytes + 16 * 1024,
          maxFileBytes: maxLogoBytes,
          maxFiles: 1,
          maxParts: 3,
        });
      } catch (error) {
        reply.header('connection', 'close');
        if (error instanceof UploadTooLargeError) throw new HttpError(413, 'logo_too_large');
        throw error;
      }
      const file = upload.files.find((candidate) => candidate.fieldName === 'logo');
      if (!file || file.data.byteLength === 0) throw new HttpError(400, 'logo_missing');
      const detected = await fileTypeFromBuffer(file.data);
      const contentType = detected?.mime as (typeof logoContentTypes)[number] | undefined;
      if (!contentType || !logoContentTypes.includes(contentType)) throw new HttpError(400, 'logo_invalid');

      const key = `${uploadedLogoPrefix}${membership.organizationId}-${randomBytes(8).toString('hex')}.${extensionOf[contentType]}`;
      const before = await findOrganization(db, membership.organizationId);
      await storage.put(key, file.data, { contentType });
      let row;
      try {
        row = await updateOrganization(db, membership.organizationId, { logoPath: key });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      if (!row) throw new HttpError(404, 'not_found');
      // The previous upload is no longer referenced (demo logos are left alone).
      if (before?.logoPath?.startsWith(uploadedLogoPrefix)) {
        await storage
          .delete(before.logoPath)
          .catch((error: unknown) => request.log.warn({ err: error }, 'old logo not removed'));
      }
      return toOrganization(row, membership.role);
    },
  );

  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/members',
    { schema: companyRouteSchemas.listMembers, config: { access: 'organization-member' } },
    async (request): Promise<MembersResponse> => {
      const membership = await requireOrganizationMember(db, companyCaller(request), request.params.orgId);
      const [members, invitations] = await Promise.all([
        listMembers(db, membership.organizationId),
        listPendingMemberInvitations(db, membership.organizationId),
      ]);
      return {
        members: members.map((member) => ({
          uid: member.uid,
          email: member.email,
          name: member.name,
          role: member.role,
          joinedAt: member.createdAt.toISOString(),
        })),
        invitations: invitations.map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          expiresAt: invitation.expiresAt.toISOString(),
          createdAt: invitation.createdAt.toISOString(),
        })),
      };
    },
  );

  // Owners only: the invitation and its e-mail are written together (the outbox delivers it).
  app.post<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/invitations',
    { schema: companyRouteSchemas.inviteMember, config: { access: 'organization-owner' } },
    async (request, reply) => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const input = parseCompanyRequest(memberInvitationRequestSchema, request.body);
      if ((await findOrganization(db, membership.organizationId))?.deletionDueAt)
        throw new HttpError(409, 'organization_deletion_scheduled');
      if ((await countMembersWithEmail(db, membership.organizationId, input.email)) > 0)
        throw new HttpError(409, 'already_member');
      const organization = await findOrganization(db, membership.organizationId);
      if (!organization) throw new HttpError(404, 'not_found');
      const created = await db.transaction(async (tx) => {
        const { token, invitation } = await createMemberInvitation(tx, {
          organizationId: membership.organizationId,
          email: input.email,
          role: input.role,
          invitedBy: caller.uid,
        });
        const mail = memberInvitationMail({
          to: invitation.email,
          locale: await recipientLocale(tx, { email: invitation.email, fallback: membership.locale }),
          appUrl,
          organizationName: organization.name,
          role: invitation.role,
          link: memberInvitationUrl(appUrl, token),
          expiresAt: invitation.expiresAt,
        });
        await enqueueMail(tx, { kind: 'member-invitation', causeId: invitation.id, ...mail });
        return invitation;
      });
      mailSender.nudge();
      return reply.code(201).send({
        id: created.id,
        email: created.email,
        role: created.role,
        expiresAt: created.expiresAt.toISOString(),
      });
    },
  );

  app.delete<{ Params: { orgId: string; id: string } }>(
    '/company/organizations/:orgId/invitations/:id',
    { schema: companyRouteSchemas.revokeMemberInvitation, config: { access: 'organization-owner' } },
    async (request, reply) => {
      const membership = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const id = request.params.id;
      if (!isUuid(id) || !(await revokeMemberInvitation(db, membership.organizationId, id))) {
        throw new HttpError(404, 'not_found');
      }
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { orgId: string; uid: string } }>(
    '/company/organizations/:orgId/members/:uid',
    { schema: companyRouteSchemas.removeMember, config: { access: 'organization-owner' } },
    async (request, reply) => {
      const membership = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const outcome = await removeMember(db, membership.organizationId, request.params.uid);
      if (outcome === 'not_found') throw new HttpError(404, 'not_found');
      if (outcome === 'last_owner') throw new HttpError(409, 'last_owner');
      return reply.code(204).send();
    },
  );

  // Any member: their own membership ends (docs/decisions/035). The last owner hands the organization to another
  // member in the same transaction, or is refused.
  app.post<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/leave',
    { schema: companyRouteSchemas.leaveOrganization, config: { access: 'organization-member' } },
    async (request, reply) => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId);
      const { newOwnerUid } = parseCompanyRequest(organizationLeaveRequestSchema, request.body ?? {});
      const left = await leaveOrganization(db, membership.organizationId, caller.uid, newOwnerUid, (tx, promoted) =>
        recordActivity(tx, {
          organizationId: membership.organizationId,
          actorUid: caller.uid,
          kind: 'member-left',
          detail: promoted ? { newOwnerUid: promoted } : {},
          at: new Date(now()),
        }),
      );
      if (left.outcome === 'not_a_member') throw new HttpError(403, 'not_a_member');
      if (left.outcome === 'owner_only')
        throw new HttpError(403, 'owner_only', 'Only an owner can name a new owner when leaving.');
      if (left.outcome === 'new_owner_not_member') throw new HttpError(409, 'new_owner_not_member');
      if (left.outcome === 'last_owner')
        throw new HttpError(
          409,
          'last_owner',
          'You are the last owner: name another member as owner, or delete the organization.',
        );
      request.log.info({ organizationId: membership.organizationId, newOwner: Boolean(newOwnerUid) }, 'member left');
      return reply.code(204).send();
    },
  );

  // Owners only: the jobs close now; the sweep deletes everything after the grace period unless an owner cancels.
  app.delete<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId',
    { schema: companyRouteSchemas.scheduleOrganizationDeletion, config: { access: 'organization-owner' } },
    async (request): Promise<Organization> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const result = await requestOrganizationDeletion(db, {
        organizationId: membership.organizationId,
        actor: caller.uid,
        now: new Date(now()),
        graceDays: deletionGraceDays,
        appUrl,
      });
      if (!result) throw new HttpError(404, 'not_found');
      if (result.boardChanged) {
        boardIndex
          .refresh()
          .catch((error: unknown) => request.log.warn({ err: error }, 'board refresh after a deletion failed'));
      }
      if (result.scheduled) {
        mailSender.nudge();
        const dueAt = result.organization.deletionDueAt;
        request.log.info({ organizationId: membership.organizationId, dueAt }, 'organization deletion scheduled');
      }
      return toOrganization(result.organization, membership.role);
    },
  );

  app.post<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/restore',
    { schema: companyRouteSchemas.cancelOrganizationDeletion, config: { access: 'organization-owner' } },
    async (request): Promise<Organization> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const result = await withdrawOrganizationDeletion(db, {
        organizationId: membership.organizationId,
        actor: caller.uid,
        now: new Date(now()),
      });
      if (result.outcome !== 'cancelled') {
        if (result.outcome === 'not_found') throw new HttpError(404, 'not_found');
        throw new HttpError(409, result.outcome === 'grace_over' ? 'deletion_grace_over' : 'deletion_not_scheduled');
      }
      request.log.info({ organizationId: membership.organizationId }, 'organization deletion cancelled');
      return toOrganization(result.organization, membership.role);
    },
  );

  // Any signed-in person may look at an invitation link (the portal's join page); accepting needs the right e-mail.
  app.get<{ Params: { token: string } }>(
    '/company/join/:token',
    { schema: companyRouteSchemas.joinInvitation, config: { access: 'signed-in' } },
    async (request): Promise<JoinInvitationInfo> => {
      const { token } = parseCompanyRequest(tokenParamsSchema, request.params);
      const found = await findMemberInvitationByToken(db, token);
      if (!found) throw new HttpError(404, 'not_found');
      const { invitation, organizationName } = found;
      if (invitation.revokedAt) throw new HttpError(410, 'invitation_revoked');
      if (invitation.acceptedAt) throw new HttpError(409, 'invitation_used');
      return {
        organizationName,
        email: invitation.email,
        role: invitation.role,
        expired: invitation.expiresAt.getTime() <= Date.now(),
      };
    },
  );

  app.post<{ Params: { token: string } }>(
    '/company/join/:token',
    { schema: companyRouteSchemas.acceptJoinInvitation, config: { access: 'account' } },
    async (request): Promise<Organization> => {
      const caller = companyCaller(request);
      const { token } = parseCompanyRequest(tokenParamsSchema, request.params);
      const found = await findMemberInvitationByToken(db, token);
      if (!found) throw new HttpError(404, 'not_found');
      return acceptMemberInvitation(db, caller, found.invitation);
    },
  );
};

/** Public: a company logo is public (the board shows it). Registered outside the signed-in routes. */
export const organizationLogoRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  // Public: a company logo is public (the board shows it).
  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/logo',
    { schema: companyRouteSchemas.organizationLogo, config: { access: 'public' } },
    async (request, reply) => {
      const organization = isUuid(request.params.orgId) ? await findOrganization(db, request.params.orgId) : null;
      const stored = organization?.logoPath ? await storage.get(organization.logoPath) : null;
      if (!stored) throw new HttpError(404, 'not_found');
      reply
        .type(stored.contentType)
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength));
    },
  );
};
