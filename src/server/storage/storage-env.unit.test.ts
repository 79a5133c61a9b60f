import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env.ts';

// The S3 variables as env.ts reads them: complete or refused with a message naming what is missing.

const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const credentials = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

function envError(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('expected an EnvError');
}

describe('S3 storage configuration', () => {
  it('is off (local disk) without S3_BUCKET', () => {
    expect(loadEnv(emulator).s3).toBeNull();
  });

  it('targets AWS with virtual-hosted addressing and the default region when only the bucket and keys are set', () => {
    expect(loadEnv({ ...emulator, S3_BUCKET: 'campus-jobs-files', ...credentials }).s3).toEqual({
      bucket: 'campus-jobs-files',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('uses path-style addressing with a custom endpoint unless told otherwise, and normalises the prefix', () => {
    const minio = { ...emulator, S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', ...credentials };
    expect(loadEnv({ ...minio, S3_PREFIX: 'campus-jobs/prod', S3_REGION: 'auto' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'campus-jobs/prod/',
      region: 'auto',
    });
    expect(loadEnv({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('names the missing credentials when S3_BUCKET is set without them', () => {
    const message = envError({ ...emulator, S3_BUCKET: 'files' });
    expect(message).toContain('S3_ACCESS_KEY_ID: required when S3_BUCKET is set');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
    expect(envError({ ...emulator, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).not.toContain('S3_ACCESS_KEY_ID');
  });

  it('refuses S3 settings without S3_BUCKET rather than silently keeping files on one disk', () => {
    expect(envError({ ...emulator, S3_ENDPOINT: 'http://127.0.0.1:9000', ...credentials })).toContain(
      'S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set',
    );
  });

  it.each([
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'ftp://127.0.0.1' }, 'S3_ENDPOINT'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_PREFIX: '../other-tenant' }, 'S3_PREFIX'],
    [{ S3_PREFIX: '/absolute' }, 'S3_PREFIX'],
  ])('refuses %j with a message naming %s', (overrides, name) => {
    expect(envError({ ...emulator, S3_BUCKET: 'files', ...credentials, ...overrides })).toContain(`${name}:`);
  });
});
