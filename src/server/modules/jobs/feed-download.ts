import { open } from 'node:fs/promises';

// Reading a community feed (a JSON array of listings) from the web or from a file, with the limits that keep a
// broken or hostile source from hanging or exhausting the server.

export const feedFetchTimeoutMs = 30_000;
/** The real feeds are 2-4 MB; anything near this cap is not a job feed. */
export const maxFeedBytes = 50 * 1024 * 1024;

/** Conditional-request validators from the last successful download of the same URL. */
export type FeedValidators = { etag: string | null; lastModified: string | null };

export type FeedDownload =
  { status: 'not-modified' } | { status: 'downloaded'; data: unknown; validators: FeedValidators; bytes: number };

/** A feed that could not be read; the message is one short line fit for a log or a terminal. */
export class FeedReadError extends Error {
  override name = 'FeedReadError';
}

export type DownloadFeedOptions = {
  validators?: FeedValidators | null;
  timeoutMs?: number;
  maxBytes?: number;
  /** Aborts the download (server shutting down). */
  signal?: AbortSignal;
};

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error && error.name === 'AbortError') return 'download cancelled';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `request failed (${detail})`;
}

function tooLarge(maxBytes: number): FeedReadError {
  const mb = 1024 * 1024;
  const limit = maxBytes >= mb ? `${Math.round(maxBytes / mb)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new FeedReadError(`larger than ${limit}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FeedReadError(`not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * GETs a feed. With validators, sends If-None-Match / If-Modified-Since and answers `not-modified` on 304.
 * Throws FeedReadError for every failure: network, timeout, HTTP error status, over-size or non-JSON body.
 */
export async function downloadFeed(url: string, options: DownloadFeedOptions = {}): Promise<FeedDownload> {
  const timeoutMs = options.timeoutMs ?? feedFetchTimeoutMs;
  const maxBytes = options.maxBytes ?? maxFeedBytes;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'campus-jobs-feed-ingest' };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified) headers['if-modified-since'] = options.validators.lastModified;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  try {
    const response = await fetch(url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: 'not-modified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedReadError(`HTTP ${response.status}`);
    }
    const declaredLength = Number(response.headers.get('content-length') ?? 0);
    if (declaredLength > maxBytes) {
      await response.body?.cancel();
      throw tooLarge(maxBytes);
    }
    const bytes = response.body ? await readCapped(response.body, maxBytes) : Buffer.alloc(0);
    return {
      status: 'downloaded',
      data: parseJson(bytes.toString('utf8')),
      validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
      bytes: bytes.byteLength,
    };
  } catch (error) {
    if (error instanceof FeedReadError) throw error;
    throw new FeedReadError(describeFetchFailure(error, timeoutMs), { cause: error });
  }
}

/** Reads a feed file from disk (the `npm run ingest` command), with the same size cap. */
export async function readFeedFile(path: string, maxBytes = maxFeedBytes): Promise<unknown> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedReadError(code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? String(error)})`, {
      cause: error,
    });
  }
  try {
    const { size } = await file.stat();
    if (size > maxBytes) throw tooLarge(maxBytes);
    return parseJson(await file.readFile('utf8'));
  } finally {
    await file.close();
  }
}
