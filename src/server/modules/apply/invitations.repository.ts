import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApplicantInvitationRow, applicantInvitations, type SharedLinkRow, sharedLinks } from '../../db/schema.ts';

// Private invitations (?token=) and shared links (?sharedId=). Both secrets are 256 / 128 random bits; only the
// SHA-256 of an invitation token is stored (the token itself is shown once, in the link the company sends).

/** Spec section 9: a private invitation is valid 720 hours. */
export const invitationLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export type NewInvitation = { token: string; invitation: ApplicantInvitationRow };

export async function createInvitation(
  db: Database,
  {
    jobId,
    email,
    firstName = null,
    lastName = null,
    createdBy = null,
    now = new Date(),
  }: {
    jobId: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    createdBy?: string | null;
    now?: Date;
  },
): Promise<NewInvitation> {
  const token = randomBytes(32).toString('base64url');
  const [invitation] = await db
    .insert(applicantInvitations)
    .values({
      tokenHash: hashInvitationToken(token),
      jobId,
      email: email.trim(),
      firstName,
      lastName,
      createdBy,
      sentAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    })
    .returning();
  if (!invitation) throw new Error('insert returned no invitation');
  return { token, invitation };
}

export async function findInvitationByToken(db: Database, token: string): Promise<ApplicantInvitationRow | null> {
  const [row] = await db
    .select()
    .from(applicantInvitations)
    .where(eq(applicantInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row ?? null;
}

export async function createSharedLink(
  db: Database,
  jobId: string,
  createdBy: string | null = null,
  { label = null, expiresAt = null }: { label?: string | null; expiresAt?: Date | null } = {},
): Promise<SharedLinkRow> {
  const [row] = await db
    .insert(sharedLinks)
    .values({ id: randomBytes(16).toString('base64url'), jobId, createdBy, label, expiresAt })
    .returning();
  if (!row) throw new Error('insert returned no shared link');
  return row;
}

export async function findSharedLink(db: Database, id: string): Promise<SharedLinkRow | null> {
  const [row] = await db.select().from(sharedLinks).where(eq(sharedLinks.id, id)).limit(1);
  return row ?? null;
}

/** Revokes the link (once: a second revocation keeps the first date); null when there is no such link. */
export async function revokeSharedLink(db: Database, id: string): Promise<SharedLinkRow | null> {
  const [row] = await db
    .update(sharedLinks)
    .set({ revokedAt: sql`coalesce(${sharedLinks.revokedAt}, now())` })
    .where(eq(sharedLinks.id, id))
    .returning();
  return row ?? null;
}

/** The first validation of the link by the invited person (later ones keep the first date). */
export async function markInvitationOpened(db: Database, id: string): Promise<void> {
  await db
    .update(applicantInvitations)
    .set({ openedAt: sql`coalesce(${applicantInvitations.openedAt}, now())` })
    .where(eq(applicantInvitations.id, id));
}

/**
 * A resend: only the token's hash is kept, so the link sent again is a new one (the old link stops working) and
 * the 30 days start again. null when the invitation is revoked or unknown.
 */
export async function renewInvitationToken(db: Database, id: string, now = new Date()): Promise<NewInvitation | null> {
  const token = randomBytes(32).toString('base64url');
  const [invitation] = await db
    .update(applicantInvitations)
    .set({
      tokenHash: hashInvitationToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    })
    .where(and(eq(applicantInvitations.id, id), isNull(applicantInvitations.revokedAt)))
    .returning();
  return invitation ? { token, invitation } : null;
}
