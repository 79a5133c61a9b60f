import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A secret the embedded default keeps in DATA_DIR (owner-readable only), made on first use: a local install needs no
// configuration, and the secret survives restarts like the database beside it. With several instances (DATABASE_URL)
// every instance must hold the same value, so those take theirs from the environment instead (env.ts).

export function dataDirSecret(dataDir: string, name: string): string {
  const path = join(dataDir, name);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': of two processes starting at once, the first file wins and the other reads it.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
