import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { requireIdentifiedUser } from '../../plugins/auth.ts'
import { jobExists, listSavedJobs, recordSavedJob, userExists } from './saved-jobs.repository.ts'

// A student's saved jobs (GET/PUT/DELETE /api/saved-jobs[/{jobId}]). Who may call: a signed-in student with an
// account, for their own list only (the uid comes from the token, never from the request); anonymous sessions 403,
// no token 401. Each change carries the time it was made on the device, so offline changes sent late settle on the
// last one made (docs/decisions/008-places-and-saved-jobs.md).

const jobIdSchema = z.object({
  jobId: z
    .string()
    .min(1, 'jobId is required')
    .max(200, 'jobId is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'jobId must be a job id (letters, digits, - and _)'),
})

// A device clock may be wrong: a time in the future is taken as now, so it cannot win over every later change.
const changedAtSchema = z.object({
  changedAt: z.iso.datetime({ offset: true, message: 'changedAt must be an ISO date-time' }).optional(),
})

function changeTime(changedAt: string | undefined): Date {
  const now = Date.now()
  const at = changedAt === undefined ? now : Math.min(Date.parse(changedAt), now)
  return new Date(at)
}

export const savedJobsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  async function requireAccount(uid: string): Promise<void> {
    if (!(await userExists(db, uid))) throw new HttpError(403, 'account_required')
  }

  app.get('/saved-jobs', { preHandler: requireIdentifiedUser }, async (request, reply) => {
    const uid = request.user!.uid
    await requireAccount(uid)
    reply.header('cache-control', 'private, no-store')
    return { savedJobs: await listSavedJobs(db, uid) }
  })

  app.put('/saved-jobs/:jobId', { preHandler: requireIdentifiedUser }, async (request) => {
    const { jobId } = parseRequest(jobIdSchema, request.params)
    const { changedAt } = parseRequest(changedAtSchema, request.body ?? {})
    const uid = request.user!.uid
    await requireAccount(uid)
    if (!(await jobExists(db, jobId))) throw new HttpError(404, 'job_not_found')
    return recordSavedJob(db, uid, jobId, true, changeTime(changedAt))
  })

  app.delete('/saved-jobs/:jobId', { preHandler: requireIdentifiedUser }, async (request) => {
    const { jobId } = parseRequest(jobIdSchema, request.params)
    const { changedAt } = parseRequest(changedAtSchema, request.query)
    const uid = request.user!.uid
    await requireAccount(uid)
    // Unsaving a job that closed or vanished must still work: no existence check here.
    return recordSavedJob(db, uid, jobId, false, changeTime(changedAt))
  })
}
