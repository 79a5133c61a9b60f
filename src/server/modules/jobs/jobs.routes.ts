import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { logoUrl } from '../files/index.ts'
import { findOpenFeaturedJob, listOpenFeaturedJobs, type PublicJobRow } from './jobs.repository.ts'

// The job view stays public: a token is accepted (the apply page checks it, signed in); a sharedId must name a live
// link of this job, so a revoked link says so before the person fills in the form.
const jobDetailQuerySchema = z.object({
  token: z.string().max(2000, 'token is too long').optional(),
  sharedId: z.string().max(2000, 'sharedId is too long').optional(),
})

export type PublicJobView = {
  job: {
    id: string
    slug: string
    title: string
    type: string
    location: string
    description: string
    requirements: string
    postingDate: string
    endPostingDate: string | null
  }
  organization: { name: string; logo: string | null }
}

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
    },
    organization: {
      name: row.organizationName,
      logo: row.organizationLogoPath ? logoUrl(row.organizationLogoPath) : null,
    },
  }
}

export type JobsRoutesOptions = {
  db: Database
  /** Throws the apply module's answer when `sharedId` is not a live shared link of the job (app.ts passes it in). */
  checkSharedLink: (db: Database, sharedId: string, jobId: string) => Promise<unknown>
}

export const jobsRoutes: FastifyPluginAsync<JobsRoutesOptions> = async (app, { db, checkSharedLink }) => {
  app.get('/public/jobs', async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return { jobs: await listOpenFeaturedJobs(db) }
  })

  app.get<{ Params: { idOrSlug: string } }>('/public/jobs/:idOrSlug', async (request, reply) => {
    const { token, sharedId } = parseRequest(jobDetailQuerySchema, request.query)
    const { idOrSlug } = request.params
    const row = await findOpenFeaturedJob(db, idOrSlug)
    if (!row) throw new HttpError(404, 'job_not_available')
    // With a token the page is in private mode (shared applyMode) and a sharedId beside it plays no part. A link-only
    // job is shown with a live shared link (or a token), a private one with a token only; the apply route checks
    // the token itself, against the signed-in e-mail.
    if (sharedId && !token) await checkSharedLink(db, sharedId, row.id)
    if (row.visibility === 'link' && !sharedId && !token) throw new HttpError(404, 'job_not_available')
    if (row.visibility === 'private' && !token) throw new HttpError(404, 'job_not_available')
    reply.header('cache-control', 'no-cache')
    return toPublicJobView(row)
  })
}
