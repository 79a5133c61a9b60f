import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalDiskStorage } from './local-disk-storage.ts'
import { assertValidStorageKey, InvalidStorageKeyError, type Storage, toStorageKeySegment } from './storage.ts'

let parentDir: string
let rootDir: string
let storage: Storage

beforeEach(() => {
  parentDir = mkdtempSync(join(tmpdir(), 'campus-jobs-storage-'))
  rootDir = join(parentDir, 'files')
  storage = createLocalDiskStorage(rootDir)
})

afterEach(() => {
  rmSync(parentDir, { recursive: true, force: true })
})

const hostileKeys = [
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
]

describe('local disk storage', () => {
  it('stores, reads back, reports and deletes an object under a nested key', async () => {
    const key = 'organizations/northwind-labs/logo.svg'
    await storage.put(key, '<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(await storage.exists(key)).toBe(true)
    const stored = await storage.get(key)
    expect(new TextDecoder().decode(stored?.data)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect(stored?.contentType).toBe('image/svg+xml')
    expect(readFileSync(join(rootDir, 'organizations', 'northwind-labs', 'logo.svg'), 'utf8')).toContain('<svg')

    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    expect(await storage.get(key)).toBeNull()
  })

  it('overwrites an existing object and leaves no temporary files', async () => {
    await storage.put('resumes/r1.pdf', new Uint8Array([1, 2, 3]))
    await storage.put('resumes/r1.pdf', new Uint8Array([4, 5]))
    expect(Array.from((await storage.get('resumes/r1.pdf'))?.data ?? [])).toEqual([4, 5])
    expect(readdirSync(join(rootDir, 'resumes'))).toEqual(['r1.pdf'])
  })

  it('answers null / false for missing keys and deletes them without error', async () => {
    expect(await storage.get('missing/file.png')).toBeNull()
    expect(await storage.exists('missing/file.png')).toBe(false)
    await expect(storage.delete('missing/file.png')).resolves.toBeUndefined()
  })

  it('does not report a folder as an object', async () => {
    await storage.put('organizations/a/logo.svg', 'x')
    expect(await storage.exists('organizations/a')).toBe(false)
  })

  it.each(hostileKeys)('refuses the key %j for every operation and writes nothing', async (key) => {
    await expect(storage.put(key, 'pwned')).rejects.toThrow(InvalidStorageKeyError)
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError)
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError)
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError)
    expect(existsSync(join(parentDir, 'escape.txt'))).toBe(false)
    expect(existsSync(rootDir)).toBe(false)
  })
})

describe('assertValidStorageKey', () => {
  it.each(['logo.svg', 'organizations/northwind-labs/logo.svg', 'resumes/uid_123/2026-11-22.cv.pdf'])(
    'accepts %j',
    (key) => {
      expect(assertValidStorageKey(key)).toBe(key)
    },
  )
})

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
    const segment = toStorageKeySegment(text)
    expect(segment).toBe(expected)
    expect(() => assertValidStorageKey(segment)).not.toThrow()
  })
})
