import { z } from 'zod';

/**
 * GET /api/company/invitations: the open invitations to join an organization made out to the caller's verified
 * e-mail, so a person who signs in to the portal without their link is offered "Join {organization}".
 */
export const pendingMemberInvitationSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  role: z.enum(['owner', 'member']),
  expiresAt: z.string(),
});
export type PendingMemberInvitation = z.infer<typeof pendingMemberInvitationSchema>;
