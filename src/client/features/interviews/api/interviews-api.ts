import type {
  Interview,
  ProposeInterviewRequest,
  RescheduleInterviewRequest,
  StudentInterview,
} from '../../../../shared/interviews/interviews-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;
const post = (body?: object) => ({ method: 'POST', body: JSON.stringify(body ?? {}) });

/** GET /api/company/applications/{id}/interviews (members of the job's organization). */
export const getApplicationInterviews = (applicationId: string, signal?: AbortSignal) =>
  apiJson<Interview[]>(`/company/applications/${enc(applicationId)}/interviews`, { signal });

export const proposeInterview = (applicationId: string, body: ProposeInterviewRequest) =>
  apiJson<Interview[]>(`/company/applications/${enc(applicationId)}/interviews`, post(body));

export const rescheduleInterview = (applicationId: string, interviewId: string, body: RescheduleInterviewRequest) =>
  apiJson<Interview[]>(
    `/company/applications/${enc(applicationId)}/interviews/${enc(interviewId)}/reschedule`,
    post(body),
  );

export const cancelInterview = (applicationId: string, interviewId: string) =>
  apiJson<Interview[]>(`/company/applications/${enc(applicationId)}/interviews/${enc(interviewId)}/cancel`, post());

/** GET /api/applications/{id}/interviews: the student's own application. */
export const getMyInterviews = (applicationId: string, signal?: AbortSignal) =>
  apiJson<StudentInterview[]>(`/applications/${enc(applicationId)}/interviews`, { signal });

export const bookInterview = (applicationId: string, interviewId: string, slotId: string) =>
  apiJson<StudentInterview[]>(
    `/applications/${enc(applicationId)}/interviews/${enc(interviewId)}/booking`,
    post({ slotId }),
  );
