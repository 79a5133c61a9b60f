import type {
  StudentApplication,
  StudentApplicationDetail,
  StudentApplicationsResponse,
} from '../../../../shared/company/company-api.ts';
import { apiFetch, apiJson } from '../../../lib/api-client.ts';

/** GET /api/applications: the signed-in student's applications with their current status, newest first. */
export const getStudentApplications = (signal?: AbortSignal) =>
  apiJson<StudentApplicationsResponse>('/applications', { signal });

/** GET /api/applications/{id}: what the student sent, read-only. */
export const getStudentApplication = (id: string, signal?: AbortSignal) =>
  apiJson<StudentApplicationDetail>(`/applications/${encodeURIComponent(id)}`, { signal });

/** GET /api/applications/{id}/resume: the PDF the student sent with this application. */
export async function getStudentApplicationResume(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/applications/${encodeURIComponent(id)}/resume`, {
    signal,
    headers: { Accept: 'application/pdf' },
  });
  return response.blob();
}

/** POST /api/applications/{id}/withdraw (only before hired or rejected). */
export const withdrawApplication = (id: string) =>
  apiJson<StudentApplication>(`/applications/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    body: JSON.stringify({}),
  });
