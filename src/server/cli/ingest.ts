import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type ExternalFeedType, externalFeedTypes } from '../../shared/jobs/listing-schemas.ts';
import { type IngestCliEnv, loadIngestCliEnv } from '../env.ts';
import type { AdminEndpoint } from '../modules/admin/index.ts';
import {
  createIngestService,
  downloadFeed,
  FeedReadError,
  type FeedWriteResult,
  type ImportReport,
  type ImportSource,
  readFeedFile,
  type SourceSummary,
} from '../modules/jobs/index.ts';
import { runningServerEndpoint, withOwnDatabase } from './server-or-database.ts';

// `npm run ingest -- <file-or-url> [...] [--type internship|new-grad]`: imports community feed files on demand.
// The embedded database belongs to one process, so while a server runs on DATA_DIR the files go through its
// loopback admin endpoint; otherwise (or with DATABASE_URL) this command writes to the database itself
// (server-or-database.ts; the import has its own request, as its bodies are large and slow to write).

const usage = `Usage: npm run ingest -- <file-or-url> [<file-or-url> ...] [--type internship|new-grad]

Imports community job feeds (JSON arrays of listings) into the job board. Each source replaces the listings of
its type; several sources of one type are merged. Without --type, the type comes from the name: one containing
"intern" is an internship feed, one containing "grad" a new-grad feed.

Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

class UsageError extends Error {
  override name = 'UsageError';
}

/** 'internships-current.json' -> internship, 'new-grads.json' -> new-grad; null when the name says neither or both. */
export function inferFeedType(source: string): ExternalFeedType | null {
  const name = basename(isUrl(source) ? new URL(source).pathname : source).toLowerCase();
  const intern = name.includes('intern');
  const grad = name.includes('grad');
  if (intern === grad) return null;
  return intern ? 'internship' : 'new-grad';
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

type Plan = { sources: { location: string; type: ExternalFeedType }[] };

function parseCommandLine(argv: string[]): Plan | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { type: { type: 'string', short: 't' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) return 'help';
  const given = parsed.values.type;
  if (given !== undefined && !(externalFeedTypes as readonly string[]).includes(given)) {
    throw new UsageError(`--type must be internship or new-grad, not "${given}"`);
  }
  if (parsed.positionals.length === 0) throw new UsageError('Name at least one feed file or URL');
  return {
    sources: parsed.positionals.map((location) => {
      const type = (given as ExternalFeedType | undefined) ?? inferFeedType(location);
      if (!type) {
        throw new UsageError(
          `Cannot tell the type of ${location} from its name: add --type internship or --type new-grad`,
        );
      }
      return { location, type };
    }),
  };
}

async function readSource(location: string): Promise<unknown> {
  try {
    if (!isUrl(location)) return await readFeedFile(location);
    const downloaded = await downloadFeed(location);
    if (downloaded.status !== 'downloaded') throw new FeedReadError('unexpected 304 answer');
    return downloaded.data;
  } catch (error) {
    if (error instanceof FeedReadError) throw new FeedReadError(`${location}: ${error.message}`);
    throw error;
  }
}

type CliReport = ImportReport & { board?: { version: string; jobs: number } };

async function importThroughServer(endpoint: AdminEndpoint, sources: ImportSource[]): Promise<CliReport> {
  const body = JSON.stringify({
    sources: sources.map((source) => ({ name: source.name, type: source.type, records: source.data })),
  });
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/api/admin/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(5 * 60_000),
    });
  } catch (error) {
    throw new Error(`The server (pid ${endpoint.pid}) at ${endpoint.url} did not answer: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const answer = (await response.json().catch(() => null)) as (CliReport & { error?: string }) | null;
  if (!response.ok || !answer) {
    throw new Error(`The server refused the import (HTTP ${response.status}): ${answer?.error ?? 'no details'}`);
  }
  return answer;
}

async function importDirectly(env: IngestCliEnv, sources: ImportSource[]): Promise<CliReport> {
  const { pino } = await import('pino');
  return await withOwnDatabase(env, (database) =>
    createIngestService({ database, feeds: [], log: pino({ level: env.logLevel }) }).importSources(sources),
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeSource(source: SourceSummary): string {
  const { invalid, inactive, duplicate } = source.skipped;
  const skipped = invalid + inactive + duplicate;
  return (
    `${source.name} (${source.type}): ${plural(source.records, 'record')}, ${source.imported} imported, ` +
    `${skipped} skipped (${invalid} invalid, ${inactive} inactive, ${duplicate} duplicate)`
  );
}

function describeFeed(feed: FeedWriteResult): string {
  const other = feed.otherFeed > 0 ? `, ${feed.otherFeed} left to the other feed` : '';
  return (
    `${feed.type} listings: ${feed.imported} active (${feed.added} new, ${feed.updated} changed, ` +
    `${feed.unchanged} unchanged), ${feed.deactivated} deactivated${other}`
  );
}

export async function main(argv: string[], environment: Record<string, string | undefined> = process.env) {
  let plan: Plan | 'help';
  try {
    plan = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  if (plan === 'help') {
    console.log(usage);
    return 0;
  }

  try {
    const env = loadIngestCliEnv(environment);
    const sources: ImportSource[] = [];
    for (const { location, type } of plan.sources) {
      sources.push({ name: location, type, data: await readSource(location) });
    }

    let report: CliReport;
    let route: string;
    const endpoint = runningServerEndpoint(env);
    if (endpoint !== null) {
      report = await importThroughServer(endpoint, sources);
      route = `through the running server (pid ${endpoint.pid})`;
    } else {
      report = await importDirectly(env, sources);
      route = env.databaseUrl ? 'into DATABASE_URL' : `into ${env.dataDir}`;
    }

    for (const source of report.sources) console.log(describeSource(source));
    for (const feed of report.feeds) console.log(describeFeed(feed));
    const changed = report.feeds.some((feed) => feed.version !== null);
    const board = report.board ? `; the board now shows ${plural(report.board.jobs, 'job')}` : '';
    console.log(`Imported ${route}${changed ? '' : ' (nothing changed)'}${board}.`);
    return 0;
  } catch (error) {
    // EnvError, FeedReadError, a refused import, a locked folder: all carry a message meant for the person.
    if (!(error instanceof Error)) throw error;
    console.error(`Import failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
