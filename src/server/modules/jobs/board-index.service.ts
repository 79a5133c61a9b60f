import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  brotliCompressSync,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gunzip,
  gzipSync,
} from 'node:zlib';
import { LRUCache } from 'lru-cache';
import {
  filterJobs,
  indexJobs,
  type IndexedJob,
  inPostedWindow,
  sortsByRelevance,
} from '../../../shared/jobs/filter-jobs.ts';
import { type JobBoardQuery, type JobFilters, jobFiltersCacheKey } from '../../../shared/jobs/job-filters-schema.ts';
import { sortByRelevance } from '../../../shared/jobs/relevance.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { postingRefOf } from '../../../shared/jobs/posting-groups.ts';
import type { Database } from '../../db/client.ts';
import type { ContentEncoding } from '../../http/conditional-get.ts';
import { releaseMemory, releaseMemoryAfter } from '../../lib/release-memory.ts';
import { type BoardCards, type BoardMatches, BoardQueryIndex } from './board-query-index.ts';
import { type BoardSource, type FeaturedBoardRow, loadBoardSource, readBoardVersion } from './board.repository.ts';

// The whole board (20,000 jobs is ~10 MB) lives in memory, indexed once per version with the shared rules, so a
// filtered, searched page is answered without touching the database. See docs/decisions/005-in-memory-job-board.md.

const gunzipAsync = promisify(gunzip);

export type BoardSnapshot = {
  /** The JSON body `{version, refreshedAt, jobs}`, compressed once per version. */
  gzip: Buffer;
  brotli: Buffer;
  /**
   * The uncompressed body, decompressed per call: only clients that accept no compression ask for it, and keeping
   * it would cost ~10 MB per 20,000 jobs.
   */
  identity(): Promise<Buffer>;
};

// Jobs per piece of the snapshot's JSON (~250 KB).
const snapshotPartJobs = 500;

/**
 * The snapshot's JSON in pieces, the same bytes as `JSON.stringify({ version, refreshedAt, jobs })`: compressed as
 * they come, 20,000 jobs never exist as one ~10 MB string (twice that when a title has a character beyond Latin-1)
 * and its ~10 MB of bytes, which were the server's memory peak when a board loaded. Exported for its test.
 */
export function* snapshotJsonParts(version: string, refreshedAt: string, jobs: readonly BoardJob[]): Generator<string> {
  yield `{"version":${JSON.stringify(version)},"refreshedAt":${JSON.stringify(refreshedAt)},"jobs":[`;
  for (let start = 0; start < jobs.length; start += snapshotPartJobs) {
    const part = jobs
      .slice(start, start + snapshotPartJobs)
      .map((job) => JSON.stringify(job))
      .join(',');
    yield start === 0 ? part : `,${part}`;
  }
  yield ']}';
}

/** `parts` through `compressor`, a piece at a time: the compressed bytes, and the size of the uncompressed ones. */
async function compressParts(parts: Iterable<string>, compressor: Transform): Promise<{ bytes: Buffer; size: number }> {
  let size = 0;
  const output: Buffer[] = [];
  await pipeline(
    function* () {
      for (const part of parts) {
        const bytes = Buffer.from(part);
        size += bytes.byteLength;
        yield bytes;
      }
    },
    compressor,
    async (compressed: AsyncIterable<Buffer>) => {
      for await (const chunk of compressed) output.push(chunk);
    },
  );
  return { bytes: Buffer.concat(output), size };
}

// Smaller bodies are sent as they are (the threshold @fastify/compress uses too).
const minCompressedBytes = 1024;

/**
 * One answer of the list endpoint, encoded once: its JSON as bytes, and each compressed copy made on its first
 * request and kept with the page, so a repeated page costs no serialisation and no compression (browsers always
 * ask for br or gzip).
 */
export class BoardPage {
  readonly body: Buffer;
  private brotli: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(json: string) {
    this.body = Buffer.from(json);
  }

  /** The bytes to send for the client's preferred encoding, and the encoding they are in. */
  encoded(preferred: ContentEncoding): { encoding: ContentEncoding; bytes: Buffer } {
    if (preferred === 'identity' || this.body.byteLength < minCompressedBytes)
      return { encoding: 'identity', bytes: this.body };
    if (preferred === 'br') {
      // Quality 4: a 15 KB page in ~0.2 ms, within a few percent of quality 11's size for JSON this small.
      this.brotli ??= brotliCompressSync(this.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.byteLength,
        },
      });
      return { encoding: 'br', bytes: this.brotli };
    }
    this.gzip ??= gzipSync(this.body, { level: 6 });
    return { encoding: 'gzip', bytes: this.gzip };
  }
}

/** A card (one job) that entered the board, as the board shows it, and when it entered (ms since the epoch). */
export type NewBoardCard = { job: BoardJob; enteredAt: number };

export type NewCardsOptions = {
  /** Postings left out (the student's dismissed jobs). */
  excludeJobIds?: ReadonlySet<string>;
  /** At most this many cards in `cards` (default: all); `total` counts them all. */
  limit?: number;
};

export type NewCards = { total: number; cards: NewBoardCard[] };

/** One version of the board. Immutable: a reload builds a new view, and requests keep the one they started with. */
export type BoardView = {
  version: string;
  refreshedAt: string;
  jobCount: number;
  /** The list endpoint's answer for `query`, cached per view; also remembered for `url` when given. */
  queryPage(query: JobBoardQuery, url?: string): BoardPage;
  /** The answer already sent for this exact request URL in this view (the answer is a function of the URL). */
  urlPage(url: string): BoardPage | undefined;
  snapshot(): Promise<BoardSnapshot>;
  /**
   * The cards that entered the board after `sinceMs` and match `filters` by the board's own rule (filterJobs and the
   * "posted within" window at this view's clock), newest first, then in board order. A card entered when its first
   * posting did: another city added to a job already on the board is not a new job. What saved searches (alerts)
   * count and send.
   */
  newCards(filters: JobFilters, sinceMs: number, options?: NewCardsOptions): NewCards;
};

export type BoardIndex = {
  /** The current view; throws before the first load. */
  view(): BoardView;
  /** Whether the first load is done (readiness). */
  loaded(): boolean;
  /** Loads the board if the database version moved (or a featured job expired) since the last load. */
  refresh(): Promise<void>;
  /**
   * Loads the board now, whatever the version; called during a load, it waits for it and loads again only if the
   * version moved past what that load read.
   */
  reload(): Promise<void>;
  /**
   * Runs `work` (an import's writes) with refresh() doing nothing (version polls, change notices), so that the board
   * does not load the data half written; the caller refreshes after it.
   */
  holdRefreshes<T>(work: () => Promise<T>): Promise<T>;
  /** First load, then polls the version every `pollIntervalMs`. */
  start(): Promise<void>;
  stop(): void;
};

export type BoardIndexLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type CreateBoardIndexOptions = {
  db: Database;
  log: BoardIndexLogger;
  pollIntervalMs?: number;
  /** Cached list answers per version. */
  responseCacheSize?: number;
  /** Compress the snapshot right after each load instead of on its first request. */
  eagerSnapshot?: boolean;
  now?: () => number;
};

// Three cache levels per view, from expensive to cheap: the text search (type + q: the candidates of a gram index,
// each tested by the shared search), the filtered result with its facets (location choices on top of a search; every
// page of it), and the page's finished JSON (the exact query, repeated by many visitors).
const searchCacheSize = 50;

/** A filtered result as cards (BoardQueryIndex.cards) with its facets. */
type BoardResult = BoardCards & { facets: BoardMatches['facets'] };
const resultCacheSize = 100;

/**
 * Featured jobs past their end date leave the board without any write, so the served version also names the
 * latest end date already passed: every instance computes the same string at the same moment.
 */
export function visibleFeatured(
  databaseVersion: string,
  featured: readonly FeaturedBoardRow[],
  now: number,
): { version: string; jobs: BoardJob[]; nextChangeAt: number | null } {
  let lastEnded: number | null = null;
  let nextChangeAt: number | null = null;
  const jobs: BoardJob[] = [];
  for (const { job, endPostingDate } of featured) {
    const end = endPostingDate?.getTime() ?? null;
    if (end !== null && end <= now) {
      lastEnded = Math.max(lastEnded ?? end, end);
    } else {
      jobs.push(job);
      if (end !== null) nextChangeAt = Math.min(nextChangeAt ?? end, end);
    }
  }
  const version =
    lastEnded === null ? databaseVersion : `${databaseVersion}.${Math.floor(lastEnded / 1000).toString(36)}`;
  return { version, jobs, nextChangeAt };
}

/**
 * The "Posted within" window and the "Most relevant" order over what the index matched (the shared rules, as
 * referenceQueryJobs applies them). The facets stay those of the location choices: the window narrows the list,
 * not the options.
 */
function inPostedWindowAndOrder(
  result: BoardMatches,
  query: JobBoardQuery,
  indexed: readonly IndexedJob[],
  nowMs: number,
): BoardMatches {
  const jobOf = (job: number) => indexed[job]!.job;
  let matched = result.matched;
  if (query.posted !== undefined) matched = Int32Array.from(inPostedWindow(Array.from(matched), query, nowMs, jobOf));
  if (sortsByRelevance(query)) matched = Int32Array.from(sortByRelevance(Array.from(matched), query.q!, jobOf));
  return matched === result.matched ? result : { matched, facets: result.facets };
}

/**
 * The board's postings newest card first: `order` holds positions in board order sorted by the time their card
 * entered (descending, board order within a time), `times` those times, so the postings of the cards new since a
 * time are a prefix of `order`, found by binary search.
 */
type EnteredOrder = { order: Int32Array; times: Float64Array; cardEntered: Map<number, number> };

function enteredOrderOf(indexed: readonly IndexedJob[], enteredAt: Float64Array): EnteredOrder {
  const cardEntered = new Map<number, number>();
  indexed.forEach((entry, position) => {
    const at = enteredAt[position]!;
    const earliest = cardEntered.get(entry.group);
    if (earliest === undefined || at < earliest) cardEntered.set(entry.group, at);
  });
  const cardTimes = Float64Array.from(indexed, (entry) => cardEntered.get(entry.group)!);
  const order = Int32Array.from(indexed.keys()).sort((a, b) => cardTimes[b]! - cardTimes[a]! || a - b);
  return { order, times: Float64Array.from(order, (position) => cardTimes[position]!), cardEntered };
}

/**
 * One board version's view over `indexed` (board order); exported for scripts/profile-board-queries.mjs.
 * `enteredAt[i]` is when `indexed[i]` entered the board (ms since the epoch); without it no job is ever new.
 */
export function createBoardView(
  version: string,
  refreshedAt: Date,
  indexed: IndexedJob[],
  responseCacheSize: number,
  nowMs: () => number = Date.now,
  enteredAt: Float64Array = new Float64Array(indexed.length),
): BoardView {
  const responses = new LRUCache<string, BoardPage>({ max: responseCacheSize });
  // Repeated URLs (the same link opened by many visitors) skip even parsing the query string.
  const byUrl = new LRUCache<string, BoardPage>({ max: responseCacheSize });
  const results = new LRUCache<string, BoardResult>({ max: resultCacheSize });
  const searches = new LRUCache<string, Int32Array>({ max: searchCacheSize });
  const refreshedAtText = refreshedAt.toISOString();
  let snapshot: Promise<BoardSnapshot> | null = null;
  // Jobs as numbers: type lists, interned locations and a gram index over the haystacks (board-query-index.ts).
  const index = new BoardQueryIndex(indexed);
  // Built on the first alert question, not at load: most instances' views may never be asked one.
  let entered: EnteredOrder | null = null;

  function searched(query: JobBoardQuery): Int32Array {
    const key = `${query.type}\u0000${query.q ?? ''}`;
    let matches = searches.get(key);
    if (matches === undefined) {
      matches = index.search(query.type, query.q);
      searches.set(key, matches);
    }
    return matches;
  }

  /** Every card matching the filters, with the facets; pages are slices of it. */
  function filtered(query: JobBoardQuery, key: string): BoardResult {
    let result = results.get(key);
    if (result === undefined) {
      const matches = inPostedWindowAndOrder(index.filter(searched(query), query), query, indexed, nowMs());
      result = { ...index.cards(matches.matched), facets: matches.facets };
      results.set(key, result);
    }
    return result;
  }

  async function buildSnapshot(): Promise<BoardSnapshot> {
    const parts = () =>
      snapshotJsonParts(
        version,
        refreshedAtText,
        indexed.map((entry) => entry.job),
      );
    // One after the other: each compression runs on a pool thread whose malloc arena keeps its peak, so two at
    // once would keep two. The JSON is written twice rather than kept between them.
    const gzipped = await compressParts(parts(), createGzip({ level: 6 }));
    const brotli = await compressParts(
      parts(),
      createBrotliCompress({
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          // A 512 KB window instead of 4 MB: the encoder takes ~6 MB instead of ~16 MB for 12 MB of JSON, and the
          // answer is ~1% larger (these cards repeat their shape within a few KB).
          [zlibConstants.BROTLI_PARAM_LGWIN]: 19,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: gzipped.size,
        },
      }),
    );
    return { gzip: gzipped.bytes, brotli: brotli.bytes, identity: () => gunzipAsync(gzipped.bytes) };
  }

  return {
    version,
    refreshedAt: refreshedAtText,
    jobCount: indexed.length,
    queryPage(query, url) {
      const key = jobFiltersCacheKey(query, nowMs());
      const pageKey = `${key}\u0000${query.offset}\u0000${query.limit}`;
      let page = responses.get(pageKey);
      if (page === undefined) {
        const result = filtered(query, key);
        const total = result.starts.length - 1;
        const jobs: BoardJob[] = [];
        for (let card = query.offset; card < Math.min(total, query.offset + query.limit); card++) {
          jobs.push(index.cardJob(result, card));
        }
        page = new BoardPage(
          JSON.stringify({ jobs, total, facets: result.facets, version, refreshedAt: refreshedAtText }),
        );
        responses.set(pageKey, page);
      }
      // A "posted within" answer moves with the clock: only its filter key (which carries the hour) may be reused.
      if (url !== undefined && query.posted === undefined) byUrl.set(url, page);
      return page;
    },
    urlPage(url) {
      return byUrl.get(url);
    },
    snapshot() {
      snapshot ??= buildSnapshot().catch((error: unknown) => {
        snapshot = null;
        throw error;
      });
      return snapshot;
    },
    newCards(filters, sinceMs, { excludeJobIds, limit = Infinity } = {}) {
      entered ??= enteredOrderOf(indexed, enteredAt);
      const { order, times, cardEntered } = entered;
      let newCount = 0;
      for (let high = times.length; newCount < high;) {
        const middle = (newCount + high) >>> 1;
        if (times[middle]! > sinceMs) newCount = middle + 1;
        else high = middle;
      }
      // Board order again, so the shared rule sees what the board sees and a card's postings are side by side.
      const candidates = Array.from(order.slice(0, newCount).sort(), (position) => indexed[position]!);
      let matched = inPostedWindow(filterJobs(candidates, filters), filters, nowMs());
      if (excludeJobIds !== undefined && excludeJobIds.size > 0) {
        matched = matched.filter((entry) => !excludeJobIds.has(entry.job.id));
      }
      const cards: { postings: IndexedJob[]; enteredAt: number }[] = [];
      for (const entry of matched) {
        const last = cards.at(-1);
        if (last !== undefined && last.postings[0]!.group === entry.group) last.postings.push(entry);
        else cards.push({ postings: [entry], enteredAt: cardEntered.get(entry.group)! });
      }
      // A stable sort: board order within one time.
      cards.sort((a, b) => b.enteredAt - a.enteredAt);
      return {
        total: cards.length,
        cards: cards.slice(0, limit).map(({ postings, enteredAt: at }) => {
          const [first, ...others] = postings;
          const job =
            others.length === 0 ? first!.job : { ...first!.job, alsoPosted: others.map((o) => postingRefOf(o.job)) };
          return { job, enteredAt: at };
        }),
      };
    },
  };
}

/** When each of `indexed` entered the board, from the source it was built from. */
function enteredTimes(indexed: readonly IndexedJob[], source: BoardSource): Float64Array {
  const enteredAt = new Map<BoardJob, number>();
  source.listings.forEach((job, i) => enteredAt.set(job, source.listingsEnteredAt[i]!));
  for (const row of source.featured) enteredAt.set(row.job, row.enteredAt);
  return Float64Array.from(indexed, (entry) => enteredAt.get(entry.job) ?? 0);
}

export function createBoardIndex({
  db,
  log,
  pollIntervalMs = 15_000,
  responseCacheSize = 500,
  eagerSnapshot = true,
  now = Date.now,
}: CreateBoardIndexOptions): BoardIndex {
  let current: { view: BoardView; databaseVersion: string; nextChangeAt: number | null } | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let pollFailing = false;
  let refreshesHeld = 0;

  async function load(): Promise<void> {
    const started = now();
    const source = await loadBoardSource(db);
    // A large board's memory is returned at three points of its load (decision 044).
    const release = () => releaseMemoryAfter(source.listings.length + source.featured.length);
    // The rows' pages are garbage now, and what an ingestion or the requests since the last load left behind.
    release();
    const at = now();
    const featured = visibleFeatured(source.state.version, source.featured, at);
    const indexed = indexJobs([...featured.jobs, ...source.listings]);
    const view = createBoardView(
      featured.version,
      source.state.refreshedAt,
      indexed,
      responseCacheSize,
      now,
      enteredTimes(indexed, source),
    );
    current = { view, databaseVersion: source.state.version, nextChangeAt: featured.nextChangeAt };
    log.info({ version: view.version, jobs: view.jobCount, ms: now() - started }, 'job board loaded');
    // The previous view and what building this one took go before the snapshot's compressors take theirs.
    release();
    if (eagerSnapshot) {
      view.snapshot().then(
        () => release(),
        (error: unknown) => log.warn({ error: String(error) }, 'board snapshot failed'),
      );
    }
  }

  // One load at a time; calls during a load share one follow-up, which loads only if the data moved past what the
  // running load read (a second board built right after the first would double the memory for nothing).
  function reload(): Promise<void> {
    if (queued) return queued;
    if (!running) {
      running = load().finally(() => {
        running = null;
      });
      return running;
    }
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return current ? refresh() : reload();
      });
    return queued;
  }

  async function refresh(): Promise<void> {
    // This instance is writing listings and refreshes when it is done: a load now would read half of them.
    if (refreshesHeld > 0) return;
    const databaseVersion = await readBoardVersion(db);
    const expired = current?.nextChangeAt != null && now() >= current.nextChangeAt;
    if (!current || databaseVersion !== current.databaseVersion || expired) await reload();
  }

  async function poll(): Promise<void> {
    try {
      await refresh();
      if (pollFailing) log.info({}, 'job board version check works again');
      pollFailing = false;
    } catch (error) {
      // Log once per outage, not every 15 s; the board keeps serving the last loaded version.
      if (!pollFailing) log.warn({ error: String(error) }, 'job board version check failed');
      pollFailing = true;
    }
  }

  return {
    view() {
      if (!current) throw new Error('The job board is not loaded yet');
      return current.view;
    },
    loaded: () => current !== null,
    refresh,
    reload,
    async holdRefreshes(work) {
      refreshesHeld += 1;
      try {
        return await work();
      } finally {
        refreshesHeld -= 1;
      }
    },
    async start() {
      await reload();
      // What starting took (modules compiled, migrations, the first load) goes before the server takes requests.
      releaseMemory();
      clearInterval(timer);
      timer = setInterval(() => void poll(), pollIntervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
