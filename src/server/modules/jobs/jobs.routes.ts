import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicJobListSchema,
  publicJobParamsSchema,
  publicJobQuerySchema,
  type PublicJobView,
  publicJobViewSchema,
} from '../../../shared/jobs/public-job-api.ts';
import { publicScreeningQuestion } from '../../../shared/screening/screening-questions.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers } from '../../http/route-schemas.ts';
import { logoUrl } from '../files/index.ts';
import {
  findOpenFeaturedJob,
  isFeaturedJobHidden,
  listOpenFeaturedJobs,
  type PublicJobRow,
} from './jobs.repository.ts';

// The job view stays public: a token is accepted (the apply page checks it, signed in); a sharedId must name a live
// link of this job, so a revoked link says so before the person fills in the form.

function toPublicJobView(row: PublicJobRow): PublicJobView {
  return {
    job: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      type: row.type,
      location: row.location,
      description: row.description,
      requirements: row.requirements,
      postingDate: row.postingDate.toISOString(),
      endPostingDate: row.endPostingDate?.toISOString() ?? null,
      family: row.family,
      termKeys: row.terms,
      degreeLevels: row.degreeLevels,
      sponsorship: row.sponsorship,
      skills: row.skills,
      screeningQuestions: row.screeningQuestions.map(publicScreeningQuestion),
    },
    organization: {
      name: row.organizationName,
      logo: row.organizationLogoPath ? logoUrl(row.organizationLogoPath) : null,
    },
  };
}

export type JobsRoutesOptions = {
  db: Database;
  /** Throws the apply module's answer when `sharedId` is not a live shared link of the job (app.ts passes it in). */
  checkSharedLink: (db: Database, sharedId: string, jobId: string) => Promise<unknown>;
};

export const jobsRoutes: FastifyPluginAsyncZod<JobsRoutesOptions> = async (app, { db, checkSharedLink }) => {
  app.get(
    '/public/jobs',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The open featured jobs listed publicly',
        tags: ['jobs'],
        response: { 200: publicJobListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { jobs: await listOpenFeaturedJobs(db) };
    },
  );

  app.get(
    '/public/jobs/:idOrSlug',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One open featured job',
        tags: ['jobs'],
        params: publicJobParamsSchema,
        querystring: publicJobQuerySchema,
        response: { 200: publicJobViewSchema, ...errorAnswers(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const { token, sharedId } = request.query;
      const { idOrSlug } = request.params;
      const row = await findOpenFeaturedJob(db, idOrSlug);
      if (!row && (await isFeaturedJobHidden(db, idOrSlug))) throw new HttpError(410, 'job_removed');
      if (!row) throw new HttpError(404, 'job_not_available');
      // With a token the page is in private mode (shared applyMode) and a sharedId beside it plays no part. A link-only
      // job is shown with a live shared link (or a token), a private one with a token only; the apply route checks
      // the token itself, against the signed-in e-mail.
      if (sharedId && !token) await checkSharedLink(db, sharedId, row.id);
      if (row.visibility === 'link' && !sharedId && !token) throw new HttpError(404, 'job_not_available');
      if (row.visibility === 'private' && !token) throw new HttpError(404, 'job_not_available');
      reply.header('cache-control', 'no-cache');
      return toPublicJobView(row);
    },
  );
};
