// The rules for storage keys, shared by the stores, the configuration (S3_PREFIX) and the file routes.

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const maxKeyLength = 512;

/**
 * Keys look like relative paths ('organizations/northwind-labs/logo.svg'). They may end up in file paths
 * and URLs, so anything that could escape the storage root or be ambiguous is refused, not repaired:
 * absolute paths, '..', empty segments, backslashes, control characters, hidden files.
 */
export function assertValidStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > maxKeyLength) {
    throw new InvalidStorageKeyError(`Invalid storage key: must be 1-${maxKeyLength} characters`);
  }
  const segments = key.split('/');
  for (const segment of segments) {
    if (!segmentPattern.test(segment) || segment.includes('..')) {
      throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}`);
    }
  }
  return key;
}

/** A `list` prefix: '' (everything) or valid key segments followed by '/'. */
export function assertValidStoragePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) {
    throw new InvalidStorageKeyError(`Invalid storage prefix ${JSON.stringify(prefix)}: must be '' or end with '/'`);
  }
  assertValidStorageKey(prefix.slice(0, -1));
  return prefix;
}
