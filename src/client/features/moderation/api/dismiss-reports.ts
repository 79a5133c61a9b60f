import type { DismissResult } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `POST /api/moderation/jobs/{jobId}/dismiss`: closes the job's open reports; the job stays on the board. */
export function dismissReports(jobId: string, reason: string): Promise<DismissResult> {
  return apiJson<DismissResult>(`/moderation/jobs/${encodeURIComponent(jobId)}/dismiss`, {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });
}
