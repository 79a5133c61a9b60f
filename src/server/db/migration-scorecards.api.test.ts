import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, removeMigrationCopies } from '../../../tests/api-setup/migrations.ts';
import { packageRoot } from '../package-root.ts';

// The scorecards migration on a database holding the 1-5 ratings members gave before: each becomes that member's
// scorecard with the rating kept as its overall score, and the old table goes.

afterAll(removeMigrationCopies);

describe('the scorecards migration', () => {
  it('keeps every member’s earlier rating as the overall score of their scorecard', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('_scorecards') });
      await client.exec(`
        insert into users (uid, email, sign_in_provider) values ('u1', 'ada@example.test', 'google.com');
        insert into organizations (id, slug, name) values ('00000000-0000-4000-8000-000000000001', 'northwind', 'Northwind');
        insert into featured_jobs (id, slug, organization_id, title, type, location, description, requirements, posting_date)
          values ('00000000-0000-4000-8000-000000000002', 'intern', '00000000-0000-4000-8000-000000000001', 'Intern', 'Internship', 'Remote', 'd', 'r', '2026-01-02T00:00:00Z');
        insert into applications (id, uid, job_id, email, answers, channel, resume_key, resume_name, resume_size, resume_source,
          idempotency_key, request_hash, response_status, response_body)
          values ('00000000-0000-4000-8000-000000000003', 'u1', '00000000-0000-4000-8000-000000000002', 'ada@example.test', '{}', 'public',
            'applications/x.pdf', 'cv.pdf', 10, 'upload', 'key-1', 'hash', 201, '{}');
        insert into application_ratings (application_id, uid, rating, updated_at) values
          ('00000000-0000-4000-8000-000000000003', 'owner', 4, '2026-03-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', 'member', 2, '2026-03-02T00:00:00Z');
      `);
      await migrate(db, { migrationsFolder: join(packageRoot, 'migrations') });

      const cards = await client.query(
        'select uid, overall_rating, ratings, recommendation, note, updated_at from application_scorecards order by uid',
      );
      expect(cards.rows).toEqual([
        {
          uid: 'member',
          overall_rating: 2,
          ratings: {},
          recommendation: null,
          note: '',
          updated_at: new Date('2026-03-02T00:00:00Z'),
        },
        {
          uid: 'owner',
          overall_rating: 4,
          ratings: {},
          recommendation: null,
          note: '',
          updated_at: new Date('2026-03-01T00:00:00Z'),
        },
      ]);
      await expect(client.query('select 1 from application_ratings')).rejects.toThrow(/application_ratings/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
