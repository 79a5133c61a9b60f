import type { ModerationOverview } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `GET /api/moderation/reports`: the jobs with open reports and the hidden jobs (operators only, else 403). */
export function getModerationOverview(signal?: AbortSignal): Promise<ModerationOverview> {
  return apiJson<ModerationOverview>('/moderation/reports', { signal });
}
