import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { anonymousAnswers } from '../../../shared/account/account-deletion.ts';
import { expiredApplicantName } from '../../../shared/account/retention.ts';
import type { Database } from '../../db/client.ts';
import { applicationMessages, applications, featuredJobs, studentProfiles } from '../../db/schema.ts';

// The rows of the retention sweep (retention.service.ts): applications whose job ended before `cutoff` and that
// still hold their applicant's details.

export type ExpiredApplication = {
  id: string;
  resumeKey: string;
  graduationYear: number;
  receipt: (typeof applications.$inferSelect)['responseBody'];
};

/** Up to `limit` applications of jobs closed (or past their deadline) before `cutoff`, not anonymised yet. */
export async function expiredApplications(db: Database, cutoff: Date, limit: number): Promise<ExpiredApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      resumeKey: applications.resumeKey,
      answers: applications.answers,
      receipt: applications.responseBody,
    })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .where(
      and(
        isNull(applications.anonymizedAt),
        or(
          and(eq(featuredJobs.status, 'closed'), lt(featuredJobs.closedAt, cutoff)),
          lt(featuredJobs.endPostingDate, cutoff),
        ),
      ),
    )
    .orderBy(applications.id)
    .limit(limit);
  return rows.map(({ answers, ...row }) => ({ ...row, graduationYear: answers.graduationYear }));
}

/** Of `keys`, those a student profile names as its current resume (never deleted by the sweep). */
export async function profileResumeKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: studentProfiles.resumeKey })
    .from(studentProfiles)
    .where(and(isNotNull(studentProfiles.resumeKey), inArray(studentProfiles.resumeKey, [...keys])));
  return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
}

/**
 * In one transaction: each application's applicant details, snapshots, resume reference and the messages sent to the
 * student removed; the status, its history, the organization's notes and the student's own link (uid) kept. Rows
 * anonymised meanwhile are left.
 */
export async function anonymizeExpiredApplications(
  db: Database,
  expired: readonly ExpiredApplication[],
  now: Date,
): Promise<number> {
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const row of expired) {
      const updated = await tx
        .update(applications)
        .set({
          email: '',
          answers: anonymousAnswers(row.graduationYear, expiredApplicantName),
          skillsSnapshot: [],
          githubSnapshot: null,
          devpostSnapshot: null,
          // The answers may be personal (a short text); whether one was a knockout answer is the job's record.
          screeningAnswers: [],
          resumeKey: '',
          resumeName: '',
          resumeSize: 0,
          resumeProfileId: null,
          requestHash: '',
          responseBody: { ...row.receipt, email: '' },
          anonymizedAt: now,
          anonymizedReason: 'retention',
          updatedAt: now,
          version: sql`${applications.version} + 1`,
        })
        .where(and(eq(applications.id, row.id), isNull(applications.anonymizedAt)))
        .returning({ id: applications.id });
      // The messages sent to the student name them and say what they were told: removed with the details.
      if (updated.length > 0) await tx.delete(applicationMessages).where(eq(applicationMessages.applicationId, row.id));
      changed += updated.length;
    }
  });
  return changed;
}
