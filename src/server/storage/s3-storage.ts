import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../env.ts';
import { assertValidStorageKey, assertValidStoragePrefix } from '../lib/storage-keys.ts';
import { contentTypeForKey, type Storage, type StoredObject, type StoredObjectInfo } from './storage.ts';

// Files in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, ...), so several API instances share them.
// The SDK is imported on the first request: a server that keeps its files on disk (the embedded default) never loads
// it (its modules held ~8 MB of the server's memory at rest, docs/decisions/040-server-memory.md).

type Sdk = typeof import('@aws-sdk/client-s3');

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
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  let destroyed = false;
  /** The SDK and one client with pooled connections, made on first use. */
  function connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
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
      if (destroyed) client.destroy();
      return { sdk, client };
    });
    return connection;
  }
  const Bucket = config.bucket;

  /** Validates before anything goes on the wire. */
  function objectKey(key: string): string {
    return prefix + assertValidStorageKey(key);
  }

  return {
    async put(key, data, options) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key,
          Body: typeof data === 'string' ? Buffer.from(data, 'utf8') : data,
          ContentType: options?.contentType ?? contentTypeForKey(key),
        }),
      );
    },
    async get(key): Promise<StoredObject | null> {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!response.Body) throw new Error(`S3 answered GetObject without a body for ${Key}`);
        const data = await response.Body.transformToByteArray();
        return { data, contentType: response.ContentType || contentTypeForKey(key) };
      } catch (error) {
        // Only a missing key: a missing bucket (NoSuchBucket) or refused credentials are errors.
        if (error instanceof sdk.S3ServiceException && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      // S3 answers 204 for a key that does not exist, so a missing key is not an error here either.
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async exists(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        // HEAD answers have no body, so only the status tells: 404 (the SDK names it NotFound).
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async *list(listPrefix): AsyncIterable<StoredObjectInfo> {
      const Prefix = prefix + assertValidStoragePrefix(listPrefix);
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { key: object.Key.slice(prefix.length), lastModified: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    destroy() {
      destroyed = true;
      void connection?.then(({ client }) => client.destroy());
    },
  };
}
