import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, extname, relative, resolve, sep } from 'node:path'
import { assertValidStorageKey, type Storage, type StoredObject } from './storage.ts'

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
}

/** Stores each key as a file under `rootDir` (STORAGE_DIR). */
export function createLocalDiskStorage(rootDir: string): Storage {
  const root = resolve(rootDir)

  function pathFor(key: string): string {
    const path = resolve(root, assertValidStorageKey(key))
    // Belt and braces: the key rules already forbid escaping the root.
    const fromRoot = relative(root, path)
    if (fromRoot.startsWith('..') || fromRoot === '' || resolve(root, fromRoot) !== path) {
      throw new Error(`Storage key resolves outside the storage folder: ${key}`)
    }
    return path
  }

  return {
    async put(key, data) {
      const path = pathFor(key)
      await mkdir(dirname(path), { recursive: true })
      // Write aside then rename, so a reader never sees half a file.
      const temporaryPath = `${dirname(path)}${sep}.${randomUUID()}.tmp`
      await writeFile(temporaryPath, data)
      await rename(temporaryPath, path)
    },
    async get(key): Promise<StoredObject | null> {
      const path = pathFor(key)
      try {
        const data = new Uint8Array(await readFile(path))
        return { data, contentType: contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream' }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathFor(key), { force: true })
    },
    async exists(key) {
      try {
        return (await stat(pathFor(key))).isFile()
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}
