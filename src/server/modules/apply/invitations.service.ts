import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { findOpenFeaturedJob, type PublicJobRow } from '../jobs/index.ts';
import { createInvitation, createSharedLink, revokeSharedLink } from './invitations.repository.ts';

// What `npm run invite` and `npm run share-link` do, through the server's admin routes or on the database directly.
// (The company portal will call the same functions.)

export type JobSummary = { id: string; title: string; organizationName: string };

export type InvitationCreated = { token: string; expiresAt: string; job: JobSummary };
export type SharedLinkCreated = { id: string; job: JobSummary };
export type SharedLinkRevoked = { id: string; jobId: string; revokedAt: string | null };

async function openJob(db: Database, idOrSlug: string): Promise<PublicJobRow> {
  const job = await findOpenFeaturedJob(db, idOrSlug);
  if (!job) throw new HttpError(404, 'not_found', `No open featured job "${idOrSlug}"`);
  return job;
}

function summary(job: PublicJobRow): JobSummary {
  return { id: job.id, title: job.title, organizationName: job.organizationName };
}

export async function inviteApplicant(
  db: Database,
  input: { job: string; email: string; firstName?: string | null; lastName?: string | null },
): Promise<InvitationCreated> {
  const job = await openJob(db, input.job);
  const { token, invitation } = await createInvitation(db, {
    jobId: job.id,
    email: input.email,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
  });
  return { token, expiresAt: invitation.expiresAt.toISOString(), job: summary(job) };
}

export async function shareJob(db: Database, jobIdOrSlug: string): Promise<SharedLinkCreated> {
  const job = await openJob(db, jobIdOrSlug);
  const link = await createSharedLink(db, job.id);
  return { id: link.id, job: summary(job) };
}

export async function revokeJobLink(db: Database, id: string): Promise<SharedLinkRevoked> {
  const link = await revokeSharedLink(db, id);
  if (!link) throw new HttpError(404, 'not_found', `No shared link "${id}"`);
  return { id: link.id, jobId: link.jobId, revokedAt: link.revokedAt?.toISOString() ?? null };
}
