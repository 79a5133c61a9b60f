import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { acquireDataDirLock, DataDirLockedError, lockFileName } from './data-dir-lock.ts';

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-lock-'));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another real Node process that takes the lock (Node runs the .ts module by stripping types). */
async function lockFromAnotherProcess(dir: string): Promise<ChildProcess> {
  const moduleUrl = pathToFileURL(join(import.meta.dirname, 'data-dir-lock.ts')).href;
  const code = `import { acquireDataDirLock } from ${JSON.stringify(moduleUrl)}
acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000)`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code}): ${stderr}`)));
  });
  return child;
}

async function killAndWait(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('acquireDataDirLock', () => {
  it('writes our pid into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(lock.path).toBe(join(dataDir, lockFileName));
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('creates a missing data folder', () => {
    const nested = join(dataDir, 'a', 'b');
    acquireDataDirLock(nested).release();
    expect(existsSync(nested)).toBe(true);
  });

  it('refuses while another live process holds the folder, naming its pid and what to do', async () => {
    const holder = await lockFromAnotherProcess(dataDir);
    let refused: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holderPid).toBe(holder.pid);
    expect((refused as Error).message).toContain(`another process (pid ${holder.pid}) is using DATA_DIR ${dataDir}`);
    expect((refused as Error).message).toMatch(/stop it or set DATA_DIR/);
  });

  it('takes over a lock left by a process that died without releasing it', async () => {
    const holder = await lockFromAnotherProcess(dataDir);
    await killAndWait(holder);
    expect(readFileSync(join(dataDir, lockFileName), 'utf8').trim()).toBe(String(holder.pid));

    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('treats an unreadable lock file as stale', () => {
    writeFileSync(join(dataDir, lockFileName), 'garbage');
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a second lock inside the same process', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/this process is using DATA_DIR/);
    lock.release();
  });

  it('leaves alone a lock that another process took over after ours', () => {
    const lock = acquireDataDirLock(dataDir);
    writeFileSync(lock.path, '999999999\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8').trim()).toBe('999999999');
  });

  it('leaves no temporary files behind', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow();
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('openDatabase on a data folder', () => {
  it('holds the lock while open and releases it on close', { timeout: 60_000 }, async () => {
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      await first.ping();
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
    const second = await openDatabase({ dataDir });
    await second.ping();
    await second.close();
  });
});
