// Files the app keeps (organisation logos, resumes, application resume copies). Local disk by default; an
// S3-compatible object store (S3_BUCKET) when several servers share the files.

export type StoredObject = {
  data: Uint8Array;
  contentType: string;
};

export interface Storage {
  /** `contentType` is for object stores; the local disk derives it from the key's extension. */
  put(key: string, data: Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  /** null when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `prefix` ('' or a folder ending in '/', such as 'resumes/'), in key order,
   * read page by page so a large folder never sits in memory at once.
   */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
}

export type StoredObjectInfo = {
  key: string;
  lastModified: Date;
};

const contentTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  json: 'application/json',
};

/** The type a key's extension implies, for stores that keep none (the local disk) and puts that give none. */
export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && contentTypes[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
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
    .slice(0, 100);
  return segment || 'file';
}
