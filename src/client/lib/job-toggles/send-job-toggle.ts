import { apiJson } from '../api-client.ts';

/** `PUT {collection}/{jobId}` to put a mark on, `DELETE` to take it off, carrying when the change was made. */
export async function sendJobToggle(collection: string, jobId: string, on: boolean, changedAt: number): Promise<void> {
  const path = `${collection}/${encodeURIComponent(jobId)}`;
  const at = new Date(changedAt).toISOString();
  if (on) await apiJson(path, { method: 'PUT', body: JSON.stringify({ changedAt: at }) });
  else await apiJson(`${path}?changedAt=${encodeURIComponent(at)}`, { method: 'DELETE' });
}
