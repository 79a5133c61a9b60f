import { z } from 'zod';
import type { Organization } from '../../../shared/company/company-api.ts';
import { policyText } from '../../../shared/schemas/text-policy.ts';
import type { Database } from '../../db/client.ts';
import { memberInvitationMail } from '../../mail/company-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import type { OrganizationInvitationRow, OrganizationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { displayNameOf } from './company-access.ts';
import { logoUrl } from '../files/index.ts';
import {
  addMember,
  claimMemberInvitation,
  createMemberInvitation,
  insertOrganization,
  listMemberships,
} from './organizations.repository.ts';

export function toOrganization(row: OrganizationRow, role: 'owner' | 'member'): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    role,
    logoUrl: row.logoPath ? logoUrl(row.logoPath) : null,
    website: row.website,
    rejectionEmails: row.rejectionEmails,
    deletionDueAt: row.deletionDueAt?.toISOString() ?? null,
  };
}

/** What the operator gives `npm run org -- create` (and the admin endpoint behind it). */
export const organizationCreateRequestSchema = z.object({
  name: policyText('single-line', { error: '--name is required' })
    .trim()
    .min(1, '--name is required')
    .max(120, 'The name must be at most 120 characters'),
  ownerEmail: z.email({ error: '--owner must be an e-mail address' }).max(254),
});

export function memberInvitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/company/join/${encodeURIComponent(token)}`;
}

export type OrganizationCreated = {
  organization: { id: string; name: string; slug: string };
  owner: { email: string; token: string; expiresAt: string };
};

/**
 * `npm run org -- create`: the organization and its first owner's invitation (7 days, single use), e-mailed to the
 * owner through the outbox in the same transaction (the command also prints the link).
 */
export async function createOrganizationWithOwner(
  db: Database,
  { name, ownerEmail }: { name: string; ownerEmail: string },
  { appUrl }: { appUrl: string },
): Promise<OrganizationCreated> {
  return db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, { name });
    const { token, invitation } = await createMemberInvitation(tx, {
      organizationId: organization.id,
      email: ownerEmail,
      role: 'owner',
      invitedBy: null,
    });
    const mail = memberInvitationMail({
      to: invitation.email,
      locale: await recipientLocale(tx, { email: invitation.email }),
      appUrl,
      organizationName: organization.name,
      role: invitation.role,
      link: memberInvitationUrl(appUrl, token),
      expiresAt: invitation.expiresAt,
    });
    await enqueueMail(tx, { kind: 'member-invitation', causeId: invitation.id, ...mail });
    return {
      organization: { id: organization.id, name: organization.name, slug: organization.slug },
      owner: { email: invitation.email, token, expiresAt: invitation.expiresAt.toISOString() },
    };
  });
}

/**
 * Joins the organization with an open invitation (its link, or the portal's "Join {organization}"): only for a
 * verified e-mail equal to the invitation's, once.
 */
export async function acceptMemberInvitation(
  db: Database,
  caller: AuthUser,
  invitation: OrganizationInvitationRow,
): Promise<Organization> {
  if (invitation.revokedAt) throw new HttpError(410, 'invitation_revoked');
  if (invitation.acceptedAt) throw new HttpError(409, 'invitation_used');
  if (invitation.expiresAt.getTime() <= Date.now()) throw new HttpError(410, 'invitation_expired');
  if (caller.isAnonymous || !caller.email) throw new HttpError(403, 'identified_account_required');
  // The invitation is tied to its e-mail, and only a verified address proves it is the caller's.
  if (!caller.emailVerified || caller.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase()) {
    throw new HttpError(403, 'invitation_email_mismatch');
  }
  const joined = await db.transaction(async (tx) => {
    if (!(await claimMemberInvitation(tx, invitation.id, caller.uid))) return false;
    await addMember(tx, {
      organizationId: invitation.organizationId,
      uid: caller.uid,
      role: invitation.role,
      email: caller.email ?? invitation.email,
      name: displayNameOf(caller),
    });
    return true;
  });
  if (!joined) throw new HttpError(409, 'invitation_used');
  const memberships = await listMemberships(db, caller.uid);
  const membership = memberships.find((candidate) => candidate.organization.id === invitation.organizationId);
  if (!membership) throw new HttpError(404, 'not_found');
  return toOrganization(membership.organization, membership.role);
}
