export { applicantsRoutes } from './applicants.routes.ts';
export { checkSharedLink } from './application-channel.ts';
export { answerFields } from './application-request.ts';
export { invitationUrl, sharedLinkUrl } from './apply-links.ts';
export { applyRoutes } from './apply.routes.ts';
export { createInvitation, createSharedLink, renewInvitationToken } from './invitations.repository.ts';
export {
  inviteApplicant,
  revokeJobLink,
  shareJob,
  type InvitationCreated,
  type SharedLinkCreated,
  type SharedLinkRevoked,
} from './invitations.service.ts';
