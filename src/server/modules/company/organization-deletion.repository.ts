import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { bumpBoardVersion } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { featuredJobs, organizations, type OrganizationRow } from '../../db/schema.ts';

// Scheduling and cancelling an organization's deletion (docs/decisions/035-leaving-and-organization-deletion.md).
// The deletion itself is done by the daily sweep (modules/retention) once `deletion_due_at` has passed.

export type ScheduleOutcome = { organization: OrganizationRow; scheduled: boolean; boardChanged: boolean };

/**
 * Marks the organization for deletion at `dueAt` and closes its published jobs at once (off the board through the
 * board version and its notice, in the same transaction): no new application can arrive during the grace period.
 * Already scheduled: the first date stands and nothing changes.
 */
export async function scheduleOrganizationDeletion(
  db: Database,
  { organizationId, uid, now, dueAt }: { organizationId: string; uid: string; now: Date; dueAt: Date },
  onScheduled: (tx: Database, organization: OrganizationRow) => Promise<void>,
): Promise<ScheduleOutcome | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!current) return null;
    if (current.deletionDueAt) return { organization: current, scheduled: false, boardChanged: false };
    const [organization] = await tx
      .update(organizations)
      .set({ deletionRequestedAt: now, deletionDueAt: dueAt, deletionRequestedBy: uid })
      .where(eq(organizations.id, organizationId))
      .returning();
    const closed = await tx
      .update(featuredJobs)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(and(eq(featuredJobs.organizationId, organizationId), eq(featuredJobs.status, 'published')))
      .returning({ id: featuredJobs.id, visibility: featuredJobs.visibility });
    const boardChanged = closed.some((job) => job.visibility === 'public');
    if (boardChanged) await bumpBoardVersion(tx);
    await onScheduled(tx, organization!);
    return { organization: organization!, scheduled: true, boardChanged };
  });
}

export type CancelOutcome =
  { outcome: 'cancelled'; organization: OrganizationRow } | { outcome: 'not_found' | 'not_scheduled' | 'grace_over' };

/**
 * Cancels a scheduled deletion while its date has not come. The jobs stay closed: the owners reopen those they want.
 */
export async function cancelOrganizationDeletion(
  db: Database,
  { organizationId, now }: { organizationId: string; now: Date },
  onCancelled: (tx: Database, organization: OrganizationRow) => Promise<void>,
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!current) return { outcome: 'not_found' };
    if (!current.deletionDueAt) return { outcome: 'not_scheduled' };
    if (current.deletionDueAt.getTime() <= now.getTime()) return { outcome: 'grace_over' };
    const [organization] = await tx
      .update(organizations)
      .set({ deletionRequestedAt: null, deletionDueAt: null, deletionRequestedBy: null })
      .where(eq(organizations.id, organizationId))
      .returning();
    await onCancelled(tx, organization!);
    return { outcome: 'cancelled', organization: organization! };
  });
}

/** Whether the organization is scheduled for deletion (jobs may then not be posted, published or reopened). */
export async function deletionScheduled(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNotNull(organizations.deletionDueAt)))
    .limit(1);
  return row !== undefined;
}
