import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { featuredJobs, organizations } from '../../db/schema.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { demoJobs, demoOrganizations, logoKeyFor, seedDemoData } from './demo-data.ts';

let testDatabase: TestDatabase;
let storageDir: string;
let storage: Storage;
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-seed-files-'));
  storage = createLocalDiskStorage(storageDir);
});

afterAll(async () => {
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('creates the demo organisations with stored SVG logos and their featured jobs', async () => {
    await seedDemoData(testDatabase.database.db, storage, now);
    const { db } = testDatabase.database;

    const orgs = await db.select().from(organizations);
    expect(orgs.map((org) => org.name).sort()).toEqual(demoOrganizations.map((org) => org.name).sort());
    for (const org of orgs) {
      expect(org.logoPath).toBe(logoKeyFor(org.slug));
      const logo = await storage.get(org.logoPath ?? '');
      expect(logo?.contentType).toBe('image/svg+xml');
      expect(new TextDecoder().decode(logo?.data)).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }

    const jobs = await db.select().from(featuredJobs);
    expect(jobs).toHaveLength(demoJobs.length);
    expect(new Set(jobs.map((job) => job.type))).toEqual(new Set(['Internship', 'New Grad', 'Full-time']));
    const expired = jobs.filter((job) => job.endPostingDate && job.endPostingDate < now);
    expect(expired).toHaveLength(1);
    for (const job of jobs) {
      expect(job.postingDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(job.description).toContain('\n');
    }
  });

  it('is idempotent and keeps rows edited since the first run', async () => {
    const { db } = testDatabase.database;
    const slug = demoJobs[0]!.slug;
    await db.update(featuredJobs).set({ title: 'Edited by an admin' }).where(eq(featuredJobs.slug, slug));

    await seedDemoData(db, storage, new Date(now.getTime() + 86_400_000));
    await seedDemoData(db, storage);

    expect(await db.$count(organizations)).toBe(demoOrganizations.length);
    expect(await db.$count(featuredJobs)).toBe(demoJobs.length);
    const [edited] = await db.select().from(featuredJobs).where(eq(featuredJobs.slug, slug));
    expect(edited?.title).toBe('Edited by an admin');
  });

  it('applies migrations only once', async () => {
    await expect(testDatabase.database.migrate()).resolves.toBeUndefined();
    expect(await testDatabase.database.db.$count(organizations)).toBe(demoOrganizations.length);
  });
});
