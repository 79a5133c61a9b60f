export { companyRoutes } from './company.routes.ts';
export { demoJobs, demoOrganizations, logoKeyFor, seedDemoData } from './demo-data.ts';
export { createMemberInvitation } from './organizations.repository.ts';
export {
  createOrganizationWithOwner,
  memberInvitationUrl,
  organizationCreateRequestSchema,
  type OrganizationCreated,
} from './organizations.service.ts';
