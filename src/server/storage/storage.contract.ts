import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from '../lib/storage-keys.ts';
import type { Storage, StoredObjectInfo } from './storage.ts';

// What every Storage implementation promises, run against each of them (local disk, S3).

export type StorageUnderTest = {
  storage: Storage;
  /** How many requests reached the backing service so far (0 for the local disk, which has none). */
  requestCount(): number;
  dispose(): Promise<void>;
};

export const hostileKeys = [
  '',
  '../escape.txt',
  'organizations/../../escape.txt',
  '..',
  '/etc/passwd',
  'organizations//logo.svg',
  'organizations/',
  'organizations\\..\\escape.txt',
  'C:\\Windows\\win.ini',
  '.env',
  'organizations/./logo.svg',
  'organizations/logo..svg',
  '%2e%2e/escape.txt',
  'name with spaces.txt',
  'nul\u0000byte.txt',
  'line\nbreak.txt',
  'x'.repeat(513),
];

async function collect(objects: AsyncIterable<StoredObjectInfo>): Promise<StoredObjectInfo[]> {
  const all: StoredObjectInfo[] = [];
  for await (const object of objects) all.push(object);
  return all;
}

export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name} (storage contract)`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;

    beforeEach(async () => {
      subject = await open();
      storage = subject.storage;
    });

    afterEach(async () => {
      await subject.dispose();
    });

    it('puts, gets, reports and deletes an object under a nested key', async () => {
      const key = 'organizations/northwind-labs/logo.svg';
      await storage.put(key, '<svg xmlns="http://www.w3.org/2000/svg"/>');
      expect(await storage.exists(key)).toBe(true);
      const stored = await storage.get(key);
      expect(new TextDecoder().decode(stored?.data)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
      expect(stored?.contentType).toBe('image/svg+xml');

      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
    });

    it('round-trips every byte value unchanged', async () => {
      const bytes = new Uint8Array(256 * 4).map((_, index) => index % 256);
      await storage.put('resumes/binary.pdf', bytes, { contentType: 'application/pdf' });
      const stored = await storage.get('resumes/binary.pdf');
      expect(stored?.data).toBeInstanceOf(Uint8Array);
      expect(Array.from(stored?.data ?? [])).toEqual(Array.from(bytes));
      expect(stored?.contentType).toBe('application/pdf');
    });

    it('overwrites an existing object with the new content', async () => {
      await storage.put('resumes/r1.pdf', new Uint8Array([1, 2, 3]));
      await storage.put('resumes/r1.pdf', new Uint8Array([4, 5]));
      expect(Array.from((await storage.get('resumes/r1.pdf'))?.data ?? [])).toEqual([4, 5]);
      expect((await collect(storage.list('resumes/'))).map((object) => object.key)).toEqual(['resumes/r1.pdf']);
    });

    it('derives the content type from the extension when the put gives none', async () => {
      await storage.put('organizations/acme/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      await storage.put('organizations/acme/notes.bin', 'x');
      expect((await storage.get('organizations/acme/logo.png'))?.contentType).toBe('image/png');
      expect((await storage.get('organizations/acme/notes.bin'))?.contentType).toBe('application/octet-stream');
    });

    it('answers null / false for missing keys and deletes them without error', async () => {
      expect(await storage.get('missing/file.png')).toBeNull();
      expect(await storage.exists('missing/file.png')).toBe(false);
      await expect(storage.delete('missing/file.png')).resolves.toBeUndefined();
    });

    it('does not report a folder as an object', async () => {
      await storage.put('organizations/a/logo.svg', 'x');
      expect(await storage.exists('organizations/a')).toBe(false);
      expect(await storage.get('organizations/a')).toBeNull();
    });

    it('lists the objects under a prefix in key order, with their modification time, and nothing else', async () => {
      const before = Date.now();
      await storage.put('resumes/b.pdf', 'b');
      await storage.put('resumes/a.pdf', 'a');
      await storage.put('resumes/nested/c.pdf', 'c');
      await storage.put('resumes-archive/d.pdf', 'd');
      await storage.put('applications/e.pdf', 'e');

      const resumes = await collect(storage.list('resumes/'));
      expect(resumes.map((object) => object.key)).toEqual(['resumes/a.pdf', 'resumes/b.pdf', 'resumes/nested/c.pdf']);
      for (const object of resumes) {
        expect(object.lastModified).toBeInstanceOf(Date);
        // Object stores keep whole seconds.
        expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
        expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
      expect((await collect(storage.list(''))).map((object) => object.key)).toEqual([
        'applications/e.pdf',
        'resumes-archive/d.pdf',
        'resumes/a.pdf',
        'resumes/b.pdf',
        'resumes/nested/c.pdf',
      ]);
      expect(await collect(storage.list('nothing-here/'))).toEqual([]);

      await storage.delete('resumes/a.pdf');
      expect((await collect(storage.list('resumes/'))).map((object) => object.key)).toEqual([
        'resumes/b.pdf',
        'resumes/nested/c.pdf',
      ]);
    });

    it('lists a folder larger than one page completely', async () => {
      const keys = Array.from({ length: 7 }, (_, index) => `applications/${String(index).padStart(2, '0')}.pdf`);
      for (const key of keys) await storage.put(key, key);
      expect((await collect(storage.list('applications/'))).map((object) => object.key)).toEqual(keys);
    });

    it.each(hostileKeys)('refuses the key %j for every operation before any request is made', async (key) => {
      const requestsBefore = subject.requestCount();
      await expect(storage.put(key, 'pwned')).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      expect(subject.requestCount()).toBe(requestsBefore);
      expect(await collect(storage.list(''))).toEqual([]);
    });

    it.each(['resumes', '/resumes/', '../', 'resumes//', 'resumes/../'])(
      'refuses the list prefix %j before any request is made',
      async (prefix) => {
        const requestsBefore = subject.requestCount();
        await expect(collect(storage.list(prefix))).rejects.toThrow(InvalidStorageKeyError);
        expect(subject.requestCount()).toBe(requestsBefore);
      },
    );
  });
}
