import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../env.ts';
import { assertValidStorageKey, assertValidStoragePrefix } from '../lib/storage-keys.ts';
import { contentTypeForKey, type Storage, type StoredObject, type StoredObjectInfo } from './storage.ts';

// Files in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, ...), so several API instances share them.

export type S3Storage = Storage & {
  /** Closes the pooled connections (at shutdown). */
  destroy(): void;
};

/** One request (one attempt) may take this long; the SDK's retries (3 attempts, backoff) come on top. */
const defaultRequestTimeoutMs = 30_000;
const connectionTimeoutMs = 5_000;
const maxAttempts = 3;

export function createS3Storage(
  config: S3StorageConfig,
  { requestTimeoutMs = defaultRequestTimeoutMs }: { requestTimeoutMs?: number } = {},
): S3Storage {
  const prefix = assertValidStoragePrefix(config.prefix);
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts,
    requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs },
    // The SDK's default adds CRC32 checksums to every upload, which several S3-compatible stores reject;
    // checksums only where the S3 API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  /** Validates before anything goes on the wire. */
  function objectKey(key: string): string {
    return prefix + assertValidStorageKey(key);
  }

  return {
    async put(key, data, options) {
      const Key = objectKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: typeof data === 'string' ? Buffer.from(data, 'utf8') : data,
          ContentType: options?.contentType ?? contentTypeForKey(key),
        }),
      );
    },
    async get(key): Promise<StoredObject | null> {
      const Key = objectKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!response.Body) throw new Error(`S3 answered GetObject without a body for ${Key}`);
        const data = await response.Body.transformToByteArray();
        return { data, contentType: response.ContentType || contentTypeForKey(key) };
      } catch (error) {
        // Only a missing key: a missing bucket (NoSuchBucket) or refused credentials are errors.
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      // S3 answers 204 for a key that does not exist, so a missing key is not an error here either.
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        // HEAD answers have no body, so only the status tells: 404 (the SDK names it NotFound).
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async *list(listPrefix): AsyncIterable<StoredObjectInfo> {
      const Prefix = prefix + assertValidStoragePrefix(listPrefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { key: object.Key.slice(prefix.length), lastModified: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    destroy() {
      client.destroy();
    },
  };
}
