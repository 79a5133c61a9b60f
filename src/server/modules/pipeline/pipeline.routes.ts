import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type Neighbors,
  neighborsQuerySchema,
  type Pipeline,
  pipelineQuerySchema,
} from '../../../shared/pipeline/pipeline-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, objectAnswer } from '../../http/route-schemas.ts';
import {
  asCompanyScope,
  companyCaller,
  listApplicantRows,
  parseCompanyRequest,
  requireApplicationAccess,
  requireJobAccess,
} from '../company/index.ts';
import { findJobForPipeline, jobOfApplication } from './pipeline.repository.ts';
import { buildPipeline, neighborsOf } from './pipeline.service.ts';

// The pipeline board of a job and the walk from one applicant to the next (issue 28,
// docs/decisions/033-pipeline-board.md). Members of the job's organization only. Moves go through the company
// module's PATCH /company/applications/{id} and bulk-status: this module only reads.

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const errors = errorAnswers(400, 401, 403, 404);
const jobParams = z.object({ id: z.string().describe('The job id') });
const applicationParams = z.object({ id: z.string().describe('The application id') });
const types = '(src/shared/pipeline/pipeline-api.ts)';

export const pipelineRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  asCompanyScope(app);

  app.get<{ Params: { id: string } }>(
    '/company/jobs/:id/pipeline',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "A job's applicants by status: the count of each stage and its cards (the list's filters apply)",
        params: jobParams,
        querystring: pipelineQuerySchema,
        response: { 200: objectAnswer(`Pipeline ${types}`), ...errors },
      },
    },
    async (request): Promise<Pipeline> => {
      await requireJobAccess(db, companyCaller(request), request.params.id);
      const query = parseCompanyRequest(pipelineQuerySchema, request.query);
      const job = await findJobForPipeline(db, request.params.id.toLowerCase());
      if (!job) throw new HttpError(404, 'not_found');
      return buildPipeline(job, await listApplicantRows(db, job.id), query);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/applications/:id/neighbors',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary:
          'Where an application sits in its job\'s applicants list as filtered and sorted: "3 of 12", previous, next',
        params: applicationParams,
        querystring: neighborsQuerySchema,
        response: { 200: objectAnswer(`Neighbors ${types}`), ...errors },
      },
    },
    async (request): Promise<Neighbors> => {
      await requireApplicationAccess(db, companyCaller(request), request.params.id);
      const query = parseCompanyRequest(neighborsQuerySchema, request.query);
      const applicationId = request.params.id.toLowerCase();
      const job = await jobOfApplication(db, applicationId);
      if (!job) throw new HttpError(404, 'not_found');
      return neighborsOf(job, await listApplicantRows(db, job.id), query, applicationId);
    },
  );
};
