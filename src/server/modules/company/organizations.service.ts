import { z } from 'zod';
import type { Organization } from '../../../shared/company/company-api.ts';
import { policyText } from '../../../shared/schemas/text-policy.ts';
import type { Database } from '../../db/client.ts';
import type { OrganizationRow } from '../../db/schema.ts';
import { logoUrl } from '../files/index.ts';
import { createMemberInvitation, insertOrganization } from './organizations.repository.ts';

export function toOrganization(row: OrganizationRow, role: 'owner' | 'member'): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    role,
    logoUrl: row.logoPath ? logoUrl(row.logoPath) : null,
    website: row.website,
    rejectionEmails: row.rejectionEmails,
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

/** `npm run org -- create`: the organization and its first owner's invitation (7 days, single use). */
export async function createOrganizationWithOwner(
  db: Database,
  { name, ownerEmail }: { name: string; ownerEmail: string },
): Promise<OrganizationCreated> {
  return db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, { name });
    const { token, invitation } = await createMemberInvitation(tx, {
      organizationId: organization.id,
      email: ownerEmail,
      role: 'owner',
      invitedBy: null,
    });
    return {
      organization: { id: organization.id, name: organization.name, slug: organization.slug },
      owner: { email: invitation.email, token, expiresAt: invitation.expiresAt.toISOString() },
    };
  });
}
