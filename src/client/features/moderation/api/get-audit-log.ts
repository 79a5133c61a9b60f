import type { AuditEntry } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `GET /api/moderation/audit-log`: the latest operator actions, newest first. */
export async function getAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await apiJson<{ entries: AuditEntry[] }>('/moderation/audit-log', { signal })).entries;
}
