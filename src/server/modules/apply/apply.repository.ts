import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applications } from '../../db/schema.ts';

// Every function takes the caller's uid: there is no way to read or write another person's applications.

export type NewApplication = typeof applications.$inferInsert;

export async function findApplicationByKey(
  db: Database,
  uid: string,
  idempotencyKey: string,
): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.uid, uid), eq(applications.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function hasApplied(db: Database, uid: string, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    // A withdrawn application does not count: the job can be applied to again.
    .where(and(eq(applications.uid, uid), eq(applications.jobId, jobId), ne(applications.status, 'withdrawn')))
    .limit(1);
  return row !== undefined;
}

/**
 * Inserts the application unless one exists for (uid, job) or (uid, idempotency key). One statement: when two
 * requests race, PostgreSQL lets the second wait for the first to commit and then skips it, so exactly one row is
 * written. Answers whether this call wrote it.
 */
export async function insertApplicationOnce(db: Database, application: NewApplication): Promise<boolean> {
  const inserted = await db
    .insert(applications)
    .values(application)
    .onConflictDoNothing()
    .returning({ id: applications.id });
  return inserted.length > 0;
}

/**
 * The ids of the featured jobs the person applied to, newest application first. Withdrawn applications are left out
 * (the job can be applied to again, so the board must not say "Applied").
 */
