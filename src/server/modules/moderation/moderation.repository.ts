import { and, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  type AuditEntry,
  type ReportReason,
  type ReportedJob,
  reportReasons,
} from '../../../shared/moderation/moderation-api.ts';
import type { Database } from '../../db/client.ts';
import { hiddenJobs, jobReports, moderationLog } from '../../db/schema.ts';
import type { JobSummary } from '../jobs/index.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type StoredReport = { id: string; jobId: string; reason: ReportReason; createdAt: Date };

/** The report, or null when this student already reported this job (one per job per student). */
export async function insertReport(
  db: Database | Transaction,
  input: { jobId: string; uid: string; reason: ReportReason; text: string; at: Date },
): Promise<StoredReport | null> {
  const [row] = await db
    .insert(jobReports)
    .values({ jobId: input.jobId, userUid: input.uid, reason: input.reason, text: input.text, createdAt: input.at })
    .onConflictDoNothing({ target: [jobReports.jobId, jobReports.userUid] })
    .returning({
      id: jobReports.id,
      jobId: jobReports.jobId,
      reason: jobReports.reason,
      createdAt: jobReports.createdAt,
    });
  return row ?? null;
}

/**
 * Serialises the reports of one job within a transaction (until it ends), so two first reports at once cannot both
 * see no other open report.
 */
export async function lockJobReports(tx: Transaction, jobId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-reports:${jobId}`}))`);
}

/** How many open reports the job has besides `exceptId`. */
export async function countOtherOpenReports(tx: Transaction, jobId: string, exceptId: string): Promise<number> {
  return tx.$count(
    jobReports,
    and(eq(jobReports.jobId, jobId), isNull(jobReports.reviewedAt), ne(jobReports.id, exceptId)),
  );
}

export async function findHiddenJob(db: Database | Transaction, jobId: string) {
  const [row] = await db.select().from(hiddenJobs).where(eq(hiddenJobs.jobId, jobId));
  return row ?? null;
}

export async function insertHiddenJob(
  tx: Transaction,
  input: { jobId: string; reason: string; actor: string; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(hiddenJobs)
    .values({ jobId: input.jobId, reason: input.reason, hiddenBy: input.actor, hiddenAt: input.at })
    .onConflictDoNothing()
    .returning({ jobId: hiddenJobs.jobId });
  return inserted.length > 0;
}

export async function deleteHiddenJob(tx: Transaction, jobId: string): Promise<boolean> {
  const deleted = await tx.delete(hiddenJobs).where(eq(hiddenJobs.jobId, jobId)).returning({ jobId: hiddenJobs.jobId });
  return deleted.length > 0;
}

/** An operator acted on the job: its open reports are reviewed. Answers how many were open. */
export async function closeOpenReports(tx: Transaction, jobId: string, at: Date): Promise<number> {
  const closed = await tx
    .update(jobReports)
    .set({ reviewedAt: at })
    .where(and(eq(jobReports.jobId, jobId), isNull(jobReports.reviewedAt)))
    .returning({ id: jobReports.id });
  return closed.length;
}

export async function insertLogEntry(
  tx: Transaction,
  entry: { at: Date; actor: string; action: AuditEntry['action']; jobId: string; reason: string | null },
): Promise<void> {
  await tx.insert(moderationLog).values(entry);
}

/** The audit log, newest first, `limit` entries before the entry `before` (all when undefined). */
export async function readAuditLog(db: Database, { before, limit }: { before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(moderationLog)
    .where(before === undefined ? undefined : lt(moderationLog.id, before))
    .orderBy(desc(moderationLog.id))
    .limit(limit);
  return rows.map((row): AuditEntry => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    jobId: row.jobId,
    reason: row.reason,
  }));
}

/** The ids of the jobs with open reports (most reported first) and of the hidden jobs (newest first). */
export async function readModerationJobIds(db: Database): Promise<{ reported: string[]; hidden: string[] }> {
  const reported = await db
    .select({ jobId: jobReports.jobId, reports: count() })
    .from(jobReports)
    .where(isNull(jobReports.reviewedAt))
    .groupBy(jobReports.jobId)
    .orderBy(desc(count()), jobReports.jobId)
    .limit(200);
  const hidden = await db
    .select({ jobId: hiddenJobs.jobId })
    .from(hiddenJobs)
    .orderBy(desc(hiddenJobs.hiddenAt))
    .limit(200);
  return { reported: reported.map((row) => row.jobId), hidden: hidden.map((row) => row.jobId) };
}

/** What an operator sees of each job: its open reports by reason with their texts, and whether it is hidden. */
export async function describeJobs(
  db: Database,
  jobIds: string[],
  summaries: Map<string, JobSummary>,
): Promise<ReportedJob[]> {
  if (jobIds.length === 0) return [];
  const reports = await db
    .select({
      jobId: jobReports.jobId,
      reason: jobReports.reason,
      text: jobReports.text,
      createdAt: jobReports.createdAt,
    })
    .from(jobReports)
    .where(and(inArray(jobReports.jobId, jobIds), isNull(jobReports.reviewedAt)))
    .orderBy(desc(jobReports.createdAt));
  const hidden = await db.select().from(hiddenJobs).where(inArray(hiddenJobs.jobId, jobIds));
  const hiddenById = new Map(hidden.map((row) => [row.jobId, row]));
  return jobIds.map((jobId) => {
    const own = reports.filter((report) => report.jobId === jobId);
    const byReason = Object.fromEntries(reportReasons.map((reason) => [reason, 0])) as Record<ReportReason, number>;
    for (const report of own) byReason[report.reason] += 1;
    const summary = summaries.get(jobId);
    const hiddenRow = hiddenById.get(jobId);
    return {
      jobId,
      job: summary
        ? { title: summary.title, company: summary.company, featured: summary.featured, url: summary.url }
        : null,
      hidden: hiddenRow
        ? { reason: hiddenRow.reason, at: hiddenRow.hiddenAt.toISOString(), by: hiddenRow.hiddenBy }
        : null,
      openReports: own.length,
      byReason,
      texts: own
        .filter((report) => report.text !== '')
        .map((report) => ({ reason: report.reason, text: report.text, at: report.createdAt.toISOString() })),
      lastReportAt: own[0]?.createdAt.toISOString() ?? null,
    };
  });
}
