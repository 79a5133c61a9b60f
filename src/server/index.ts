import { pino } from 'pino';
import { buildApp } from './app.ts';
import { logSerializers } from './http/log-serializers.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { type DatabaseHandle, MigrationError, openDatabase } from './db/client.ts';
import { EnvError, type Env, loadEnv } from './env.ts';
import { createAdminToken, loopbackUrl, publishAdminEndpoint, withdrawAdminEndpoint } from './modules/admin/index.ts';
import { seedDemoData } from './modules/company/index.ts';
import { createStorage } from './storage/create-storage.ts';

/** After the grace, what is left to stop (mail round, database) gets this long before the process gives up. */
const closeDeadlineMs = 30_000;

function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const env = loadEnvOrExit();
const logger = pino({ level: env.logLevel, serializers: logSerializers });
for (const warning of env.warnings) logger.warn(warning);

async function openDatabaseOrExit(): Promise<DatabaseHandle> {
  try {
    // For the embedded database this also locks DATA_DIR against a second server.
    return await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      lockHeldBy: env.dataDirLockHeldBy,
      onPoolError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    logger.fatal(error.message);
    process.exit(1);
  }
}

const database = await openDatabaseOrExit();
const storage = createStorage(env);

try {
  await database.migrate();
  if (env.seedDemoData) await seedDemoData(database.db, storage);
} catch (error) {
  // A MigrationError's message is PostgreSQL's own (no parameters); other errors go through the log serializers.
  const reason = error instanceof MigrationError ? `: ${error.message}` : '';
  logger.fatal({ err: error }, `database setup failed${reason}`);
  await database.close();
  process.exit(1);
}

// With the embedded database, command-line tools (npm run ingest) must go through this process: see admin-endpoint.ts.
const adminToken = database.kind === 'pglite' ? createAdminToken() : null;
const app = await buildApp({ env, database, logger, storage, adminToken });

let shuttingDown = false;
/**
 * SIGTERM: readiness answers 503 and no connection is accepted any more; requests in progress finish, each up to its
 * own timeout (SHUTDOWN_GRACE_MS, default HTTP_REQUEST_TIMEOUT_MS), after which the connections still open are cut.
 * The mail sender finishes the sends it started and releases the messages it had claimed but not started, so
 * another instance takes them at once and nothing is sent twice. Exit 0 when all of that went as planned.
 */
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const graceMs = env.http.shutdownGraceMs;
  app.beginDraining();
  logger.info({ signal, graceMs }, 'stopping: no new connections; waiting for the requests in progress');
  let cut = false;
  const graceTimer = setTimeout(() => {
    cut = true;
    logger.warn({ graceMs }, 'stopping: grace over, closing the connections still open');
    app.server.closeAllConnections();
  }, graceMs).unref();
  // A stuck close must not keep the process (and the data folder's lock) forever.
  setTimeout(() => {
    logger.error('shutdown took too long, exiting');
    process.exit(1);
  }, graceMs + closeDeadlineMs).unref();
  try {
    if (adminToken) withdrawAdminEndpoint(env.dataDir);
    await app.close();
    clearTimeout(graceTimer);
    storage.destroy?.();
    await database.close();
    logger.info({ cutConnections: cut }, 'stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

let address: string;
try {
  address = await app.listen({ port: env.port, host: env.host });
} catch (error) {
  logger.fatal({ err: error }, `could not listen on ${env.host}:${env.port}`);
  await database.close();
  process.exit(1);
}
const boundAddress = app.server.address();
if (adminToken && boundAddress && typeof boundAddress === 'object') {
  publishAdminEndpoint(env.dataDir, {
    url: loopbackUrl(boundAddress),
    token: adminToken,
    pid: process.pid,
    lockHolderPid: env.dataDirLockHeldBy ?? process.pid,
  });
}
// Listening on all interfaces reports http://0.0.0.0:port, which is not a page a person can open.
const url = address.replace('://0.0.0.0:', '://localhost:').replace('://[::]:', '://localhost:');
logger.info(
  { database: database.kind, authEmulator: env.firebase.authEmulatorHost, storage: env.s3 ? 's3' : 'local-disk' },
  `Campus Jobs is ready at ${url}`,
);
