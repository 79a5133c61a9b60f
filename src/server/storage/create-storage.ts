import type { Env } from '../env.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else the STORAGE_DIR folder. */
export function createStorage(env: Pick<Env, 's3' | 'storageDir'>): Storage & { destroy?(): void } {
  return env.s3 ? createS3Storage(env.s3) : createLocalDiskStorage(env.storageDir);
}
