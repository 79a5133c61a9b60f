import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateVapidKeys, VapidKeysFileError, vapidKeysFileName, vapidKeysFor } from './vapid-keys.ts';

// The embedded default makes its VAPID key pair on the first start and keeps it in DATA_DIR: every later start signs
// with the same pair, so browsers' subscriptions keep working across restarts.

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-vapid-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('VAPID keys in DATA_DIR', () => {
  it('are made on the first start (owner-readable only) and read back unchanged on the next ones', () => {
    const first = loadOrCreateVapidKeys(join(dataDir, 'new-folder'));
    expect(first.created).toBe(true);
    expect(first.keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dataDir, 'new-folder', vapidKeysFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.keys);
    const second = loadOrCreateVapidKeys(join(dataDir, 'new-folder'));
    expect(second).toEqual({ keys: first.keys, created: false });
  });

  it('refuses to start on a damaged key file rather than silently replacing the pair', () => {
    writeFileSync(join(dataDir, vapidKeysFileName), '{"publicKey": "x"}');
    expect(() => loadOrCreateVapidKeys(dataDir)).toThrow(VapidKeysFileError);
    expect(() => loadOrCreateVapidKeys(dataDir)).toThrow(/vapid-keys\.json is not a VAPID key pair/);
    expect(readFileSync(join(dataDir, vapidKeysFileName), 'utf8')).toBe('{"publicKey": "x"}');
  });

  it('uses the environment pair when set, and then writes nothing to DATA_DIR', () => {
    const keys = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'k'.repeat(43) };
    const folder = join(dataDir, 'untouched');
    expect(
      vapidKeysFor({ dataDir: folder, push: { vapidKeys: keys, subject: 'mailto:a@b.c', extraAllowedHosts: [] } }),
    ).toEqual({
      keys,
      created: false,
    });
    expect(() => statSync(folder)).toThrow();
  });
});
