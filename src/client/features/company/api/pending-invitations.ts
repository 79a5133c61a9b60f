import type { Organization } from '../../../../shared/company/company-api.ts';
import type { PendingMemberInvitation } from '../../../../shared/company/pending-invitations.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** GET /api/company/invitations: the open invitations made out to the signed-in person's verified e-mail. */
export function getPendingInvitations(signal?: AbortSignal): Promise<PendingMemberInvitation[]> {
  return apiJson<PendingMemberInvitation[]>('/api/company/invitations', { signal });
}

/** POST /api/company/invitations/{id}/accept: joins that organization. */
export function acceptPendingInvitation(id: string): Promise<Organization> {
  return apiJson<Organization>(`/api/company/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST' });
}
