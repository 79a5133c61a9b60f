import { z } from 'zod';
import {
  applicantsQuerySchema,
  applicationStatusRequestSchema,
  bulkStatusRequestSchema,
  companyJobsQuerySchema,
  jobCreateRequestSchema,
  jobInvitationsRequestSchema,
  joinInvitationInfoSchema,
  jobUpdateRequestSchema,
  memberInvitationRequestSchema,
  membersResponseSchema,
  noteRequestSchema,
  organizationLeaveRequestSchema,
  organizationSchema,
  organizationUpdateRequestSchema,
} from '../../../shared/company/company-api.ts';
import {
  bodyByContentType,
  contentAnswer,
  emptyAnswer,
  withExample,
  errorAnswers,
  listAnswer,
  objectAnswer,
} from '../../http/route-schemas.ts';

// The company portal's route schemas (company-api.ts in src/shared holds the request schemas and answer types).
// These routes check membership before they read the input, so the schemas document it and each handler parses it
// with the same schema at that point (company.routes.ts sets no validation for them): a non-member gets 403, never
// a validation message.

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const errors = errorAnswers(400, 401, 403, 404);
const jobParams = z.object({ id: z.string().describe('The job id') });
const applicationParams = z.object({ id: z.string().describe('The application id') });
const organizationParams = z.object({ orgId: z.string().describe('The organization id') });
const invitationParams = jobParams.extend({ invId: z.string().describe('The invitation id') });
const sharedLinkParams = jobParams.extend({ linkId: z.string().describe('The shared link id') });
const joinParams = z.object({ token: z.string().min(1).max(200).describe('The member invitation token') });
const types = '(src/shared/company/company-api.ts)';

export const companyRouteSchemas = {
  // Organizations and members
  listOrganizations: {
    ...signedIn,
    summary: "The caller's organizations",
    response: { 200: z.array(organizationSchema), ...errorAnswers(401) },
  },
  updateOrganization: {
    ...signedIn,
    summary: 'Change an organization (owners)',
    params: organizationParams,
    body: withExample(organizationUpdateRequestSchema, {
      name: 'Acme Robotics',
      website: 'https://acme.example',
      rejectionEmails: false,
    }),
    response: { 200: organizationSchema, ...errors },
  },
  uploadLogo: {
    ...signedIn,
    summary: "Upload an organization's logo (owners)",
    params: organizationParams,
    body: bodyByContentType({
      'multipart/form-data': z.object({ logo: z.string().meta({ format: 'binary' }).describe('PNG, JPEG or WebP') }),
    }),
    response: { 200: organizationSchema, ...errors, ...errorAnswers(413, 415) },
  },
  organizationLogo: {
    tags: ['company'],
    summary: "An organization's logo (public)",
    params: organizationParams,
    response: { 200: contentAnswer('The image', 'image/png', 'image/jpeg', 'image/webp'), ...errorAnswers(404) },
  },
  listMembers: {
    ...signedIn,
    summary: 'Members and pending invitations of an organization',
    params: organizationParams,
    response: { 200: membersResponseSchema, ...errors },
  },
  inviteMember: {
    ...signedIn,
    summary: 'Invite a member by e-mail (owners)',
    params: organizationParams,
    body: withExample(memberInvitationRequestSchema, { email: 'teammate@acme.example', role: 'member' }),
    response: { 201: objectAnswer('The invitation'), ...errors, ...errorAnswers(409) },
  },
  revokeMemberInvitation: {
    ...signedIn,
    summary: 'Revoke a pending member invitation (owners)',
    params: organizationParams.extend({ id: z.string().describe('The invitation id') }),
    response: { 204: emptyAnswer, ...errors },
  },
  leaveOrganization: {
    ...signedIn,
    summary:
      "End the caller's membership (any member). The last owner names another member as owner (newOwnerUid), or gets 409 last_owner",
    params: organizationParams,
    // No new owner in the example: a member may not name one (403 owner_only), so the matrix sends the plain leave.
    body: withExample(organizationLeaveRequestSchema, {}),
    response: { 204: emptyAnswer, ...errors, ...errorAnswers(409) },
  },
  scheduleOrganizationDeletion: {
    ...signedIn,
    summary:
      'Delete the organization (owners): its jobs close now; it is deleted with its applications and files after the grace period',
    params: organizationParams,
    response: { 200: organizationSchema, ...errors },
  },
  cancelOrganizationDeletion: {
    ...signedIn,
    summary: "Cancel the organization's scheduled deletion during the grace period (owners)",
    params: organizationParams,
    response: { 200: organizationSchema, ...errors, ...errorAnswers(409) },
  },
  removeMember: {
    ...signedIn,
    summary: 'Remove a member (owners)',
    params: organizationParams.extend({ uid: z.string().describe("The member's uid") }),
    response: { 204: emptyAnswer, ...errors, ...errorAnswers(409) },
  },
  joinInvitation: {
    ...signedIn,
    summary: 'What a member invitation is for',
    params: joinParams,
    response: { 200: joinInvitationInfoSchema, ...errors, ...errorAnswers(410) },
  },
  acceptJoinInvitation: {
    ...signedIn,
    summary: 'Accept a member invitation',
    params: joinParams,
    response: { 200: organizationSchema, ...errors, ...errorAnswers(409, 410) },
  },

  // Jobs
  listJobs: {
    ...signedIn,
    summary: "An organization's jobs",
    querystring: companyJobsQuerySchema,
    response: { 200: listAnswer(`CompanyJobSummary[] ${types}`), ...errors },
  },
  createJob: {
    ...signedIn,
    summary: 'Create a job',
    body: withExample(jobCreateRequestSchema, {
      organizationId: '3d840755-3cf7-48ab-8be3-05bff072d4d7',
      title: 'Robotics Software Intern',
      type: 'Internship',
      location: 'Montreal, QC, Canada',
      description: 'Build the software of our warehouse robots.',
      requirements: '- TypeScript',
      postingDate: '2026-11-01',
      family: 'software',
      terms: ['summer-2027'],
      degreeLevels: ['bachelor', 'master'],
      sponsorship: 'yes',
      visibility: 'public',
      status: 'draft',
    }),
    response: { 201: objectAnswer(`CompanyJob ${types}`), ...errors },
  },
  job: {
    ...signedIn,
    summary: 'One job of an organization',
    params: jobParams,
    response: { 200: objectAnswer(`CompanyJob ${types}`), ...errors },
  },
  updateJob: {
    ...signedIn,
    summary: 'Change a job (fields, status)',
    params: jobParams,
    body: withExample(jobUpdateRequestSchema, { location: 'Remote', status: 'closed' }),
    response: { 200: objectAnswer(`CompanyJob ${types}`), ...errors, ...errorAnswers(409) },
  },

  // Applicants and applications
  applicants: {
    ...signedIn,
    summary: "A job's applicants, filtered and paged",
    params: jobParams,
    querystring: applicantsQuerySchema,
    response: { 200: objectAnswer(`ApplicantsPage ${types}`), ...errors },
  },
  applicantsCsv: {
    ...signedIn,
    summary: "A job's applicants as CSV (the same filters, every page)",
    params: jobParams,
    querystring: applicantsQuerySchema,
    response: { 200: contentAnswer('The CSV file', 'text/csv'), ...errors },
  },
  jobStats: {
    ...signedIn,
    summary: "A job's application counts",
    params: jobParams,
    response: { 200: objectAnswer(`JobStats ${types}`), ...errors },
  },
  application: {
    ...signedIn,
    summary: 'One application, with answers, notes and history',
    params: applicationParams,
    response: { 200: objectAnswer(`CompanyApplication ${types}`), ...errors },
  },
  changeApplicationStatus: {
    ...signedIn,
    summary: "Change an application's status",
    params: applicationParams,
    body: withExample(applicationStatusRequestSchema, { status: 'interview', version: 0 }),
    response: { 200: objectAnswer(`CompanyApplication ${types}`), ...errors, ...errorAnswers(409) },
  },
  bulkStatus: {
    ...signedIn,
    summary: 'Change the status of several applications',
    body: withExample(bulkStatusRequestSchema, {
      applicationIds: ['7601a586-1f21-4013-86a0-be40a5fde415'],
      status: 'rejected',
    }),
    response: { 200: objectAnswer(`BulkStatusResponse ${types}`), ...errors },
  },
  addNote: {
    ...signedIn,
    summary: 'Add a note to an application',
    params: applicationParams,
    body: withExample(noteRequestSchema, { body: 'Strong portfolio: invite to an interview.' }),
    response: { 201: objectAnswer(`Note ${types}`), ...errors },
  },
  applicationResume: {
    ...signedIn,
    summary: 'The resume sent with an application',
    params: applicationParams,
    response: { 200: contentAnswer('The PDF', 'application/pdf'), ...errors, ...errorAnswers(410) },
  },

  // Invitations to apply and shared links
  jobInvitations: {
    ...signedIn,
    summary: "A job's private invitations",
    params: jobParams,
    response: { 200: listAnswer(`JobInvitation[] ${types}`), ...errors },
  },
  inviteApplicants: {
    ...signedIn,
    summary: 'Invite people to apply to a job (by e-mail)',
    params: jobParams,
    body: withExample(jobInvitationsRequestSchema, { entries: [{ email: 'ada@university.example' }] }),
    response: { 200: objectAnswer(`JobInvitationsResponse ${types}`), ...errors, ...errorAnswers(409) },
  },
  resendInvitation: {
    ...signedIn,
    summary: 'Send an invitation again, with a new token',
    params: invitationParams,
    response: { 200: objectAnswer(`JobInvitation ${types}`), ...errors, ...errorAnswers(409) },
  },
  revokeInvitation: {
    ...signedIn,
    summary: 'Revoke an invitation',
    params: invitationParams,
    response: { 204: emptyAnswer, ...errors, ...errorAnswers(409) },
  },
  sharedLinks: {
    ...signedIn,
    summary: "A job's shared links",
    params: jobParams,
    response: { 200: listAnswer(`SharedLink[] ${types}`), ...errors },
  },
  createSharedLink: {
    ...signedIn,
    summary: 'Create a link anyone may use to apply to a job',
    params: jobParams,
    response: { 201: objectAnswer(`SharedLink ${types}`), ...errors, ...errorAnswers(409) },
  },
  revokeSharedLink: {
    ...signedIn,
    summary: 'Revoke a shared link',
    params: sharedLinkParams,
    response: { 204: emptyAnswer, ...errors },
  },
};
