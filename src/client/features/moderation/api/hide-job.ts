import type { ModerationResult } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `POST /api/moderation/jobs/{jobId}/hide`: off the board on every instance. */
export function hideJob(jobId: string, reason: string): Promise<ModerationResult> {
  return apiJson<ModerationResult>(`/moderation/jobs/${encodeURIComponent(jobId)}/hide`, {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });
}
