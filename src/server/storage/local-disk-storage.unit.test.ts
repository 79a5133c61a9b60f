import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { describeStorageContract, hostileKeys } from './storage.contract.ts';
import { assertValidStorageKey, InvalidStorageKeyError } from '../lib/storage-keys.ts';
import { type Storage, toStorageKeySegment } from './storage.ts';

let parentDir: string;
let rootDir: string;
let storage: Storage;

beforeEach(() => {
  parentDir = mkdtempSync(join(tmpdir(), 'campus-jobs-storage-'));
  rootDir = join(parentDir, 'files');
  storage = createLocalDiskStorage(rootDir);
});

afterEach(() => {
  rmSync(parentDir, { recursive: true, force: true });
});

describeStorageContract('local disk storage', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'campus-jobs-storage-contract-'));
  return {
    storage: createLocalDiskStorage(join(dir, 'files')),
    requestCount: () => 0,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('local disk storage', () => {
  it('keeps each key as a file under the storage folder', async () => {
    await storage.put('organizations/northwind-labs/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(readFileSync(join(rootDir, 'organizations', 'northwind-labs', 'logo.svg'), 'utf8')).toContain('<svg');
  });

  it('overwrites an existing object and leaves no temporary files', async () => {
    await storage.put('resumes/r1.pdf', new Uint8Array([1, 2, 3]));
    await storage.put('resumes/r1.pdf', new Uint8Array([4, 5]));
    expect(readdirSync(join(rootDir, 'resumes'))).toEqual(['r1.pdf']);
  });

  it('lists neither temporary files of writes in progress nor files whose names are not valid keys', async () => {
    await storage.put('resumes/kept.pdf', 'x');
    writeFileSync(join(rootDir, 'resumes', '.0b7c.tmp'), 'half a file');
    writeFileSync(join(rootDir, 'resumes', 'name with spaces.pdf'), 'put there by hand');
    const keys: string[] = [];
    for await (const object of storage.list('resumes/')) keys.push(object.key);
    expect(keys).toEqual(['resumes/kept.pdf']);
  });

  it('reports the file modification time in list', async () => {
    await storage.put('resumes/old.pdf', 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(join(rootDir, 'resumes', 'old.pdf'), twoHoursAgo, twoHoursAgo);
    const listed: Date[] = [];
    for await (const object of storage.list('resumes/')) listed.push(object.lastModified);
    expect(listed.map((date) => Math.round(date.getTime() / 1000))).toEqual([Math.round(twoHoursAgo.getTime() / 1000)]);
  });

  it.each(hostileKeys)('refuses the key %j for every operation and writes nothing', async (key) => {
    await expect(storage.put(key, 'pwned')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    expect(existsSync(join(parentDir, 'escape.txt'))).toBe(false);
    expect(existsSync(rootDir)).toBe(false);
  });
});

describe('assertValidStorageKey', () => {
  it.each(['logo.svg', 'organizations/northwind-labs/logo.svg', 'resumes/uid_123/2026-11-22.cv.pdf'])(
    'accepts %j',
    (key) => {
      expect(assertValidStorageKey(key)).toBe(key);
    },
  );
});

describe('toStorageKeySegment', () => {
  it.each([
    ['Northwind Labs', 'northwind-labs'],
    ['Société Générale', 'societe-generale'],
    ['My CV (final).PDF', 'my-cv-final-.pdf'],
    ['../../etc/passwd', 'etc-passwd'],
    ['..', 'file'],
    ['', 'file'],
    ['.env', 'env'],
  ])('%j -> %j, always a valid key', (text, expected) => {
    const segment = toStorageKeySegment(text);
    expect(segment).toBe(expected);
    expect(() => assertValidStorageKey(segment)).not.toThrow();
  });
});
