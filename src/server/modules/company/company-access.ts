import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OrganizationMemberRow } from '../../db/schema.ts';
import { type AuthUser, requireUser } from '../../plugins/auth.ts';
import { applicationAccess, findMembership, hasAnyMembership, jobAccess } from './company-access.repository.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';

// Who may call what in the company portal (docs/decisions/011-company-portal.md):
// - no valid ID token: 401 unauthenticated;
// - a caller who is not a member of the organization the resource belongs to (a student, an anonymous session, a
//   removed member, a member of another organization): 403 not_a_member;
// - an id that exists nowhere: 404 not_found for members, 403 for callers with no membership at all (they learn
//   nothing about ids);
// - owner-only actions: 403 owner_only to members.

/** preHandler of every /api/company route: a valid ID token, else 401 with the code. */
export async function requireCompanyCaller(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    await requireUser(request, reply);
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 401) {
      throw new HttpError(401, 'unauthenticated', error.message);
    }
    throw error;
  }
}

export function companyCaller(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'unauthenticated');
  return request.user;
}

export type Access = { organizationId: string; role: 'owner' | 'member' };

function checkRole(role: 'owner' | 'member' | null, ownerOnly: boolean): 'owner' | 'member' {
  if (!role) throw new HttpError(403, 'not_a_member');
  if (ownerOnly && role !== 'owner') throw new HttpError(403, 'owner_only');
  return role;
}

export async function requireOrganizationMember(
  db: Database,
  caller: AuthUser,
  organizationId: string,
  { ownerOnly = false } = {},
): Promise<OrganizationMemberRow> {
  const membership = isUuid(organizationId) ? await findMembership(db, organizationId, caller.uid) : null;
  checkRole(membership?.role ?? null, ownerOnly);
  return membership as OrganizationMemberRow;
}

async function notFoundOrNoAccess(db: Database, caller: AuthUser): Promise<never> {
  if (await hasAnyMembership(db, caller.uid)) throw new HttpError(404, 'not_found');
  throw new HttpError(403, 'not_a_member');
}

export async function requireJobAccess(
  db: Database,
  caller: AuthUser,
  jobId: string,
  { ownerOnly = false } = {},
): Promise<Access> {
  const found = isUuid(jobId) ? await jobAccess(db, jobId.toLowerCase(), caller.uid) : null;
  if (!found) return notFoundOrNoAccess(db, caller);
  return { organizationId: found.organizationId, role: checkRole(found.role, ownerOnly) };
}

export async function requireApplicationAccess(
  db: Database,
  caller: AuthUser,
  applicationId: string,
): Promise<Access & { jobId: string }> {
  const found = isUuid(applicationId) ? await applicationAccess(db, applicationId.toLowerCase(), caller.uid) : null;
  if (!found) return notFoundOrNoAccess(db, caller);
  return { organizationId: found.organizationId, jobId: found.jobId, role: checkRole(found.role, false) };
}

/** The name shown beside a member's actions (history, notes). */
export function displayNameOf(
  caller: AuthUser,
  membership?: { name: string | null; email: string } | null,
): string | null {
  return membership?.name ?? caller.name ?? membership?.email ?? caller.email;
}
