import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { applicationMessages } from '../../../shared/applications/application-schema.ts'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { UploadTooLargeError } from '../../http/multipart-request.ts'
import type { MailSender } from '../../mail/outbox.ts'
import { requireIdentifiedUser } from '../../plugins/auth.ts'
import type { Storage } from '../../storage/storage.ts'
import { verifiedEmailOf } from '../apply/application-channel.ts'
import type { DevpostService } from '../profile/devpost.service.ts'
import { findOpenFeaturedJob } from '../jobs/jobs.repository.ts'
import { jobNotAvailableMessage } from '../jobs/jobs.routes.ts'
import { callerOf } from '../profile/profile.service.ts'
import { readApplicationRequest } from '../apply/application-request.ts'
import {
  findStudentApplication,
  listAppliedJobIds,
  listStudentApplications,
  listStudentHistory,
  withdrawApplication,
} from './applications.repository.ts'
import { canWithdraw } from '../../../shared/company/application-status.ts'
import type { StudentApplication, StudentApplicationDetail } from '../../../shared/company/company-api.ts'
import { companyErrorMessages } from '../../../shared/company/company-errors.ts'
import { inlineContentDisposition } from '../profile/resume.service.ts'
import { FieldsError, submitApplication } from '../apply/apply.service.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function toStudentApplication(row: Awaited<ReturnType<typeof listStudentApplications>>[number]): StudentApplication {
  return {
    applicationId: row.application.id,
    jobId: row.application.jobId,
    jobSlug: row.jobSlug,
    jobTitle: row.jobTitle,
    company: row.company,
    status: row.application.status,
    statusChangedAt: row.application.statusChangedAt.toISOString(),
    appliedAt: row.application.submittedAt.toISOString(),
    featured: true,
    canWithdraw: canWithdraw(row.application.status),
  }
}

export const idempotencyKeyMessage = 'Idempotency-Key header is required'

// A client-generated UUID in practice; anything unguessable of reasonable length will do.
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,200}$/

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value)

const applyQuerySchema = z.object({
  token: z.preprocess(emptyAsAbsent, z.string().max(2000, 'token is too long').optional()),
  sharedId: z.preprocess(emptyAsAbsent, z.string().max(2000, 'sharedId is too long').optional()),
})

export type ApplicationsRoutesOptions = {
  db: Database
  storage: Storage
  devpost: DevpostService
  mailSender: MailSender
  /** The app's origin (PUBLIC_URL), for links in e-mails. */
  appUrl: string
}

/** The upload is refused and the connection closed, so the rest of the body is never read. */
function refuseTooLarge(reply: FastifyReply, message: string) {
  reply.header('connection', 'close')
  return reply.code(413).send({ error: message })
}

export const applicationsRoutes: FastifyPluginAsync<ApplicationsRoutesOptions> = async (
  app,
  { db, storage, devpost, mailSender, appUrl },
) => {
  // The apply route reads multipart bodies itself, with its own limits: hand the stream over unread.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload))

  app.addHook('onSend', async (_request, reply) => {
    // Personal data and per-request outcomes: never cached.
    reply.header('cache-control', 'no-store')
  })

  // Only a signed-in, identified person with a verified e-mail may apply, for themselves: the application is tied
  // to the token's uid and e-mail. The body is read only after these checks.
  app.post<{ Params: { slug: string } }>(
    '/public/jobs/:slug/apply',
    { preHandler: requireIdentifiedUser },
    async (request, reply) => {
      const caller = callerOf(request.user)
      verifiedEmailOf(caller)
      const header = request.headers['idempotency-key']
      const idempotencyKey = typeof header === 'string' ? header.trim() : ''
      if (!idempotencyKeyPattern.test(idempotencyKey)) throw new HttpError(400, idempotencyKeyMessage)
      const query = parseRequest(applyQuerySchema, request.query)
      const job = await findOpenFeaturedJob(db, request.params.slug)
      if (!job) throw new HttpError(404, jobNotAvailableMessage)

      let body
      try {
        body = await readApplicationRequest(request)
      } catch (error) {
        if (error instanceof UploadTooLargeError) return refuseTooLarge(reply, applicationMessages.resumeTooLarge)
        // A body refused half-read is never read to its end: close the connection rather than leave it stalled.
        reply.header('connection', 'close')
        throw error
      }

      try {
        const outcome = await submitApplication(
          { db, storage, devpost, mailSender, log: request.log, appUrl },
          { caller, job, query, idempotencyKey, request: body },
        )
        if (outcome.replayed) reply.header('idempotent-replayed', 'true')
        return reply.code(outcome.status).send(outcome.body)
      } catch (error) {
        if (error instanceof FieldsError) return reply.code(400).send({ error: error.message, fields: error.fields })
        throw error
      }
    },
  )

  // The caller's own applications only: there is no parameter naming anyone else.
  app.get('/job/applied-jobs', { preHandler: requireIdentifiedUser }, async (request) => {
    return listAppliedJobIds(db, callerOf(request.user).uid)
  })

  // My Applications: the caller's own, with their status. Another person's id answers as an unknown one (404).
  app.get('/applications', { preHandler: requireIdentifiedUser }, async (request): Promise<StudentApplication[]> => {
    const rows = await listStudentApplications(db, callerOf(request.user).uid)
    return rows.map(toStudentApplication)
  })

  app.get<{ Params: { id: string } }>('/applications/:id', { preHandler: requireIdentifiedUser }, async (request): Promise<StudentApplicationDetail> => {
    const row = await ownApplication(callerOf(request.user).uid, request.params.id)
    const { coverLetter, ...answers } = row.application.answers
    const history = await listStudentHistory(db, row.application.id)
    return {
      ...toStudentApplication(row),
      answers: { ...answers, email: row.application.email },
      coverLetter,
      resumeName: row.application.resumeName,
      history: history.map((entry) => ({
        from: entry.from as StudentApplication['status'],
        to: entry.to as StudentApplication['status'],
        at: entry.at.toISOString(),
      })),
    }
  })

  app.get<{ Params: { id: string } }>('/applications/:id/resume', { preHandler: requireIdentifiedUser }, async (request, reply) => {
    const row = await ownApplication(callerOf(request.user).uid, request.params.id)
    const stored = await storage.get(row.application.resumeKey)
    if (!stored) {
      request.log.error({ applicationId: row.application.id }, 'application resume missing from the storage')
      throw new HttpError(404, companyErrorMessages.resume_missing, 'resume_missing')
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', inlineContentDisposition(row.application.resumeName))
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength))
  })

  // Not yet hired or rejected (nor withdrawn): the company sees 'withdrawn' and the job can be applied to again.
  app.post<{ Params: { id: string } }>('/applications/:id/withdraw', { preHandler: requireIdentifiedUser }, async (request): Promise<StudentApplication> => {
    const uid = callerOf(request.user).uid
    const row = await ownApplication(uid, request.params.id)
    const outcome = await withdrawApplication(db, uid, row.application.id)
    if (!outcome) throw new HttpError(409, companyErrorMessages.not_withdrawable, 'not_withdrawable')
    request.log.info({ applicationId: row.application.id, from: outcome.from }, 'application withdrawn')
    return toStudentApplication(await ownApplication(uid, row.application.id))
  })

  async function ownApplication(uid: string, id: string) {
    const row = uuidPattern.test(id) ? await findStudentApplication(db, uid, id.toLowerCase()) : null
    if (!row) throw new HttpError(404, companyErrorMessages.not_found, 'not_found')
    return row
  }
}
