import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { slugify } from '../../../shared/slug.ts';
import {
  organizationInvitations,
  type OrganizationInvitationRow,
  organizationMembers,
  type OrganizationMemberRow,
  organizations,
  type OrganizationRow,
} from '../../db/schema.ts';

// Organizations, their members and the invitations to join them. Only the SHA-256 of an invitation token is stored.

export const memberInvitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export function hashMemberInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export type Membership = { organization: OrganizationRow; role: 'owner' | 'member' };

export async function listMemberships(db: Database, uid: string): Promise<Membership[]> {
  const rows = await db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.uid, uid))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows;
}

export async function findOrganization(db: Database, id: string): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export async function updateOrganization(
  db: Database,
  id: string,
  changes: Partial<Pick<OrganizationRow, 'name' | 'website' | 'rejectionEmails' | 'logoPath'>>,
): Promise<OrganizationRow | null> {
  if (Object.keys(changes).length === 0) return findOrganization(db, id);
  const [row] = await db.update(organizations).set(changes).where(eq(organizations.id, id)).returning();
  return row ?? null;
}

export async function listMembers(db: Database, organizationId: string): Promise<OrganizationMemberRow[]> {
  return db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.uid));
}

/** Invitations not yet accepted nor revoked (expired ones included, so an owner sees them and can invite again). */
export async function listPendingMemberInvitations(
  db: Database,
  organizationId: string,
): Promise<OrganizationInvitationRow[]> {
  return db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

export async function createMemberInvitation(
  db: Database,
  {
    organizationId,
    email,
    role,
    invitedBy,
    now = new Date(),
  }: { organizationId: string; email: string; role: 'owner' | 'member'; invitedBy: string | null; now?: Date },
): Promise<{ token: string; invitation: OrganizationInvitationRow }> {
  const token = randomBytes(32).toString('base64url');
  const [invitation] = await db
    .insert(organizationInvitations)
    .values({
      organizationId,
      tokenHash: hashMemberInvitationToken(token),
      email: email.trim().toLowerCase(),
      role,
      invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + memberInvitationLifetimeMs),
    })
    .returning();
  if (!invitation) throw new Error('insert returned no invitation');
  return { token, invitation };
}

export async function findMemberInvitationByToken(
  db: Database,
  token: string,
): Promise<{ invitation: OrganizationInvitationRow; organizationName: string } | null> {
  const [row] = await db
    .select({ invitation: organizationInvitations, organizationName: organizations.name })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(eq(organizationInvitations.tokenHash, hashMemberInvitationToken(token)))
    .limit(1);
  return row ?? null;
}

/** Open invitations (not used, revoked nor expired) made out to `email`, with their organization's name. */
export async function listOpenInvitationsForEmail(
  db: Database,
  email: string,
  now: Date = new Date(),
): Promise<{ invitation: OrganizationInvitationRow; organizationName: string }[]> {
  return db
    .select({ invitation: organizationInvitations, organizationName: organizations.name })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(
      and(
        eq(organizationInvitations.email, email.trim().toLowerCase()),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

export async function findMemberInvitationById(
  db: Database,
  id: string,
): Promise<{ invitation: OrganizationInvitationRow; organizationName: string } | null> {
  const [row] = await db
    .select({ invitation: organizationInvitations, organizationName: organizations.name })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(eq(organizationInvitations.id, id))
    .limit(1);
  return row ?? null;
}

/** Marks the invitation used by `uid` if it is still open; false when another request used it first. */
export async function claimMemberInvitation(db: Database, id: string, uid: string): Promise<boolean> {
  const rows = await db
    .update(organizationInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: uid })
    .where(
      and(
        eq(organizationInvitations.id, id),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        sql`${organizationInvitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: organizationInvitations.id });
  return rows.length > 0;
}

/** Adds the member; an existing member keeps their role unless the invitation makes them an owner. */
export async function addMember(
  db: Database,
  member: { organizationId: string; uid: string; role: 'owner' | 'member'; email: string; name: string | null },
): Promise<void> {
  await db
    .insert(organizationMembers)
    .values(member)
    .onConflictDoUpdate({
      target: [organizationMembers.organizationId, organizationMembers.uid],
      set: {
        role: sql`case when excluded.role = 'owner' then 'owner' else ${organizationMembers.role} end`,
        email: sql`excluded.email`,
        name: sql`coalesce(excluded.name, ${organizationMembers.name})`,
      },
    });
}

export async function revokeMemberInvitation(db: Database, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(organizationInvitations)
    .set({ revokedAt: sql`coalesce(${organizationInvitations.revokedAt}, now())` })
    .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.id, id)))
    .returning({ id: organizationInvitations.id });
  return rows.length > 0;
}

export type RemoveMemberOutcome = 'removed' | 'not_found' | 'last_owner';

/**
 * Removes a member. The owners' rows are locked first, so two owners removing each other at once cannot leave the
 * organization without one.
 */
export async function removeMember(db: Database, organizationId: string, uid: string): Promise<RemoveMemberOutcome> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ uid: organizationMembers.uid })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
      .for('update');
    const [target] = await tx
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)))
      .for('update');
    if (!target) return 'not_found';
    if (target.role === 'owner' && owners.length <= 1) return 'last_owner';
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)));
    return 'removed';
  });
}

export async function countMembersWithEmail(db: Database, organizationId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        sql`lower(${organizationMembers.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row?.value ?? 0;
}

function slugOf(name: string): string {
  return slugify(name, 'organization');
}

/** A new organization with a unique slug derived from its name. */
export async function insertOrganization(
  db: Database,
  { name, website = null }: { name: string; website?: string | null },
): Promise<OrganizationRow> {
  const base = slugOf(name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const [row] = await db
      .insert(organizations)
      .values({ name, slug, website })
      .onConflictDoNothing({ target: organizations.slug })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free slug for the organization');
}

export type LeaveOutcome =
  | { outcome: 'left'; newOwnerUid: string | null }
  | { outcome: 'not_a_member' | 'last_owner' | 'new_owner_not_member' | 'owner_only' };

/**
 * Ends the caller's membership. The organization's member rows are locked first (like removeMember), so two owners
 * leaving at once cannot leave it without one. The last owner names another current member, who becomes owner in
 * the same transaction; only an owner may name one.
 */
export async function leaveOrganization(
  db: Database,
  organizationId: string,
  uid: string,
  newOwnerUid: string | undefined,
  /** Writes the activity entry in the same transaction, once the member has left. */
  onLeft: (tx: Database, newOwnerUid: string | null) => Promise<void>,
): Promise<LeaveOutcome> {
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ uid: organizationMembers.uid, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId))
      .for('update');
    const leaving = members.find((member) => member.uid === uid);
    if (!leaving) return { outcome: 'not_a_member' };
    if (newOwnerUid !== undefined) {
      if (leaving.role !== 'owner') return { outcome: 'owner_only' };
      if (newOwnerUid === uid || !members.some((member) => member.uid === newOwnerUid))
        return { outcome: 'new_owner_not_member' };
      await tx
        .update(organizationMembers)
        .set({ role: 'owner' })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, newOwnerUid)));
    } else if (leaving.role === 'owner' && members.filter((member) => member.role === 'owner').length <= 1) {
      return { outcome: 'last_owner' };
    }
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)));
    await onLeft(tx, newOwnerUid ?? null);
    return { outcome: 'left', newOwnerUid: newOwnerUid ?? null };
  });
}
