import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

// How command-line tools reach a running server: the embedded database allows one process per data folder, so
// `npm run ingest` hands its work to the server that holds it. The server writes its loopback address and a fresh
// random token to DATA_DIR/admin-token (readable by its owner only); whoever can read that file may call
// /api/admin/*, exactly as whoever can read the data folder may change the database.

export const adminEndpointFileName = 'admin-token';

export type AdminEndpoint = {
  url: string;
  token: string;
  pid: number;
  /** The process holding DATA_DIR's lock for this server: itself, or `npm start` which locked it first. */
  lockHolderPid?: number;
};

const adminEndpointSchema = z.object({
  url: z.url(),
  token: z.string().min(32),
  pid: z.number().int().positive(),
  lockHolderPid: z.number().int().positive().optional(),
});

export function createAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison, whatever the lengths. */
export function adminTokensMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The address a local client should use for a server listening on `address` (any-interface -> loopback). */
export function loopbackUrl(address: AddressInfo): string {
  if (address.family === 'IPv6') {
    const host = address.address === '::' ? '::1' : address.address;
    return `http://[${host}]:${address.port}`;
  }
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

export function publishAdminEndpoint(dataDir: string, endpoint: AdminEndpoint): void {
  const path = join(dataDir, adminEndpointFileName);
  const temporaryPath = `${path}.${process.pid}.tmp`;
  // Created with owner-only permissions, then renamed over any older file, so no reader sees a partial token.
  writeFileSync(temporaryPath, `${JSON.stringify(endpoint)}\n`, { mode: 0o600, flag: 'w' });
  renameSync(temporaryPath, path);
}

export function readAdminEndpoint(dataDir: string): AdminEndpoint | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, adminEndpointFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return adminEndpointSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Removes the file if it is still this process's (a newer server may have replaced it). */
export function withdrawAdminEndpoint(dataDir: string, pid = process.pid): void {
  if (readAdminEndpoint(dataDir)?.pid !== pid) return;
  try {
    unlinkSync(join(dataDir, adminEndpointFileName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
