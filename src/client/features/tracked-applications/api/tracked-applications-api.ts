import { apiFetch, apiJson } from '../../../lib/api-client.ts';
import type { Locale } from '../../../../shared/locale.ts';
import {
  type TrackedApplication,
  trackedApplicationSchema,
  trackedApplicationsResponseSchema,
} from '../../../../shared/tracked-applications/tracked-applications-api.ts';
import type { TrackedChangeRecord } from '../../../db/records/tracked-application-records.ts';

/** `GET /api/tracked-applications`. */
export async function getTrackedApplications(signal?: AbortSignal): Promise<TrackedApplication[]> {
  return trackedApplicationsResponseSchema.parse(await apiJson<unknown>('/tracked-applications', { signal }))
    .trackedApplications;
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/** Sends one change; answers the id the server keeps it under (null for a delete). */
export async function sendTrackedChange(change: TrackedChangeRecord): Promise<string | null> {
  const path = `/tracked-applications/${encodeURIComponent(change.id)}`;
  if (change.kind === 'delete') {
    await apiFetch(path, { method: 'DELETE' });
    return null;
  }
  const answer =
    change.kind === 'create'
      ? await apiJson<unknown>('/tracked-applications', json('POST', change.body))
      : await apiJson<unknown>(path, json('PATCH', change.body));
  return trackedApplicationSchema.parse(answer).id;
}

/** `GET /api/tracked-applications.csv` in the student's language, as a file. */
export async function downloadApplicationsCsv(locale: Locale): Promise<Blob> {
  const response = await apiFetch(`/tracked-applications.csv?lang=${locale}`);
  return response.blob();
}
