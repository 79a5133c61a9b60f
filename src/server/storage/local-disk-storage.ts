import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertValidStorageKey, assertValidStoragePrefix, InvalidStorageKeyError } from '../lib/storage-keys.ts';
import { contentTypeForKey, type Storage, type StoredObject, type StoredObjectInfo } from './storage.ts';

/** Stores each key as a file under `rootDir` (STORAGE_DIR). */
export function createLocalDiskStorage(rootDir: string): Storage {
  const root = resolve(rootDir);

  function pathFor(key: string): string {
    const path = resolve(root, assertValidStorageKey(key));
    // Belt and braces: the key rules already forbid escaping the root.
    const fromRoot = relative(root, path);
    if (fromRoot.startsWith('..') || fromRoot === '' || resolve(root, fromRoot) !== path) {
      throw new Error(`Storage key resolves outside the storage folder: ${key}`);
    }
    return path;
  }

  return {
    async put(key, data) {
      const path = pathFor(key);
      await mkdir(dirname(path), { recursive: true });
      // Write aside then rename, so a reader never sees half a file.
      const temporaryPath = `${dirname(path)}${sep}.${randomUUID()}.tmp`;
      await writeFile(temporaryPath, data);
      await rename(temporaryPath, path);
    },
    async get(key): Promise<StoredObject | null> {
      const path = pathFor(key);
      try {
        const data = new Uint8Array(await readFile(path));
        return { data, contentType: contentTypeForKey(key) };
      } catch (error) {
        // A folder ('organizations/acme') is not an object either.
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathFor(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathFor(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list(prefix): AsyncIterable<StoredObjectInfo> {
      assertValidStoragePrefix(prefix);
      let entries;
      try {
        entries = await readdir(prefix ? join(root, prefix) : root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
        // Temporary files of writes in progress (hidden names) and anything put there by hand are not objects.
        .filter(isValidKey)
        .sort();
      for (const key of keys) {
        try {
          yield { key, lastModified: (await stat(pathFor(key))).mtime };
        } catch (error) {
          // Deleted since the folder was read.
          if (!isMissing(error)) throw error;
        }
      }
    },
  };
}

function isValidKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return false;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
