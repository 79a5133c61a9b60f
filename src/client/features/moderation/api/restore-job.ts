import type { ModerationResult } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `POST /api/moderation/jobs/{jobId}/restore`: back on the board. */
export function restoreJob(jobId: string): Promise<ModerationResult> {
  return apiJson<ModerationResult>(`/moderation/jobs/${encodeURIComponent(jobId)}/restore`, { method: 'POST' });
}
