import type { ExternalFeedType } from '../../../shared/jobs/listing-schemas.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { releaseMemoryAfter } from '../../lib/release-memory.ts';
import { startRepeatingTask } from '../../lib/repeating-task.ts';
import { downloadFeed, type FeedValidators } from './feed-download.ts';
import {
  type FeedWriteResult,
  readFeedState,
  recordFeedError,
  recordFeedNotModified,
  saveFeed,
} from './ingest.repository.ts';
import { type FeedSource, type PreparedFeed, prepareFeed, type SourceSummary } from './prepare-feed.ts';

// Keeps the external listings in step with the two community feeds. One ingestion at a time across every API
// instance (a PostgreSQL advisory lock); the others skip and pick the result up through the board version.

/** Advisory lock id of feed ingestion ('jobs' in ASCII). */
export const feedIngestLockKey = 0x6a6f6273;

export type FeedConfig = { type: ExternalFeedType; url: string };

export type FeedRefreshOutcome =
  | ({ status: 'imported'; url: string; sources: SourceSummary[] } & FeedWriteResult)
  | { status: 'not-modified'; type: ExternalFeedType; url: string }
  | { status: 'failed'; type: ExternalFeedType; url: string; error: string };

/** `ran: false`: another instance (or another run in this one) held the lock, nothing was done. */
export type FeedRefreshRun = { ran: false } | { ran: true; feeds: FeedRefreshOutcome[] };

export type ImportSource = FeedSource & { type: ExternalFeedType };

export type ImportReport = { sources: SourceSummary[]; feeds: FeedWriteResult[] };

/** The lock stayed busy for the whole wait. */
export class IngestBusyError extends Error {
  override name = 'IngestBusyError';
}

export type IngestLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type IngestService = {
  /** Downloads both feeds in parallel (conditional requests) and applies what changed. Never throws for a feed. */
  refreshFeeds(options?: { signal?: AbortSignal }): Promise<FeedRefreshRun>;
  /**
   * Imports feed files or downloads given by hand (`npm run ingest`). Sources of one type are merged and replace
   * that type's listings. Throws FeedReadError (nothing written) when any source is unusable, IngestBusyError when
   * an ingestion keeps the lock longer than `waitMs`.
   */
  importSources(sources: readonly ImportSource[], options?: { waitMs?: number }): Promise<ImportReport>;
};

export type CreateIngestServiceOptions = {
  database: DatabaseHandle;
  feeds: readonly FeedConfig[];
  log: IngestLogger;
  /** Called after a run that changed the board, so this instance does not wait for its next poll. */
  onBoardChange?: () => Promise<void> | void;
  /** Wraps an import's writes (BoardIndex.holdRefreshes): the board loads once they are all in, not halfway. */
  whileWriting?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Test seam for the download limits. */
  download?: { timeoutMs?: number; maxBytes?: number };
};

const lockRetryMs = 250;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createIngestService({
  database,
  feeds,
  log,
  onBoardChange,
  whileWriting = (work) => work(),
  download = {},
}: CreateIngestServiceOptions): IngestService {
  const { db } = database;

  async function notifyChange(changed: boolean): Promise<void> {
    if (!changed || !onBoardChange) return;
    try {
      await onBoardChange();
    } catch (error) {
      log.warn({ error: errorMessage(error) }, 'board reload after ingestion failed; the next poll retries');
    }
  }

  async function refreshFeed({ type, url }: FeedConfig, signal?: AbortSignal): Promise<FeedRefreshOutcome> {
    try {
      const state = await readFeedState(db, type);
      // Validators only mean something for the URL they came from (not after a manual import, nor a new URL).
      const validators: FeedValidators | null = state?.url === url ? state : null;
      const downloaded = await downloadFeed(url, { ...download, validators, signal });
      if (downloaded.status === 'not-modified') {
        await recordFeedNotModified(db, type);
        log.info({ feed: type }, 'feed unchanged (304)');
        return { status: 'not-modified', type, url };
      }
      const prepared = prepareFeed(type, [{ name: url, data: downloaded.data }]);
      const written = await saveFeed(db, prepared, { url, validators: downloaded.validators });
      const [source] = prepared.sources;
      log.info(
        { feed: type, ...written, skipped: source?.skipped, bytes: downloaded.bytes },
        `feed ${type}: ${written.imported} listings, ${written.added} new, ${written.deactivated} removed`,
      );
      return { status: 'imported', url, sources: prepared.sources, ...written };
    } catch (error) {
      // One quiet line: a feed host being down is routine, and the last good data stays on the board.
      const message = errorMessage(error);
      log.warn({ feed: type, url, error: message }, `feed ${type} not refreshed: ${message}`);
      try {
        await recordFeedError(db, type, url, message.slice(0, 500));
      } catch (recordError) {
        log.warn({ feed: type, error: errorMessage(recordError) }, 'could not record the feed error');
      }
      return { status: 'failed', type, url, error: message };
    }
  }

  async function refreshFeeds(options: { signal?: AbortSignal } = {}): Promise<FeedRefreshRun> {
    const run = await database.withAdvisoryLock(feedIngestLockKey, () =>
      Promise.all(
        feeds.map(async (feed) => {
          const outcome = await refreshFeed(feed, options.signal);
          // Each feed shows as soon as it is in: a slow one must not hold back the other.
          await notifyChange(outcome.status === 'imported' && outcome.version !== null);
          return outcome;
        }),
      ),
    );
    if (!run.acquired) {
      log.info({}, 'feed ingestion already running elsewhere; skipped');
      return { ran: false };
    }
    return { ran: true, feeds: run.result };
  }

  // Not async: once the sources are prepared, nothing here refers to their parsed JSON (~25 MB of objects for
  // 20,000 listings), so it can be collected while the listings are written and the board reloads.
  function importSources(
    sources: readonly ImportSource[],
    { waitMs = 60_000 }: { waitMs?: number } = {},
  ): Promise<ImportReport> {
    let prepared: PreparedFeed[];
    try {
      const types = [...new Set(sources.map((source) => source.type))];
      // Everything is parsed and checked before anything is written.
      prepared = types.map((type) =>
        prepareFeed(
          type,
          sources.filter((source) => source.type === type),
        ),
      );
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return writePrepared(prepared, Date.now() + waitMs);
  }

  async function writePrepared(prepared: PreparedFeed[], deadline: number): Promise<ImportReport> {
    const summaries = prepared.flatMap((feed) => feed.sources);
    const jobCount = prepared.reduce((sum, feed) => sum + feed.jobs.length, 0);
    const release = () => releaseMemoryAfter(jobCount);
    for (;;) {
      const run = await whileWriting(() =>
        database.withAdvisoryLock(feedIngestLockKey, async () => {
          // The parsed feeds of a large import (importSources no longer refers to them) go before the writes.
          release();
          const written: FeedWriteResult[] = [];
          for (const feed of prepared) {
            // Manual data has no validators: the next scheduled run downloads the feed in full again.
            const url = feed.sources.map((source) => source.name).join(', ');
            written.push(await saveFeed(db, feed, { url: url.slice(0, 2000), validators: null }));
          }
          return written;
        }),
      );
      if (run.acquired) {
        // The written jobs are not kept while the board reloads (it reads them back from the database), nor what
        // writing them left behind.
        prepared.length = 0;
        release();
        await notifyChange(run.result.some((result) => result.version !== null));
        return { sources: summaries, feeds: run.result };
      }
      if (Date.now() >= deadline) {
        throw new IngestBusyError('Another feed ingestion is running; try again in a minute');
      }
      await new Promise((resolve) => setTimeout(resolve, lockRetryMs));
    }
  }

  return { refreshFeeds, importSources };
}

/** Runs `refreshFeeds` now and then every `intervalMs`, until the returned stop() (which waits for a running one). */
export function startFeedSchedule(
  service: IngestService,
  { intervalMs, log }: { intervalMs: number; log: IngestLogger },
): { stop(): Promise<void> } {
  const controller = new AbortController();
  const task = startRepeatingTask(() => service.refreshFeeds({ signal: controller.signal }), {
    intervalMs,
    onError: (error) => log.warn({ error: errorMessage(error) }, 'feed ingestion failed'),
  });
  return {
    async stop() {
      const stopped = task.stop(); // cancels the next run at once
      controller.abort(); // and cuts a running download short
      await stopped;
    },
  };
}
