import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { acquireDataDirLock } from '../../src/server/db/data-dir-lock.ts';
import type { Env } from '../../src/server/env.ts';
import { packageRoot } from '../../src/server/package-root.ts';
import { createAdminToken, loopbackUrl, publishAdminEndpoint } from '../../src/server/modules/admin/index.ts';

// The command-line tools (src/server/cli) as a person runs them: a separate process, next to a server or alone.

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs src/server/cli/<name>.ts in its own Node process; `env` is added to this process's environment. */
export function runCliScript(name: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  // Node >= 22.18 runs the TypeScript source directly; older versions need the flag.
  const flags = process.features.typescript ? [] : ['--experimental-strip-types'];
  const child = spawn(
    process.execPath,
    [...flags, '--no-warnings', join(packageRoot, 'src', 'server', 'cli', `${name}.ts`), ...args],
    {
      cwd: packageRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export type ServerOnDataDir = { app: FastifyInstance; close(): Promise<void> };

/** What index.ts does: hold DATA_DIR, listen on loopback, publish the admin endpoint for the tools to find. */
export async function startServerOnDataDir({
  dataDir,
  database,
  env,
}: {
  dataDir: string;
  database: DatabaseHandle;
  env: Env;
}): Promise<ServerOnDataDir> {
  const lock = acquireDataDirLock(dataDir);
  const token = createAdminToken();
  const app = await buildApp({ env, database, adminToken: token });
  await app.listen({ port: 0, host: '127.0.0.1' });
  publishAdminEndpoint(dataDir, { url: loopbackUrl(app.server.address() as AddressInfo), token, pid: process.pid });
  return {
    app,
    async close() {
      await app.close();
      lock.release();
    },
  };
}
