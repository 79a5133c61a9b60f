import type {
  ApplicantsQuery,
  ApplicantsResponse,
  BulkStatusRequest,
  BulkStatusResponse,
  CompanyApplication,
  CompanyJob,
  CompanyJobsResponse,
  CompanySettableStatus,
  JobCreateRequest,
  JobInvitation,
  JobInvitationsRequest,
  JobInvitationsResponse,
  JobStats,
  JobUpdateRequest,
  JoinInvitationInfo,
  JoinResponse,
  MemberInvitationCreated,
  MemberInvitationRequest,
  MembersResponse,
  Note,
  Organization,
  OrganizationLeaveRequest,
  OrganizationsResponse,
  OrganizationUpdateRequest,
  RejectionReason,
  SharedLink,
  SharedLinkRequest,
} from '../../../../shared/company/company-api.ts';
import type {
  MemberPreferences,
  MemberPreferencesRequest,
  NotificationSettings,
  NotificationSettingsRequest,
} from '../../../../shared/company/application-notifications.ts';
import type { ActivityPage } from '../../../../shared/organization-activity/organization-activity-api.ts';
import type { MessageChoice } from '../../../../shared/messages/messages-api.ts';
import { apiFetch, apiJson, apiUpload } from '../../../lib/api-client.ts';

// The portal's calls to /api/company/... (contract: src/shared/company/company-api.ts). Each is one operation;
// errors arrive as ApiError with the server's `{error, code}` body, translated by lib/api-error-text.ts.

const enc = encodeURIComponent;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const getOrganizations = (signal?: AbortSignal) =>
  apiJson<OrganizationsResponse>('/company/organizations', { signal });
export const updateOrganization = (orgId: string, body: OrganizationUpdateRequest) =>
  apiJson<Organization>(`/company/organizations/${enc(orgId)}`, json('PATCH', body));
export function uploadOrganizationLogo(orgId: string, file: File, onProgress: (sent: number, total: number) => void) {
  const form = new FormData();
  form.append('logo', file, file.name);
  return apiUpload<Organization>(`/company/organizations/${enc(orgId)}/logo`, form, { method: 'PUT', onProgress });
}

export const getMembers = (orgId: string, signal?: AbortSignal) =>
  apiJson<MembersResponse>(`/company/organizations/${enc(orgId)}/members`, { signal });
export const inviteMember = (orgId: string, body: MemberInvitationRequest) =>
  apiJson<MemberInvitationCreated>(`/company/organizations/${enc(orgId)}/invitations`, json('POST', body));
export const revokeMemberInvitation = (orgId: string, invitationId: string) =>
  apiJson<void>(`/company/organizations/${enc(orgId)}/invitations/${enc(invitationId)}`, { method: 'DELETE' });
export const removeMember = (orgId: string, uid: string) =>
  apiJson<void>(`/company/organizations/${enc(orgId)}/members/${enc(uid)}`, { method: 'DELETE' });
export const leaveOrganization = (orgId: string, body: OrganizationLeaveRequest) =>
  apiJson<void>(`/company/organizations/${enc(orgId)}/leave`, json('POST', body));
/** Owners: schedules the deletion (jobs close now); the answer carries `deletionDueAt`. */
export const scheduleOrganizationDeletion = (orgId: string) =>
  apiJson<Organization>(`/company/organizations/${enc(orgId)}`, { method: 'DELETE' });
export const cancelOrganizationDeletion = (orgId: string) =>
  apiJson<Organization>(`/company/organizations/${enc(orgId)}/restore`, { method: 'POST' });

export const getNotificationSettings = (orgId: string, signal?: AbortSignal) =>
  apiJson<NotificationSettings>(`/company/organizations/${enc(orgId)}/notifications`, { signal });
export const updateNotificationSettings = (orgId: string, body: NotificationSettingsRequest) =>
  apiJson<NotificationSettings>(`/company/organizations/${enc(orgId)}/notifications`, json('PUT', body));
export const getMemberPreferences = (signal?: AbortSignal) => apiJson<MemberPreferences>('/company/me', { signal });
export const updateMemberPreferences = (body: MemberPreferencesRequest) =>
  apiJson<MemberPreferences>('/company/me', json('PATCH', body));

export const getJoinInvitation = (token: string, signal?: AbortSignal) =>
  apiJson<JoinInvitationInfo>(`/company/join/${enc(token)}`, { signal });
export const acceptJoinInvitation = (token: string) =>
  apiJson<JoinResponse>(`/company/join/${enc(token)}`, json('POST', {}));

export const getJobs = (orgId: string, signal?: AbortSignal) =>
  apiJson<CompanyJobsResponse>(`/company/jobs?organizationId=${enc(orgId)}`, { signal });
export const getJob = (jobId: string, signal?: AbortSignal) =>
  apiJson<CompanyJob>(`/company/jobs/${enc(jobId)}`, { signal });
export const createJob = (body: JobCreateRequest) => apiJson<CompanyJob>('/company/jobs', json('POST', body));
export const updateJob = (jobId: string, body: JobUpdateRequest) =>
  apiJson<CompanyJob>(`/company/jobs/${enc(jobId)}`, json('PATCH', body));
export const getJobStats = (jobId: string, signal?: AbortSignal) =>
  apiJson<JobStats>(`/company/jobs/${enc(jobId)}/stats`, { signal });

/** The query string of the applicants list and its CSV export (empty values left out). */
export function applicantsSearch(query: ApplicantsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
export const getApplicants = (jobId: string, query: ApplicantsQuery, signal?: AbortSignal) =>
  apiJson<ApplicantsResponse>(`/company/jobs/${enc(jobId)}/applicants${applicantsSearch(query)}`, { signal });
/** The CSV export as a Blob (the bearer token rules out a plain link). */
export async function downloadApplicantsCsv(jobId: string, query: ApplicantsQuery): Promise<Blob> {
  const { page: _page, pageSize: _size, ...filters } = query;
  const response = await apiFetch(`/company/jobs/${enc(jobId)}/applicants.csv${applicantsSearch(filters)}`, {
    headers: { Accept: 'text/csv' },
  });
  return response.blob();
}

export const getApplication = (applicationId: string, signal?: AbortSignal) =>
  apiJson<CompanyApplication>(`/company/applications/${enc(applicationId)}`, { signal });
/**
 * Answers the new status and version; the caller reads the application again for its history. The move is silent
 * unless `message` says what to tell the student (the standard e-mail, a template, written words).
 */
export const setApplicationStatus = (
  applicationId: string,
  status: CompanySettableStatus,
  version: number,
  message: { notify?: true; message?: MessageChoice },
  rejection: { rejectionReason?: RejectionReason; rejectionNote?: string } = {},
) =>
  apiJson<Pick<CompanyApplication, 'applicationId' | 'status' | 'statusChangedAt' | 'version'>>(
    `/company/applications/${enc(applicationId)}`,
    json('PATCH', { status, version, ...message, ...(status === 'rejected' ? rejection : {}) }),
  );
export const bulkSetStatus = (body: BulkStatusRequest) =>
  apiJson<BulkStatusResponse>('/company/applications/bulk-status', json('POST', body));
export const addNote = (applicationId: string, body: string) =>
  apiJson<Note>(`/company/applications/${enc(applicationId)}/notes`, json('POST', { body }));
/** The resume PDF as a Blob, fetched with the bearer token (the URL alone grants nothing). */
export async function getApplicationResume(applicationId: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/company/applications/${enc(applicationId)}/resume`, {
    signal,
    headers: { Accept: 'application/pdf' },
  });
  return response.blob();
}

export const getJobInvitations = (jobId: string, signal?: AbortSignal) =>
  apiJson<JobInvitation[]>(`/company/jobs/${enc(jobId)}/invitations`, { signal });
export const createJobInvitations = (jobId: string, body: JobInvitationsRequest) =>
  apiJson<JobInvitationsResponse>(`/company/jobs/${enc(jobId)}/invitations`, json('POST', body));
export const resendJobInvitation = (jobId: string, invitationId: string) =>
  apiJson<unknown>(`/company/jobs/${enc(jobId)}/invitations/${enc(invitationId)}/resend`, json('POST', {}));
export const revokeJobInvitation = (jobId: string, invitationId: string) =>
  apiJson<void>(`/company/jobs/${enc(jobId)}/invitations/${enc(invitationId)}`, { method: 'DELETE' });

export const getSharedLinks = (jobId: string, signal?: AbortSignal) =>
  apiJson<SharedLink[]>(`/company/jobs/${enc(jobId)}/shared-links`, { signal });
export const createSharedLink = (jobId: string, request: SharedLinkRequest = {}) =>
  apiJson<SharedLink>(`/company/jobs/${enc(jobId)}/shared-links`, json('POST', request));
export const revokeSharedLink = (jobId: string, linkId: string) =>
  apiJson<void>(`/company/jobs/${enc(jobId)}/shared-links/${enc(linkId)}`, { method: 'DELETE' });

/** The organization's activity log (owners), newest first; `before`: the previous page's `nextCursor`. */
export const getActivity = (organizationId: string, before: string | null, signal?: AbortSignal) =>
  apiJson<ActivityPage>(
    `/company/organizations/${enc(organizationId)}/activity${before ? `?before=${enc(before)}` : ''}`,
    { signal },
  );

/** The whole log as CSV (a Blob: the bearer token rules out a plain link). */
export async function downloadActivityCsv(organizationId: string): Promise<Blob> {
  const response = await apiFetch(`/company/organizations/${enc(organizationId)}/activity.csv`, {
    headers: { Accept: 'text/csv' },
  });
  return response.blob();
}
