import type {
  Alert,
  AlertsResponse,
  CreateAlertRequest,
  UpdateAlertRequest,
} from '../../../../shared/alerts/alerts-api.ts';
import { apiFetch, apiJson } from '../../../lib/api-client.ts';

// GET/POST /api/alerts, PATCH/DELETE /api/alerts/{id}: the signed-in student's alerts (src/shared/alerts).

export function listAlerts(signal?: AbortSignal): Promise<AlertsResponse> {
  return apiJson<AlertsResponse>('/alerts', { signal });
}

export function createAlert(alert: CreateAlertRequest): Promise<Alert> {
  return apiJson<Alert>('/alerts', { method: 'POST', body: JSON.stringify(alert) });
}

export function updateAlert(id: string, changes: UpdateAlertRequest): Promise<Alert> {
  return apiJson<Alert>(`/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(changes) });
}

export async function deleteAlert(id: string): Promise<void> {
  await apiFetch(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
