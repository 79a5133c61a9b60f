import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type ApplicationScorecards,
  applicationScorecardsSchema,
  type Criterion,
  criteriaRequestSchema,
  criterionIdFor,
  type JobScorecard,
  jobScorecardSchema,
  scorecardRequestSchema,
  summarizeScorecards,
} from '../../../shared/scorecards/scorecards-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import {
  asCompanyScope,
  companyCaller,
  parseCompanyRequest,
  requireApplicationAccess,
  requireJobAccess,
} from '../company/index.ts';
import { criteriaOf, listScorecards, saveCriteria, upsertScorecard } from './scorecards.repository.ts';

// Scorecards (issue 28, docs/decisions/031-recruiter-workflow.md): the job's criteria and each member's card of an
// application. Members of the job's organization only; a member writes only their own card (the path says "mine",
// the uid comes from the token).

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const errors = errorAnswers(400, 401, 403, 404);
const jobParams = z.object({ id: z.string().describe('The job id') });
const applicationParams = z.object({ id: z.string().describe('The application id') });

/** Keeps the id of a criterion sent with one it already has; gives new ones an id from their label. */
function withIds(current: Criterion[], sent: { id?: string | undefined; label: string }[]): Criterion[] {
  const known = new Set(current.map((criterion) => criterion.id));
  const taken = new Set(sent.flatMap((item) => (item.id && known.has(item.id) ? [item.id] : [])));
  return sent.map((item) => {
    if (item.id && known.has(item.id)) return { id: item.id, label: item.label };
    const id = criterionIdFor(item.label, taken);
    taken.add(id);
    return { id, label: item.label };
  });
}

export const scorecardsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  asCompanyScope(app);

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/scorecard',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "A job's scorecard criteria",
        params: jobParams,
        response: { 200: jobScorecardSchema, ...errors },
      },
    },
    async (request): Promise<JobScorecard> => {
      await requireJobAccess(db, companyCaller(request), request.params.id);
      const jobId = request.params.id.toLowerCase();
      return { jobId, criteria: await criteriaOf(db, jobId) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/company/jobs/:id/scorecard',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "Set a job's scorecard criteria (2 to 6, in order)",
        params: jobParams,
        body: withExample(criteriaRequestSchema, {
          criteria: [{ label: 'Problem solving' }, { label: 'Communication' }],
        }),
        response: { 200: jobScorecardSchema, ...errors },
      },
    },
    async (request): Promise<JobScorecard> => {
      const caller = companyCaller(request);
      await requireJobAccess(db, caller, request.params.id);
      const input = parseCompanyRequest(criteriaRequestSchema, request.body);
      const jobId = request.params.id.toLowerCase();
      const criteria = await db.transaction(async (tx) => {
        const next = withIds(await criteriaOf(tx, jobId), input.criteria);
        await saveCriteria(tx, jobId, next, caller.uid);
        return next;
      });
      return { jobId, criteria };
    },
  );

  async function scorecardsOf(applicationId: string, organizationId: string, jobId: string, uid: string) {
    const [criteria, rows] = await Promise.all([
      criteriaOf(db, jobId),
      listScorecards(db, applicationId, organizationId),
    ]);
    const scorecards = rows.map((row) => ({
      by: { uid: row.uid, name: row.name ?? row.email },
      mine: row.uid === uid,
      ratings: row.ratings,
      recommendation: row.recommendation,
      note: row.note,
      overallRating: row.overallRating,
      updatedAt: row.updatedAt.toISOString(),
    }));
    return { criteria, scorecards, summary: summarizeScorecards(criteria, scorecards) };
  }

  app.get<{ Params: { id: string } }>(
    '/company/applications/:id/scorecards',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "Every member's scorecard of an application and the team's summary",
        params: applicationParams,
        response: { 200: applicationScorecardsSchema, ...errors },
      },
    },
    async (request): Promise<ApplicationScorecards> => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      return scorecardsOf(request.params.id.toLowerCase(), access.organizationId, access.jobId, caller.uid);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/company/applications/:id/scorecards/mine',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "Save the caller's own scorecard of an application",
        params: applicationParams,
        body: withExample(scorecardRequestSchema, {
          ratings: {},
          recommendation: 'yes',
          note: 'Clear about the trade-offs of her robot project.',
        }),
        response: { 200: applicationScorecardsSchema, ...errors },
      },
    },
    async (request): Promise<ApplicationScorecards> => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const input = parseCompanyRequest(scorecardRequestSchema, request.body);
      const applicationId = request.params.id.toLowerCase();
      const criteria = await criteriaOf(db, access.jobId);
      const ids = new Set(criteria.map((criterion) => criterion.id));
      const unknown = Object.keys(input.ratings).filter((id) => !ids.has(id));
      if (unknown.length > 0) {
        throw new HttpError(400, 'invalid_request', 'This job’s criteria have changed: reload the scorecard');
      }
      const missing = criteria.filter((criterion) => input.ratings[criterion.id] === undefined);
      if (missing.length > 0) {
        throw new HttpError(400, 'invalid_request', `Rate every criterion: ${missing.map((c) => c.label).join(', ')}`);
      }
      await upsertScorecard(db, { applicationId, uid: caller.uid, ...input });
      return scorecardsOf(applicationId, access.organizationId, access.jobId, caller.uid);
    },
  );
};
