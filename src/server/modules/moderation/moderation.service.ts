import { and, eq } from 'drizzle-orm';
import type {
  DismissResult,
  ModerationOverview,
  ModerationResult,
  ReportReason,
} from '../../../shared/moderation/moderation-api.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { knownAddressLocale } from '../../mail/recipient-locale.ts';
import { bumpBoardVersion } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { externalListings } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { findOpenFeaturedJob, isFeaturedJobHidden, jobExists, jobSummaries } from '../jobs/index.ts';
import { firstReportMail } from './report-notice.ts';
import {
  closeOpenReports,
  countOtherOpenReports,
  insertReport,
  lockJobReports,
  type StoredReport,
  deleteHiddenJob,
  describeJobs,
  findHiddenJob,
  insertHiddenJob,
  insertLogEntry,
  readModerationJobIds,
} from './moderation.repository.ts';

// Hiding and restoring a job (the operators' page, `npm run moderation`): one transaction writes the hidden row, the
// audit entry and a new board version, whose NOTIFY makes every instance rebuild its board without the job.

/**
 * The id the board knows a reportable job by: an active external listing's feed id, or an open featured job's id
 * (named by id or slug). A hidden job answers 410 job_removed, anything else 404.
 */
export async function resolveBoardJobId(db: Database, idOrSlug: string): Promise<string> {
  const [listing] = await db
    .select({ id: externalListings.id })
    .from(externalListings)
    .where(and(eq(externalListings.id, idOrSlug), eq(externalListings.active, true)));
  if (listing) {
    if (await findHiddenJob(db, listing.id)) throw new HttpError(410, 'job_removed');
    return listing.id;
  }
  const featured = await findOpenFeaturedJob(db, idOrSlug);
  if (featured) return featured.id;
  if (await isFeaturedJobHidden(db, idOrSlug)) throw new HttpError(410, 'job_removed');
  throw new HttpError(404, 'job_not_found');
}

export type ReportNotices = { operatorEmails: readonly string[]; appUrl: string };

/**
 * Stores a student's report (null: they reported this job already). When it is the job's only open report, the
 * operators get one e-mail each, in the report's transaction: later reports of the job add none until its reports
 * are reviewed (hidden, restored or dismissed) and a new one opens it again.
 */
export async function submitReport(
  db: Database,
  input: { jobId: string; uid: string; reason: ReportReason; text: string; at: Date },
  { operatorEmails, appUrl }: ReportNotices,
): Promise<{ report: StoredReport | null; mailed: number }> {
  return db.transaction(async (tx) => {
    await lockJobReports(tx, input.jobId);
    const report = await insertReport(tx, input);
    if (!report || operatorEmails.length === 0) return { report, mailed: 0 };
    if ((await countOtherOpenReports(tx, input.jobId, report.id)) > 0) return { report, mailed: 0 };
    const job = (await jobSummaries(tx, [input.jobId])).get(input.jobId);
    const summary = job ? { id: input.jobId, title: job.title, company: job.company } : null;
    const mails = await Promise.all(
      operatorEmails.map(async (to) => ({
        kind: 'job-report',
        causeId: report.id,
        ...firstReportMail({
          to,
          locale: await knownAddressLocale(tx, to),
          jobId: input.jobId,
          job: summary,
          reason: input.reason,
          appUrl,
        }),
      })),
    );
    await enqueueMails(tx, mails);
    return { report, mailed: mails.length };
  });
}

export type ModerationActor = { actor: string; now: () => number };

export async function hideJob(
  db: Database,
  jobId: string,
  reason: string,
  { actor, now }: ModerationActor,
): Promise<ModerationResult> {
  // Any job the app has known, open or closed: a closed listing hidden now stays hidden if its feed brings it back.
  if (!(await jobExists(db, jobId))) throw new HttpError(404, 'job_not_found');
  const at = new Date(now());
  const version = await db.transaction(async (tx) => {
    if (!(await insertHiddenJob(tx, { jobId, reason, actor, at }))) throw new HttpError(409, 'job_already_hidden');
    await closeOpenReports(tx, jobId, at);
    await insertLogEntry(tx, { at, actor, action: 'hide', jobId, reason });
    return (await bumpBoardVersion(tx)).version;
  });
  return { jobId, action: 'hide', boardVersion: version };
}

export async function restoreJob(
  db: Database,
  jobId: string,
  reason: string | null,
  { actor, now }: ModerationActor,
): Promise<ModerationResult> {
  const at = new Date(now());
  const version = await db.transaction(async (tx) => {
    if (!(await deleteHiddenJob(tx, jobId))) throw new HttpError(409, 'job_not_hidden');
    await closeOpenReports(tx, jobId, at);
    await insertLogEntry(tx, { at, actor, action: 'restore', jobId, reason });
    return (await bumpBoardVersion(tx)).version;
  });
  return { jobId, action: 'restore', boardVersion: version };
}

/**
 * Closes the job's open reports without hiding it (reports that are wrong): the job leaves the reported list and
 * stays on the board. 409 no_open_reports when it has none (nothing to dismiss, or another operator did it first).
 */
export async function dismissReports(
  db: Database,
  jobId: string,
  reason: string,
  { actor, now }: ModerationActor,
): Promise<DismissResult> {
  const at = new Date(now());
  const dismissedReports = await db.transaction(async (tx) => {
    const closed = await closeOpenReports(tx, jobId, at);
    if (closed === 0) throw new HttpError(409, 'no_open_reports');
    await insertLogEntry(tx, { at, actor, action: 'dismiss', jobId, reason });
    return closed;
  });
  return { jobId, action: 'dismiss', dismissedReports };
}

/** The jobs with open reports and the hidden jobs, as the operators' page and `npm run moderation -- list` show them. */
export async function readModerationOverview(db: Database): Promise<ModerationOverview> {
  const ids = await readModerationJobIds(db);
  const summaries = await jobSummaries(db, [...new Set([...ids.reported, ...ids.hidden])]);
  const [reported, hidden] = await Promise.all([
    describeJobs(db, ids.reported, summaries),
    describeJobs(db, ids.hidden, summaries),
  ]);
  return { reported, hidden };
}
