import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalS3Server, startLocalS3Server } from '../../../tests/api-setup/local-s3-server.ts';
import type { S3StorageConfig } from '../env.ts';
import { createS3Storage } from './s3-storage.ts';
import { describeStorageContract } from './storage.contract.ts';

function configFor(server: LocalS3Server, overrides: Partial<S3StorageConfig> = {}): S3StorageConfig {
  return {
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  };
}

// A small page size, so listing a folder goes through several ListObjectsV2 pages.
describeStorageContract('S3 storage', async () => {
  const server = await startLocalS3Server({ listPageSize: 3 });
  const storage = createS3Storage(configFor(server));
  return {
    storage,
    requestCount: () => server.requests.length,
    async dispose() {
      storage.destroy();
      await server.close();
    },
  };
});

describeStorageContract('S3 storage under S3_PREFIX', async () => {
  const server = await startLocalS3Server({ listPageSize: 3 });
  const storage = createS3Storage(configFor(server, { prefix: 'deployments/blue/' }));
  return {
    storage,
    requestCount: () => server.requests.length,
    async dispose() {
      storage.destroy();
      await server.close();
    },
  };
});

describe('S3 storage', () => {
  let server: LocalS3Server;

  beforeEach(async () => {
    server = await startLocalS3Server();
  });

  afterEach(async () => {
    await server.close();
  });

  it('stores objects under S3_PREFIX in the bucket, with the given content type, and lists them without it', async () => {
    const storage = createS3Storage(configFor(server, { prefix: 'deployments/blue/' }));
    try {
      await storage.put('resumes/abc.pdf', new Uint8Array([37, 80, 68, 70]), { contentType: 'application/pdf' });
      expect([...server.objects.keys()]).toEqual(['deployments/blue/resumes/abc.pdf']);
      expect(server.objects.get('deployments/blue/resumes/abc.pdf')?.contentType).toBe('application/pdf');
      const listed: string[] = [];
      for await (const object of storage.list('resumes/')) listed.push(object.key);
      expect(listed).toEqual(['resumes/abc.pdf']);
    } finally {
      storage.destroy();
    }
  });

  it('sends path-style requests (bucket in the path), which the server accepts only when correctly signed', async () => {
    const storage = createS3Storage(configFor(server));
    try {
      await storage.put('organizations/acme/logo.svg', '<svg/>');
      expect(server.requests.at(-1)?.method).toBe('PUT');
      expect(server.requests.at(-1)?.path.split('?')[0]).toBe(`/${server.bucket}/organizations/acme/logo.svg`);
      expect(server.objects.has('organizations/acme/logo.svg')).toBe(true);
    } finally {
      storage.destroy();
    }
  });

  it('surfaces refused credentials as an error on every operation, never as a missing object', async () => {
    const storage = createS3Storage(configFor(server, { secretAccessKey: 'not-the-secret' }));
    try {
      await expect(storage.put('resumes/a.pdf', 'x')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      await expect(storage.get('resumes/a.pdf')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      await expect(storage.exists('resumes/a.pdf')).rejects.toBeInstanceOf(S3ServiceException);
      await expect(storage.delete('resumes/a.pdf')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      const listing = (async () => {
        for await (const object of storage.list('resumes/')) void object;
      })();
      await expect(listing).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      expect(server.objects.size).toBe(0);
    } finally {
      storage.destroy();
    }
  });

  it('surfaces a missing bucket as an error from get, not as a missing object', async () => {
    const storage = createS3Storage(configFor(server, { bucket: 'no-such-bucket' }));
    try {
      await expect(storage.get('resumes/a.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(storage.put('resumes/a.pdf', 'x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      storage.destroy();
    }
  });

  it('refuses an invalid S3_PREFIX when created', () => {
    expect(() => createS3Storage(configFor(server, { prefix: '../elsewhere/' }))).toThrow(/Invalid storage/);
    expect(() => createS3Storage(configFor(server, { prefix: 'no-trailing-slash' }))).toThrow(/Invalid storage/);
  });
});
