import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type PendingMemberInvitation,
  pendingMemberInvitationSchema,
} from '../../../shared/company/pending-invitations.ts';
import { organizationSchema, type Organization } from '../../../shared/company/company-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers } from '../../http/route-schemas.ts';
import { isUuid } from '../../lib/uuid.ts';
import { companyCaller } from './company-access.ts';
import { findMemberInvitationById, listOpenInvitationsForEmail } from './organizations.repository.ts';
import { acceptMemberInvitation } from './organizations.service.ts';

// A person invited to an organization who signs in to the portal without their link: the portal lists the open
// invitations made out to their verified e-mail and lets them accept one, instead of "No company access yet".

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };

export const pendingInvitationsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  // Any signed-in caller: only invitations to their own verified address (none for an anonymous session).
  app.get(
    '/company/invitations',
    {
      schema: {
        ...signedIn,
        summary: "Open invitations to join an organization made out to the caller's verified e-mail",
        response: { 200: z.array(pendingMemberInvitationSchema), ...errorAnswers(401) },
      },
      config: { access: 'signed-in' },
    },
    async (request): Promise<PendingMemberInvitation[]> => {
      const caller = companyCaller(request);
      if (caller.isAnonymous || !caller.email || !caller.emailVerified) return [];
      const rows = await listOpenInvitationsForEmail(db, caller.email);
      return rows.map(({ invitation, organizationName }) => ({
        id: invitation.id,
        organizationName,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      }));
    },
  );

  // An account whose verified e-mail is the invitation's (checked by acceptMemberInvitation, as for a link).
  app.post<{ Params: { id: string } }>(
    '/company/invitations/:id/accept',
    {
      schema: {
        ...signedIn,
        summary: 'Accept an invitation made out to the caller’s verified e-mail',
        params: z.object({ id: z.string().describe('The invitation id') }),
        response: { 200: organizationSchema, ...errorAnswers(401, 403, 404, 409, 410) },
      },
      config: { access: 'account' },
    },
    async (request): Promise<Organization> => {
      const caller = companyCaller(request);
      if (caller.isAnonymous || !caller.email) throw new HttpError(403, 'identified_account_required');
      const found = isUuid(request.params.id) ? await findMemberInvitationById(db, request.params.id) : null;
      if (!found) throw new HttpError(404, 'not_found');
      // Someone else's invitation says nothing of its state (used, revoked, expired): only that it is not theirs.
      if (found.invitation.email !== caller.email.trim().toLowerCase()) {
        throw new HttpError(403, 'invitation_email_mismatch');
      }
      return acceptMemberInvitation(db, caller, found.invitation);
    },
  );
};
