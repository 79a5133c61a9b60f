import type { FastifyPluginAsync } from 'fastify';
import { applicationDataRemovalAt } from '../../../shared/account/retention.ts';
import {
  type CompanyJob,
  type CompanyJobSummary,
  companyJobsQuerySchema,
  jobCreateRequestSchema,
  jobFieldsProblems,
  jobUpdateRequestSchema,
  type ApplicationCounts,
} from '../../../shared/company/company-api.ts';
import type { DegreeLevel, JobFamily, TermKey } from '../../../shared/jobs/job-criteria.ts';
import { emptyStatusCounts } from '../../../shared/company/application-status.ts';
import { bumpBoardVersion } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import type { FeaturedJobRow } from '../../db/schema.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { companyCaller, requireJobAccess, requireOrganizationMember } from './company-access.ts';
import { hasAnyMembership } from './company-access.repository.ts';
import { deletionScheduled } from './organization-deletion.repository.ts';
import { parseCompanyRequest } from './company-request.ts';
import { companyRouteSchemas } from './company-route-schemas.ts';
import {
  applicationCountsOf,
  findJob,
  insertJob,
  listOrganizationJobs,
  type NewFeaturedJob,
  updateJob,
} from './company-jobs.repository.ts';
import { HttpError } from '../../http/http-error.ts';
import { isUuid } from '../../lib/uuid.ts';

export type CompanyJobsRoutesOptions = {
  db: Database;
  boardIndex: BoardIndex;
  appUrl: string;
  /** APPLICATION_RETENTION_DAYS: the job page says when its applicants' details are removed. */
  retentionDays: number;
  now: () => number;
};

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date is the start of that day (posting) or its end (deadline), in UTC. */
function toDate(value: string, end = false): Date {
  if (dateOnly.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

function onBoard(job: Pick<FeaturedJobRow, 'status' | 'visibility'>): boolean {
  return job.status === 'published' && job.visibility === 'public';
}

export function toCompanyJobSummary(row: FeaturedJobRow, counts: ApplicationCounts | undefined): CompanyJobSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    location: row.location,
    status: row.status,
    visibility: row.visibility,
    postingDate: row.postingDate.toISOString(),
    deadline: row.endPostingDate?.toISOString() ?? null,
    applicationCounts: counts ?? { ...emptyStatusCounts(), total: 0 },
    updatedAt: row.updatedAt.toISOString(),
  };
}

type JobAnswerContext = { appUrl: string; retentionDays: number; now: number };

function toCompanyJob(
  row: FeaturedJobRow,
  counts: ApplicationCounts | undefined,
  { appUrl, retentionDays, now }: JobAnswerContext,
): CompanyJob {
  return {
    ...toCompanyJobSummary(row, counts),
    organizationId: row.organizationId,
    description: row.description,
    requirements: row.requirements,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency,
    skills: row.skills,
    // Written through the job schemas (job-criteria.ts values only).
    family: row.family as JobFamily | null,
    terms: row.terms as TermKey[],
    degreeLevels: row.degreeLevels as DegreeLevel[],
    sponsorship: row.sponsorship,
    screeningQuestions: row.screeningQuestions,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    publicUrl: `${appUrl}/jobs/${encodeURIComponent(row.slug)}`,
    dataRemovalAt: applicationDataRemovalAt(row, retentionDays, now)?.toISOString() ?? null,
  };
}

/** The allowed moves: publish, close, reopen (and staying put). */
function statusChange(
  from: FeaturedJobRow['status'],
  to: FeaturedJobRow['status'],
  now: Date,
): Partial<NewFeaturedJob> | null {
  if (from === to) return {};
  if (from === 'draft' && to === 'published') return { status: 'published', publishedAt: now, closedAt: null };
  if (from === 'published' && to === 'closed') return { status: 'closed', closedAt: now };
  if (from === 'closed' && to === 'published') return { status: 'published', closedAt: null };
  return null;
}

export const companyJobsRoutes: FastifyPluginAsync<CompanyJobsRoutesOptions> = async (
  app,
  { db, boardIndex, appUrl, retentionDays, now },
) => {
  const context = (): JobAnswerContext => ({ appUrl, retentionDays, now: now() });
  /** After a change that shows or hides a job on the board: this instance at once, the others at their next poll. */
  function refreshBoard(log: { warn(object: unknown, message: string): void }) {
    boardIndex.refresh().catch((error: unknown) => log.warn({ err: error }, 'board refresh after a job change failed'));
  }

  app.get(
    '/company/jobs',
    { schema: companyRouteSchemas.listJobs, config: { access: 'organization-member' } },
    async (request): Promise<CompanyJobSummary[]> => {
      const { organizationId } = parseCompanyRequest(companyJobsQuerySchema, request.query);
      await requireOrganizationMember(db, companyCaller(request), organizationId);
      const rows = await listOrganizationJobs(db, organizationId);
      const counts = await applicationCountsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toCompanyJobSummary(row, counts.get(row.id)));
    },
  );

  app.post(
    '/company/jobs',
    { schema: companyRouteSchemas.createJob, config: { access: 'organization-member' } },
    async (request, reply) => {
      const caller = companyCaller(request);
      // Membership first: a non-member learns nothing from validation messages. A member who names no organization
      // gets the validation message.
      const named = (request.body as { organizationId?: unknown } | null)?.organizationId;
      if (typeof named !== 'string' || !isUuid(named)) {
        if (!(await hasAnyMembership(db, caller.uid))) throw new HttpError(403, 'not_a_member');
        parseCompanyRequest(jobCreateRequestSchema, request.body);
      }
      await requireOrganizationMember(db, caller, String(named));
      const input = parseCompanyRequest(jobCreateRequestSchema, request.body);
      // An organization on its way out takes no new jobs (and so no new applications) until an owner cancels.
      if (await deletionScheduled(db, input.organizationId))
        throw new HttpError(409, 'organization_deletion_scheduled');
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        const job = await insertJob(tx, {
          organizationId: input.organizationId,
          title: input.title,
          type: input.type,
          location: input.location,
          description: input.description,
          requirements: input.requirements,
          postingDate: toDate(input.postingDate),
          endPostingDate: input.deadline ? toDate(input.deadline, true) : null,
          salaryMin: input.salaryMin ?? null,
          salaryMax: input.salaryMax ?? null,
          salaryCurrency: input.salaryCurrency ?? null,
          skills: input.skills ?? [],
          visibility: input.visibility,
          family: input.family,
          terms: input.terms,
          degreeLevels: input.degreeLevels,
          sponsorship: input.sponsorship,
          screeningQuestions: input.screeningQuestions,
          status: input.status,
          publishedAt: input.status === 'published' ? now : null,
        });
        if (onBoard(job)) await bumpBoardVersion(tx);
        return job;
      });
      if (onBoard(row)) refreshBoard(request.log);
      request.log.info(
        { jobId: row.id, organizationId: row.organizationId, status: row.status },
        'company job created',
      );
      return reply.code(201).send(toCompanyJob(row, undefined, context()));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id',
    { schema: companyRouteSchemas.job, config: { access: 'organization-member' } },
    async (request): Promise<CompanyJob> => {
      await requireJobAccess(db, companyCaller(request), request.params.id);
      const row = await findJob(db, request.params.id.toLowerCase());
      if (!row) throw new HttpError(404, 'not_found');
      const counts = await applicationCountsOf(db, [row.id]);
      return toCompanyJob(row, counts.get(row.id), context());
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/company/jobs/:id',
    { schema: companyRouteSchemas.updateJob, config: { access: 'organization-member' } },
    async (request): Promise<CompanyJob> => {
      const access = await requireJobAccess(db, companyCaller(request), request.params.id);
      const input = parseCompanyRequest(jobUpdateRequestSchema, request.body);
      const current = await findJob(db, request.params.id.toLowerCase());
      if (!current) throw new HttpError(404, 'not_found');

      const changes: Partial<NewFeaturedJob> = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.type !== undefined) changes.type = input.type;
      if (input.location !== undefined) changes.location = input.location;
      if (input.description !== undefined) changes.description = input.description;
      if (input.requirements !== undefined) changes.requirements = input.requirements;
      if (input.postingDate !== undefined) changes.postingDate = toDate(input.postingDate);
      if (input.deadline !== undefined) changes.endPostingDate = input.deadline ? toDate(input.deadline, true) : null;
      if (input.salaryMin !== undefined) changes.salaryMin = input.salaryMin;
      if (input.salaryMax !== undefined) changes.salaryMax = input.salaryMax;
      if (input.salaryCurrency !== undefined) changes.salaryCurrency = input.salaryCurrency;
      if (input.skills !== undefined) changes.skills = input.skills;
      if (input.visibility !== undefined) changes.visibility = input.visibility;
      if (input.family !== undefined) changes.family = input.family;
      if (input.terms !== undefined) changes.terms = input.terms;
      if (input.degreeLevels !== undefined) changes.degreeLevels = input.degreeLevels;
      if (input.sponsorship !== undefined) changes.sponsorship = input.sponsorship;
      // Applications already sent keep their answers with the questions as they were asked.
      if (input.screeningQuestions !== undefined) changes.screeningQuestions = input.screeningQuestions;
      if (input.status !== undefined) {
        const move = statusChange(current.status, input.status, new Date());
        if (!move) throw new HttpError(409, 'invalid_job_status_change');
        if (move.status === 'published' && (await deletionScheduled(db, access.organizationId)))
          throw new HttpError(409, 'organization_deletion_scheduled');
        Object.assign(changes, move);
      }

      // The rules across fields hold for the job as it will be.
      const merged = { ...current, ...changes };
      const problems = jobFieldsProblems({
        type: merged.type,
        terms: merged.terms,
        postingDate: merged.postingDate?.toISOString(),
        deadline: merged.endPostingDate ? merged.endPostingDate.toISOString() : null,
        salaryMin: merged.salaryMin ?? null,
        salaryMax: merged.salaryMax ?? null,
        salaryCurrency: merged.salaryCurrency ?? null,
      });
      // A job posted before families existed goes on the board again only once a member has chosen its family.
      if (changes.status === 'published' && !merged.family)
        problems.push({ path: 'family', message: 'Choose the family before publishing the job' });
      if (problems.length > 0)
        throw new HttpError(
          400,
          'invalid_request',
          problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '),
        );

      const boardChange =
        onBoard(current) ||
        onBoard({ status: merged.status ?? current.status, visibility: merged.visibility ?? current.visibility });
      const row = await db.transaction(async (tx) => {
        // Guarded by the status read above: a concurrent publish/close makes this one a conflict, not a double move.
        const updated = await updateJob(tx, current.id, changes, current.status);
        if (!updated) return null;
        if (boardChange) await bumpBoardVersion(tx);
        return updated;
      });
      if (!row) throw new HttpError(409, 'invalid_job_status_change');
      if (boardChange) refreshBoard(request.log);
      const counts = await applicationCountsOf(db, [row.id]);
      return toCompanyJob(row, counts.get(row.id), context());
    },
  );
};
