import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '../../../tests/api-setup/migrations.ts';
import { packageRoot } from '../package-root.ts';

// Migration 0007 (company portal) on a database that already holds applications and featured jobs: applications
// enter the pipeline as 'applied' (changed when submitted), jobs stay published and public, and a withdrawn
// application no longer blocks a new one for the same job.

afterAll(removeMigrationCopies);

describe('migration 0007_company_portal', () => {
  it('moves existing data into the pipeline', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0007_company_portal') });
      await client.exec(`
        insert into users (uid, email, sign_in_provider) values ('u1', 'ada@example.test', 'google.com');
        insert into organizations (id, slug, name) values ('00000000-0000-4000-8000-000000000001', 'northwind', 'Northwind');
        insert into featured_jobs (id, slug, organization_id, title, type, location, description, requirements, posting_date)
          values ('00000000-0000-4000-8000-000000000002', 'intern', '00000000-0000-4000-8000-000000000001', 'Intern', 'Internship', 'Remote', 'd', 'r', '2026-01-02T00:00:00Z');
        insert into applications (id, uid, job_id, email, answers, channel, resume_key, resume_name, resume_size, resume_source,
          idempotency_key, request_hash, response_status, response_body, submitted_at)
          values ('00000000-0000-4000-8000-000000000003', 'u1', '00000000-0000-4000-8000-000000000002', 'ada@example.test', '{}', 'public',
            'applications/x.pdf', 'cv.pdf', 10, 'upload', 'key-1', 'hash', 201, '{}', '2026-02-03T04:05:06Z');
      `);
      await migrate(db, { migrationsFolder: join(packageRoot, 'migrations') });

      const application = await client.query<{ status: string; version: number; status_changed_at: Date }>(
        'select status, version, status_changed_at from applications',
      );
      expect(application.rows).toEqual([
        { status: 'applied', version: 0, status_changed_at: new Date('2026-02-03T04:05:06Z') },
      ]);
      const job = await client.query<{ status: string; visibility: string; published_at: Date }>(
        'select status, visibility, published_at from featured_jobs',
      );
      expect(job.rows).toEqual([
        { status: 'published', visibility: 'public', published_at: new Date('2026-01-02T00:00:00Z') },
      ]);
      const organization = await client.query<{ rejection_emails: boolean }>(
        'select rejection_emails from organizations',
      );
      expect(organization.rows).toEqual([{ rejection_emails: true }]);

      // One live application per job: a second is refused until the first is withdrawn.
      const second = `insert into applications (uid, job_id, email, answers, channel, resume_key, resume_name, resume_size, resume_source,
          idempotency_key, request_hash, response_status, response_body)
          values ('u1', '00000000-0000-4000-8000-000000000002', 'ada@example.test', '{}', 'public', 'applications/y.pdf', 'cv.pdf', 10, 'upload', 'key-2', 'h', 201, '{}')`;
      await expect(client.exec(second)).rejects.toThrow(/applications_uid_job_id_live_unique/);
      await client.exec(`update applications set status = 'withdrawn'`);
      await client.exec(second);
      await expect(client.exec(`update applications set status = 'submitted'`)).rejects.toThrow(
        /applications_status_check/,
      );
    } finally {
      await client.close();
    }
  });
});
