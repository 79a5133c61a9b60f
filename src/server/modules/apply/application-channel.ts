import type { Database } from '../../db/client.ts';
import type { ApplicantInvitationRow, SharedLinkRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findInvitationByToken, findSharedLink } from './invitations.repository.ts';

// How an application reached the job (spec section 4, apply page mode) and the checks each way needs.

/**
 * The caller's e-mail, which an application is tied to: it must come from the token and be verified (Google and
 * e-mail-link accounts are; an unverified password account could claim anyone's address).
 */
export function verifiedEmailOf(caller: AuthUser): string {
  if (!caller.email || !caller.emailVerified) throw new HttpError(403, 'email_not_verified');
  return caller.email;
}

export type ApplicationChannel =
  | { kind: 'public' }
  | { kind: 'private'; invitation: ApplicantInvitationRow }
  | { kind: 'link'; sharedLink: SharedLinkRow };

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The invitation behind `token`, if the caller may use it: it exists (404), belongs to `jobId` when one is given
 * (404, as if unknown: a token says nothing about other jobs), has not expired (410) and was sent to the caller's
 * e-mail (403).
 */
export async function checkInvitation(
  db: Database,
  token: string,
  { jobId, email, now = new Date() }: { jobId?: string; email: string; now?: Date },
): Promise<ApplicantInvitationRow> {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation || (jobId !== undefined && invitation.jobId !== jobId)) {
    throw new HttpError(404, 'job_invitation_invalid');
  }
  if (invitation.revokedAt) throw new HttpError(410, 'job_invitation_revoked');
  if (invitation.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, 'job_invitation_expired');
  if (!sameEmail(invitation.email, email)) throw new HttpError(403, 'job_invitation_other_email');
  return invitation;
}

/** The shared link `id` of `jobId`: unknown or another job's 404, revoked or expired 410. */
export async function checkSharedLink(
  db: Database,
  id: string,
  jobId: string,
  now: Date = new Date(),
): Promise<SharedLinkRow> {
  const link = await findSharedLink(db, id);
  if (!link || link.jobId !== jobId) throw new HttpError(404, 'shared_link_invalid');
  if (link.revokedAt) throw new HttpError(410, 'shared_link_revoked');
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, 'shared_link_expired');
  return link;
}

/**
 * A token wins over a sharedId, as in the apply page's mode (shared `applyMode`). A link-only job takes applications
 * through a shared link or an invitation, a private one through an invitation only: otherwise it does not exist (404).
 */
export async function resolveChannel(
  db: Database,
  query: { token?: string; sharedId?: string },
  { jobId, email, visibility = 'public' }: { jobId: string; email: string; visibility?: 'public' | 'link' | 'private' },
): Promise<ApplicationChannel> {
  if (query.token) return { kind: 'private', invitation: await checkInvitation(db, query.token, { jobId, email }) };
  if (visibility === 'private') throw new HttpError(404, 'job_not_available');
  if (query.sharedId) return { kind: 'link', sharedLink: await checkSharedLink(db, query.sharedId, jobId) };
  if (visibility === 'link') throw new HttpError(404, 'job_not_available');
  return { kind: 'public' };
}
