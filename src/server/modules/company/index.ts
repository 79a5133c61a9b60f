export { companyRoutes } from './company.routes.ts';
export { demoJobs, demoOrganizations, logoKeyFor, seedDemoData } from './demo-data.ts';
export { createMemberInvitation } from './organizations.repository.ts';
export {
  operatorDeletesOrganization,
  type OperatorDeletionResult,
  operatorRestoresOrganization,
} from './organization-deletion.service.ts';
export {
  createOrganizationWithOwner,
  memberInvitationUrl,
  organizationCreateRequestSchema,
  type OrganizationCreated,
} from './organizations.service.ts';
export {
  type Access,
  companyCaller,
  displayNameOf,
  requireApplicationAccess,
  requireJobAccess,
  requireOrganizationMember,
} from './company-access.ts';
export { findMembership } from './company-access.repository.ts';
export { parseCompanyRequest } from './company-request.ts';
export { asCompanyScope } from './company-scope.ts';
export { listApplicantRows } from './company-applications.repository.ts';
export { type ApplicantFilters, filterApplicants } from './company-applications.service.ts';
export type { StudentMessageChoice, StudentMessenger } from './student-messenger.ts';
export { findApplicationWithJob, type ApplicationWithJob } from './company-applications.repository.ts';
