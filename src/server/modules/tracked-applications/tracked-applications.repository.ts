import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type {
  TrackedApplication,
  TrackedStage,
} from '../../../shared/tracked-applications/tracked-applications-api.ts';
import type { TrackedState } from '../../../shared/tracked-applications/tracked-changes.ts';
import type { Database } from '../../db/client.ts';
import { type TrackedApplicationRow, trackedApplications } from '../../db/schema.ts';
import { listingClosings } from '../jobs/index.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewTrackedRow = TrackedState & { id: string; userUid: string; jobId: string | null; appliedAt: Date };

/** A row as the API answers it, with the date its listing closed (from `closings`). */
export function trackedApplicationOf(row: TrackedApplicationRow, closings: Map<string, Date>): TrackedApplication {
  const closedAt = row.jobId ? closings.get(row.jobId) : undefined;
  const { fieldTimes, ...state } = stateOf(row);
  return {
    id: row.id,
    jobId: row.jobId,
    ...state,
    appliedAt: row.appliedAt.toISOString(),
    changedAt: fieldTimes,
    closedAt: closedAt?.toISOString() ?? null,
  };
}

export function stateOf(row: TrackedApplicationRow): TrackedState {
  return {
    company: row.company,
    title: row.title,
    url: row.url,
    stage: row.stage as TrackedStage,
    note: row.note,
    nextStepAt: row.nextStepAt?.toISOString() ?? null,
    history: row.history,
    fieldTimes: row.fieldTimes,
  };
}

/** The student's applications (deleted ones left out), most recently applied first. */
export async function listTrackedRows(db: Database, uid: string): Promise<TrackedApplicationRow[]> {
  return db
    .select()
    .from(trackedApplications)
    .where(and(eq(trackedApplications.userUid, uid), isNull(trackedApplications.deletedAt)))
    .orderBy(desc(trackedApplications.appliedAt), asc(trackedApplications.id));
}

/** The closing dates of the board listings of `rows`. */
export async function closingsOf(db: Database, rows: readonly TrackedApplicationRow[]): Promise<Map<string, Date>> {
  return listingClosings(db, [...new Set(rows.flatMap((row) => (row.jobId ? [row.jobId] : [])))]);
}

export async function countTracked(tx: Transaction, uid: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(trackedApplications)
    .where(and(eq(trackedApplications.userUid, uid), isNull(trackedApplications.deletedAt)));
  return row?.count ?? 0;
}

/** Inserts the row unless its id, or the student's application to the same listing, exists; answers it if inserted. */
export async function insertTrackedRow(tx: Transaction, row: NewTrackedRow): Promise<TrackedApplicationRow | null> {
  const [inserted] = await tx
    .insert(trackedApplications)
    .values({
      id: row.id,
      userUid: row.userUid,
      jobId: row.jobId,
      company: row.company,
      title: row.title,
      url: row.url,
      stage: row.stage,
      note: row.note,
      nextStepAt: row.nextStepAt ? new Date(row.nextStepAt) : null,
      appliedAt: row.appliedAt,
      history: row.history,
      fieldTimes: row.fieldTimes,
    })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** The row with this id, whoever owns it, locked until the transaction ends. */
export async function lockTrackedRow(tx: Transaction, id: string): Promise<TrackedApplicationRow | null> {
  const [row] = await tx.select().from(trackedApplications).where(eq(trackedApplications.id, id)).for('update');
  return row ?? null;
}

/** The student's live application to the board listing `jobId`, locked. */
export async function lockTrackedRowOfJob(
  tx: Transaction,
  uid: string,
  jobId: string,
): Promise<TrackedApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(trackedApplications)
    .where(
      and(
        eq(trackedApplications.userUid, uid),
        eq(trackedApplications.jobId, jobId),
        isNull(trackedApplications.deletedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function writeTrackedState(
  tx: Transaction,
  id: string,
  state: TrackedState,
  now: Date,
): Promise<TrackedApplicationRow> {
  const [row] = await tx
    .update(trackedApplications)
    .set({
      company: state.company,
      title: state.title,
      url: state.url,
      stage: state.stage,
      note: state.note,
      nextStepAt: state.nextStepAt ? new Date(state.nextStepAt) : null,
      history: state.history,
      fieldTimes: state.fieldTimes,
      updatedAt: now,
    })
    .where(eq(trackedApplications.id, id))
    .returning();
  return row!;
}

/** Marks the student's application deleted; false when they have none with this id. */
export async function deleteTrackedRow(db: Database, uid: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(trackedApplications)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(eq(trackedApplications.id, id), eq(trackedApplications.userUid, uid), isNull(trackedApplications.deletedAt)),
    )
    .returning({ id: trackedApplications.id });
  return rows.length > 0;
}
