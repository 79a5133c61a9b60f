export { companyRoutes } from './company.routes.ts'
export { createMemberInvitation } from './organizations.repository.ts'
export { createOrganizationWithOwner, memberInvitationUrl, organizationCreateRequestSchema, type OrganizationCreated } from './organizations.service.ts'
