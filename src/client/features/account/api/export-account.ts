import { apiFetch } from '../../../lib/api-client.ts';

/** The archive and the name the server gave it. */
export type AccountExport = { blob: Blob; fileName: string };

/**
 * GET /api/account/export: the signed-in student's data as a ZIP. `onProgress` hears the bytes received so far and
 * the total when the server told it (null otherwise).
 */
export async function exportAccount(
  onProgress: (received: number, total: number | null) => void,
): Promise<AccountExport> {
  const response = await apiFetch('/account/export', { headers: { Accept: 'application/zip' } });
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'campus-jobs-data.zip';
  if (!response.body) return { blob: await response.blob(), fileName };
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), fileName };
}
