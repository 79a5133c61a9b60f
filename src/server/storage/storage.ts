// Files the app keeps (organisation logos now; resumes later). Local disk by default; an
// S3-compatible implementation can replace it when several servers share the files.

export type StoredObject = {
  data: Uint8Array
  contentType: string
}

export interface Storage {
  /** `contentType` is for object stores; the local disk derives it from the key's extension. */
  put(key: string, data: Uint8Array | string, options?: { contentType?: string }): Promise<void>
  /** null when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | null>
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
}

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError'
}

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const maxKeyLength = 512

/**
 * Keys look like relative paths ('organizations/northwind-labs/logo.svg'). They may end up in file paths
 * and URLs, so anything that could escape the storage root or be ambiguous is refused, not repaired:
 * absolute paths, '..', empty segments, backslashes, control characters, hidden files.
 */
export function assertValidStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > maxKeyLength) {
    throw new InvalidStorageKeyError(`Invalid storage key: must be 1-${maxKeyLength} characters`)
  }
  const segments = key.split('/')
  for (const segment of segments) {
    if (!segmentPattern.test(segment) || segment.includes('..')) {
      throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}`)
    }
  }
  return key
}

/** Turns free text (an organisation name, an uploaded file name) into one safe key segment. */
export function toStorageKeySegment(text: string): string {
  const segment = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100)
  return segment || 'file'
}
