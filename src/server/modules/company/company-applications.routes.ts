import type { FastifyPluginAsync } from 'fastify';
import {
  applicantsQuerySchema,
  applicationStatusRequestSchema,
  type BulkStatusResponse,
  bulkStatusRequestSchema,
  type CompanyApplication,
  type JobStats,
  type Note,
  noteRequestSchema,
  type RejectionReason,
} from '../../../shared/company/company-api.ts';
import type { Database } from '../../db/client.ts';
import type { MailSender } from '../../mail/outbox.ts';
import type { PushSender } from '../../push/push-outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import { inlineContentDisposition } from '../../http/content-disposition.ts';
import {
  companyCaller,
  displayNameOf,
  requireApplicationAccess,
  requireJobAccess,
  requireOrganizationMember,
} from './company-access.ts';
import { findMembership, hasAnyMembership } from './company-access.repository.ts';
import { parseCompanyRequest } from './company-request.ts';
import { companyRouteSchemas } from './company-route-schemas.ts';
import {
  findApplicationWithJob,
  insertNote,
  jobSources,
  listApplicantRows,
  listHistory,
  listNotes,
  lockApplications,
} from './company-applications.repository.ts';
import {
  applicantsCsv,
  applicantsPage,
  bulkChangeStatus,
  changeApplicationStatus,
  jobStats,
  matchOfRow,
} from './company-applications.service.ts';
import { findJob } from './company-jobs.repository.ts';
import { HttpError } from '../../http/http-error.ts';
import { enqueueMentionMails } from '../mentions/index.ts';
import type { StudentMessageChoice, StudentMessenger } from './student-messenger.ts';
import type { MessageChoice } from '../../../shared/messages/messages-api.ts';

export type CompanyApplicationsRoutesOptions = {
  db: Database;
  storage: Storage;
  mailSender: MailSender;
  pushSender: PushSender;
  appUrl: string;
  /** The app's clock, for the activity log. */
  now: () => number;
  /** How a move tells the student (modules/messages). */
  messenger: StudentMessenger;
};

/** The request's choice: a message, the standard status e-mail (`notify`), or nothing (a silent move). */
function messageOf(input: {
  notify?: boolean | undefined;
  message?: MessageChoice | undefined;
}): StudentMessageChoice | null {
  if (input.message) return input.message;
  return input.notify ? { kind: 'status' } : null;
}

function toNote(row: {
  id: string;
  body: string;
  createdAt: Date;
  authorUid: string;
  authorName: string | null;
}): Note {
  return {
    id: row.id,
    body: row.body,
    at: row.createdAt.toISOString(),
    by: { uid: row.authorUid, name: row.authorName },
  };
}

export const companyApplicationsRoutes: FastifyPluginAsync<CompanyApplicationsRoutesOptions> = async (
  app,
  { db, storage, mailSender, pushSender, appUrl, now, messenger },
) => {
  async function jobOf(request: { params: { id: string } } & Parameters<typeof companyCaller>[0]) {
    await requireJobAccess(db, companyCaller(request), request.params.id);
    const job = await findJob(db, request.params.id.toLowerCase());
    if (!job) throw new HttpError(404, 'not_found');
    return job;
  }

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/applicants',
    { schema: companyRouteSchemas.applicants, config: { access: 'organization-member' } },
    async (request) => {
      const job = await jobOf(request);
      const query = parseCompanyRequest(applicantsQuerySchema, request.query);
      return applicantsPage(job, await listApplicantRows(db, job.id), query);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/applicants.csv',
    { schema: companyRouteSchemas.applicantsCsv, config: { access: 'organization-member' } },
    async (request, reply) => {
      const job = await jobOf(request);
      const {
        page: _page,
        pageSize: _pageSize,
        ...filters
      } = parseCompanyRequest(applicantsQuerySchema, request.query);
      const csv = applicantsCsv(job, await listApplicantRows(db, job.id), filters);
      const name = `applicants-${job.slug}.csv`.replace(/[^A-Za-z0-9._-]/g, '-');
      await recordActivity(db, {
        organizationId: job.organizationId,
        actorUid: companyCaller(request).uid,
        kind: 'export',
        jobId: job.id,
        detail: { file: 'applicants' },
        at: new Date(now()),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/stats',
    { schema: companyRouteSchemas.jobStats, config: { access: 'organization-member' } },
    async (request): Promise<JobStats> => {
      const job = await jobOf(request);
      return { ...jobStats(await listApplicantRows(db, job.id)), ...(await jobSources(db, job.id)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/applications/:id',
    { schema: companyRouteSchemas.application, config: { access: 'organization-member' } },
    async (request): Promise<CompanyApplication> => {
      const caller = companyCaller(request);
      await requireApplicationAccess(db, caller, request.params.id);
      const found = await findApplicationWithJob(db, request.params.id.toLowerCase());
      if (!found) throw new HttpError(404, 'not_found');
      const { application, job } = found;
      const [history, notes] = await Promise.all([listHistory(db, application.id), listNotes(db, application.id)]);
      const { coverLetter, ...answers } = application.answers;
      const github = application.githubSnapshot ?? null;
      const devpost = application.devpostSnapshot ?? null;
      return {
        applicationId: application.id,
        jobId: job.id,
        job: { title: job.title, requiredSkills: job.skills },
        status: application.status,
        statusChangedAt: application.statusChangedAt.toISOString(),
        appliedAt: application.submittedAt.toISOString(),
        version: application.version,
        channel: application.channel,
        answers: { ...answers, email: application.email },
        coverLetter,
        links: {
          linkedin: answers.linkedinUrl,
          portfolio: answers.portfolioUrl,
          github: answers.githubUsername ? `https://github.com/${encodeURIComponent(answers.githubUsername)}` : null,
          devpost: answers.devpostUsername
            ? `https://devpost.com/${encodeURIComponent(answers.devpostUsername)}`
            : null,
        },
        github,
        devpost,
        skills: application.skillsSnapshot,
        match: matchOfRow(job, {
          skills: application.skillsSnapshot,
          answers,
          submittedAt: application.submittedAt,
          githubContributions: github ? github.contributionCount : null,
          githubRepos: github ? github.repoCount : null,
          devpostProjects: devpost ? devpost.stats.projectCount : null,
          devpostWins: devpost ? devpost.stats.winCount : null,
        }),
        screening: { answers: application.screeningAnswers, knockedOut: application.screeningKnockedOut },
        history: history.map((entry) => ({
          from: entry.fromStatus as CompanyApplication['status'],
          to: entry.toStatus as CompanyApplication['status'],
          at: entry.createdAt.toISOString(),
          by: entry.changedBy ? { uid: entry.changedBy, name: entry.changedByName } : null,
          ...(entry.reason || entry.reasonNote
            ? { reason: entry.reason as RejectionReason | null, reasonNote: entry.reasonNote }
            : {}),
        })),
        notes: notes.map(toNote),
        hasResume: Boolean(application.resumeKey),
        resumeName: application.resumeName,
      };
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/company/applications/:id',
    { schema: companyRouteSchemas.changeApplicationStatus, config: { access: 'organization-member' } },
    async (request) => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const input = parseCompanyRequest(applicationStatusRequestSchema, request.body);
      const membership = await findMembership(db, access.organizationId, caller.uid);
      const id = request.params.id.toLowerCase();
      const outcome = await changeApplicationStatus(db, {
        applicationId: id,
        to: input.status,
        version: input.version,
        message: messageOf(input),
        messenger,
        rejection: { reason: input.rejectionReason, note: input.rejectionNote },
        actor: { uid: caller.uid, name: displayNameOf(caller, membership) },
        at: new Date(now()),
      });
      if (outcome.mailed) {
        mailSender.nudge();
        pushSender.nudge();
      }
      if (outcome.changed) request.log.info({ applicationId: id, status: input.status }, 'application status changed');
      const found = await findApplicationWithJob(db, id);
      if (!found) throw new HttpError(404, 'not_found');
      return {
        applicationId: found.application.id,
        status: found.application.status,
        statusChangedAt: found.application.statusChangedAt.toISOString(),
        version: found.application.version,
      };
    },
  );

  app.post(
    '/company/applications/bulk-status',
    { schema: companyRouteSchemas.bulkStatus, config: { access: 'organization-member' } },
    async (request): Promise<BulkStatusResponse> => {
      const caller = companyCaller(request);
      if (!(await hasAnyMembership(db, caller.uid))) throw new HttpError(403, 'not_a_member');
      const input = parseCompanyRequest(bulkStatusRequestSchema, request.body);
      const ids = [...new Set(input.applicationIds.map((id) => id.toLowerCase()))];
      // Every id must exist (404) and belong to one organization the caller is a member of (403): else nothing changes.
      const rows = await lockApplications(db, ids);
      if (rows.length !== ids.length) throw new HttpError(404, 'not_found');
      const organizations = new Set(rows.map((row) => row.organizationId));
      if (organizations.size !== 1) throw new HttpError(403, 'not_a_member');
      const [organizationId] = [...organizations] as [string];
      const membership = await requireOrganizationMember(db, caller, organizationId);
      const outcome = await bulkChangeStatus(db, {
        ids,
        to: input.status,
        message: messageOf(input),
        messenger,
        rejection: { reason: input.rejectionReason, note: input.rejectionNote },
        organizationId,
        actor: { uid: caller.uid, name: displayNameOf(caller, membership) },
        at: new Date(now()),
      });
      if (outcome.mailed > 0) {
        mailSender.nudge();
        pushSender.nudge();
      }
      return { updated: outcome.updated, skipped: outcome.skipped };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/company/applications/:id/notes',
    { schema: companyRouteSchemas.addNote, config: { access: 'organization-member' } },
    async (request, reply) => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const input = parseCompanyRequest(noteRequestSchema, request.body);
      const membership = await findMembership(db, access.organizationId, caller.uid);
      const applicationId = request.params.id.toLowerCase();
      const authorName = displayNameOf(caller, membership);
      // The note and the e-mails to the members it @mentions, in one transaction.
      const { row, mentioned } = await db.transaction(async (tx) => {
        const found = await findApplicationWithJob(tx, applicationId);
        if (!found) throw new HttpError(404, 'not_found');
        const row = await insertNote(tx, { applicationId, authorUid: caller.uid, authorName, body: input.body });
        await recordActivity(tx, {
          organizationId: access.organizationId,
          actorUid: caller.uid,
          kind: 'note',
          applicationId,
          jobId: found.job.id,
          at: new Date(now()),
        });
        const mentioned = await enqueueMentionMails(tx, {
          organizationId: access.organizationId,
          organizationName: found.organization.name,
          authorUid: caller.uid,
          authorName: authorName ?? caller.uid,
          applicationId,
          applicantName: `${found.application.answers.firstName} ${found.application.answers.lastName}`,
          jobTitle: found.job.title,
          body: input.body,
          appUrl,
        });
        return { row, mentioned };
      });
      if (mentioned > 0) mailSender.nudge();
      return reply.code(201).send(toNote(row));
    },
  );

  // Members of the job's organization only, with the bearer token (the portal shows it from a blob: URL).
  app.get<{ Params: { id: string } }>(
    '/company/applications/:id/resume',
    { schema: companyRouteSchemas.applicationResume, config: { access: 'organization-member' } },
    async (request, reply) => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const found = await findApplicationWithJob(db, request.params.id.toLowerCase());
      if (found?.application.anonymizedAt)
        throw new HttpError(
          410,
          found.application.anonymizedReason === 'retention' ? 'resume_expired' : 'resume_removed',
        );
      const stored = found ? await storage.get(found.application.resumeKey) : null;
      if (!found || !stored) {
        if (found)
          request.log.error({ applicationId: found.application.id }, 'application resume missing from the storage');
        throw new HttpError(404, 'resume_missing');
      }
      await recordActivity(db, {
        organizationId: access.organizationId,
        actorUid: caller.uid,
        kind: 'resume-view',
        applicationId: found.application.id,
        jobId: found.job.id,
        at: new Date(now()),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', inlineContentDisposition(found.application.resumeName))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength));
    },
  );
};
