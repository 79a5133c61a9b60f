import type { Database, DatabaseHandle } from '../db/client.ts';
import { dataDirLockHolder, DataDirLockedError } from '../db/data-dir-lock.ts';
import type { IngestCliEnv } from '../env.ts';
import { type AdminEndpoint, readAdminEndpoint } from '../modules/admin/index.ts';

// Command-line tools that change data: the embedded database belongs to one process, so while a server runs on
// DATA_DIR the work goes through its loopback admin endpoint; otherwise (or with DATABASE_URL) the tool opens the
// database itself. (`npm run ingest` follows the same rule with its own large request bodies, through the two helpers below.)

export type Route = 'server' | 'database';

export type ServerOrDatabaseWork<T> = {
  throughServer(call: (path: string, body?: unknown) => Promise<unknown>): Promise<T>;
  /** `database` for work that needs more than queries (its kind, its own senders). */
  directly(db: Database, database: DatabaseHandle): Promise<T>;
};

export async function runOnServerOrDatabase<T>(
  env: IngestCliEnv,
  work: ServerOrDatabaseWork<T>,
): Promise<{ result: T; route: string }> {
  const endpoint = runningServerEndpoint(env);
  if (endpoint !== null) {
    const result = await work.throughServer((path, body) => callAdmin(endpoint, path, body));
    return { result, route: `through the running server (pid ${endpoint.pid})` };
  }
  const result = await withOwnDatabase(env, (database) => work.directly(database.db, database));
  return { result, route: env.databaseUrl ? 'in DATABASE_URL' : `in ${env.dataDir}` };
}

/** The admin endpoint of the server holding DATA_DIR, or null when the tool should open the database itself. */
export function runningServerEndpoint(env: IngestCliEnv): AdminEndpoint | null {
  const holder = env.databaseUrl ? null : dataDirLockHolder(env.dataDir);
  if (holder === null) return null;
  const endpoint = readAdminEndpoint(env.dataDir);
  // `npm start` locks DATA_DIR itself and its server inherits the lock: the endpoint names the lock's holder.
  if (!endpoint || (endpoint.lockHolderPid ?? endpoint.pid) !== holder) {
    throw new Error(
      `A server (pid ${holder}) is using DATA_DIR ${env.dataDir} but has not published its admin endpoint ` +
        '(it may still be starting). Try again in a moment.',
    );
  }
  return endpoint;
}

/** Opens and migrates the database for `work`, and closes it afterwards. */
export async function withOwnDatabase<T>(
  env: IngestCliEnv,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  // Loaded only here: the embedded database is heavy, and the usual path goes through the server.
  const { openDatabase } = await import('../db/client.ts');
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(`${error.message}\nRun the command again once it is up.`, { cause: error });
    }
    throw error;
  }
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

async function callAdmin(endpoint: AdminEndpoint, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/api/admin${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${endpoint.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw new Error(`The server (pid ${endpoint.pid}) at ${endpoint.url} did not answer: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  if (!response.ok || !answer) throw new Error(answer?.error ?? `The server answered HTTP ${response.status}`);
  return answer;
}
