import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { inlineContentDisposition } from '../../http/content-disposition.ts';
import { newResumeKey, storeResume } from './resume.service.ts';

// One page: storeResume opens the file with a PDF reader.
const pdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

let rootDir: string;
let storage: Storage;
let log: FastifyBaseLogger;

beforeEach(() => {
  rootDir = mkdtempSync(join(tmpdir(), 'campus-jobs-resume-service-'));
  storage = createLocalDiskStorage(rootDir);
  log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
});

afterEach(() => {
  rmSync(rootDir, { recursive: true, force: true });
});

function files(): string[] {
  return readdirSync(rootDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** A database whose transaction answers `previousKey`, or fails with `failure`. */
function fakeDatabase({ previousKey = null, failure }: { previousKey?: string | null; failure?: Error }): Database {
  return {
    transaction: async () => {
      if (failure) throw failure;
      return previousKey;
    },
  } as unknown as Database;
}

describe('storeResume', () => {
  it('removes the new file when the database cannot be updated, keeping the previous one', async () => {
    await storage.put('resumes/previous.pdf', pdf);
    const failure = new Error('connection lost');
    await expect(
      storeResume({ db: fakeDatabase({ failure }), storage, log, uid: 'u1', originalName: 'cv.pdf', data: pdf }),
    ).rejects.toBe(failure);
    expect(files()).toEqual(['previous.pdf']);
  });

  it('deletes the replaced file after the switch', async () => {
    await storage.put('resumes/previous.pdf', pdf);
    const db = fakeDatabase({ previousKey: 'resumes/previous.pdf' });
    await storeResume({ db, storage, log, uid: 'u1', originalName: 'cv.pdf', data: pdf });
    expect(files()).toHaveLength(1);
    expect(files()[0]).not.toBe('previous.pdf');
  });

  it('still succeeds (and logs) when the replaced file cannot be deleted', async () => {
    const failingDelete: Storage = { ...storage, delete: async () => Promise.reject(new Error('disk busy')) };
    await storeResume({
      db: fakeDatabase({ previousKey: 'resumes/previous.pdf' }),
      storage: failingDelete,
      log,
      uid: 'u1',
      originalName: 'cv.pdf',
      data: pdf,
    });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'resumes/previous.pdf' }),
      expect.any(String),
    );
  });

  it('writes nothing for a file that is not a PDF or has no usable name', async () => {
    const db = fakeDatabase({});
    const executable = Buffer.from('MZ');
    await expect(
      storeResume({ db, storage, log, uid: 'u1', originalName: 'cv.pdf', data: executable }),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(
      storeResume({ db, storage, log, uid: 'u1', originalName: '2025.pdf', data: pdf }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(files()).toEqual([]);
  });
});

describe('resume keys and headers', () => {
  it('makes a new random key each time', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newResumeKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^resumes\/[0-9a-f]{32}\.pdf$/);
  });

  it('gives an ASCII fallback name and the exact UTF-8 one', () => {
    expect(inlineContentDisposition('My CV.pdf')).toBe(`inline; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`);
    expect(inlineContentDisposition('履歴書.pdf')).toBe(
      `inline; filename="resume.pdf"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`,
    );
  });
});
