import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  alerts,
  applicationMessages,
  applicationStatusHistory,
  applications,
  dismissedJobs,
  interviews,
  interviewSlots,
  jobReports,
  pushSubscriptions,
  savedJobs,
  studentProfiles,
  trackedApplications,
  users,
} from '../../db/schema.ts';

// Everything the app holds about one student, read for GET /api/account/export (decision 028): one entry per table
// that keeps rows of the student, rows as stored, minus the few columns that are the app's own bookkeeping.

/** Tables with a student's uid that are exported (key in data.json -> table name). */
export const exportedTables = {
  account: 'users',
  profile: 'student_profiles',
  applications: 'applications',
  savedJobs: 'saved_jobs',
  dismissedJobs: 'dismissed_jobs',
  alerts: 'alerts',
  trackedApplications: 'tracked_applications',
  pushSubscriptions: 'push_subscriptions',
  jobReports: 'job_reports',
} as const;

/**
 * Tables with a uid column that are not the student's data, each with the reason: the export test fails when a
 * new table with a uid is in neither list.
 */
export const notExportedTables: Record<string, string> = {
  organization_members: 'company members, not students',
  application_scorecards: 'the organization’s ratings, kept by the organization',
  push_outbox: 'notifications waiting to be sent, removed once sent',
  account_deletions: 'exists only while an account is being deleted',
};

// Left out: the app's own bookkeeping (replays of a request), and the organization's own judgement (a knockout answer is never shown to the student,
// like a rejection's reason); the screening answers themselves are the student's and are exported.
const applicationBookkeeping = new Set([
  'idempotencyKey',
  'requestHash',
  'responseStatus',
  'responseBody',
  'screeningKnockedOut',
  'screeningAnswers',
]);

export type AccountData = {
  account: Record<string, unknown> | null;
  profile: Record<string, unknown> | null;
  applications: Array<
    Record<string, unknown> & {
      statusHistory: Record<string, unknown>[];
      messages: Record<string, unknown>[];
      interviews: Record<string, unknown>[];
    }
  >;
  savedJobs: Record<string, unknown>[];
  dismissedJobs: Record<string, unknown>[];
  alerts: Record<string, unknown>[];
  trackedApplications: Record<string, unknown>[];
  pushSubscriptions: Record<string, unknown>[];
  /** The jobs the student reported to the operators, with what they wrote. */
  jobReports: Record<string, unknown>[];
};

export type ResumeFile = { key: string; name: string };

export async function readAccountData(
  db: Database,
  uid: string,
): Promise<{ data: AccountData; files: { profile: ResumeFile | null; applications: ResumeFile[] } }> {
  const [account] = await db.select().from(users).where(eq(users.uid, uid));
  const [profile] = await db.select().from(studentProfiles).where(eq(studentProfiles.uid, uid));
  const applicationRows = await db
    .select()
    .from(applications)
    .where(eq(applications.uid, uid))
    .orderBy(asc(applications.submittedAt));
  const ids = applicationRows.map((row) => row.id);
  const history =
    ids.length === 0
      ? []
      : await db
          .select({
            applicationId: applicationStatusHistory.applicationId,
            fromStatus: applicationStatusHistory.fromStatus,
            toStatus: applicationStatusHistory.toStatus,
            createdAt: applicationStatusHistory.createdAt,
          })
          .from(applicationStatusHistory)
          .where(inArray(applicationStatusHistory.applicationId, ids))
          .orderBy(asc(applicationStatusHistory.createdAt));
  // The messages the organizations sent about the applications (what the student was told), without who sent them.
  const messages =
    ids.length === 0
      ? []
      : await db
          .select({
            applicationId: applicationMessages.applicationId,
            sentAt: applicationMessages.sentAt,
            locale: applicationMessages.locale,
            subject: applicationMessages.subject,
            body: applicationMessages.body,
          })
          .from(applicationMessages)
          .where(inArray(applicationMessages.applicationId, ids))
          .orderBy(asc(applicationMessages.sentAt));
  // The interviews of the applications: what was planned with the student (not the interviewers' addresses).
  const interviewRows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: interviews.id,
            applicationId: interviews.applicationId,
            status: interviews.status,
            durationMinutes: interviews.durationMinutes,
            location: interviews.location,
            videoUrl: interviews.videoUrl,
            createdAt: interviews.createdAt,
          })
          .from(interviews)
          .where(inArray(interviews.applicationId, ids))
          .orderBy(asc(interviews.createdAt));
  const slotRows =
    interviewRows.length === 0
      ? []
      : await db
          .select()
          .from(interviewSlots)
          .where(
            inArray(
              interviewSlots.interviewId,
              interviewRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(interviewSlots.startsAt));
  const [saved, dismissed, alertRows, tracked, subscriptions, reports] = await Promise.all([
    db.select().from(savedJobs).where(eq(savedJobs.userUid, uid)),
    db.select().from(dismissedJobs).where(eq(dismissedJobs.userUid, uid)),
    db.select().from(alerts).where(eq(alerts.userUid, uid)),
    db.select().from(trackedApplications).where(eq(trackedApplications.userUid, uid)),
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, uid)),
    db.select().from(jobReports).where(eq(jobReports.userUid, uid)).orderBy(asc(jobReports.createdAt)),
  ]);
  const data: AccountData = {
    account: account ?? null,
    profile: profile ?? null,
    applications: applicationRows.map((row) => ({
      ...Object.fromEntries(Object.entries(row).filter(([column]) => !applicationBookkeeping.has(column))),
      screeningAnswers: row.screeningAnswers.map(({ prompt, answer }) => ({ question: prompt, answer })),
      statusHistory: history
        .filter((entry) => entry.applicationId === row.id)
        .map(({ fromStatus, toStatus, createdAt }) => ({ fromStatus, toStatus, createdAt })),
      messages: messages
        .filter((message) => message.applicationId === row.id)
        .map(({ sentAt, locale, subject, body }) => ({ sentAt, locale, subject, body })),
      interviews: interviewRows
        .filter((interview) => interview.applicationId === row.id)
        .map(({ id, applicationId: _application, ...interview }) => ({
          ...interview,
          times: slotRows
            .filter((slot) => slot.interviewId === id)
            .map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt, booked: slot.bookedAt !== null })),
        })),
    })),
    savedJobs: saved,
    dismissedJobs: dismissed,
    alerts: alertRows,
    trackedApplications: tracked,
    pushSubscriptions: subscriptions,
    jobReports: reports,
  };
  return {
    data,
    files: {
      profile: profile?.resumeKey && profile.resumeName ? { key: profile.resumeKey, name: profile.resumeName } : null,
      applications: applicationRows.map((row) => ({ key: row.resumeKey, name: row.resumeName })),
    },
  };
}
