import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts'
import { logoUrl } from '../files/index.ts'
import { findOpenFeaturedJob } from '../jobs/index.ts'
import { checkInvitation, verifiedEmailOf } from './application-channel.ts'
import { markInvitationOpened } from './invitations.repository.ts'

/** Spec section 3, "Token info" as the wizard uses it. */
export type InvitationInfo = {
  applicant: { firstName: string; lastName: string; email: string }
  job: { id: string; title: string; type: string; location: string; description: string }
  organization: { name: string; logo: string | null }
}

const paramsSchema = z.object({ token: z.string().min(1).max(2000, 'token is too long') })

export const applicantsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  // Only the invited person (signed in with the invitation's e-mail) learns who was invited to what.
  app.get('/applicants/validate/:token', { preHandler: requireIdentifiedUser }, async (request): Promise<InvitationInfo> => {
    const { token } = parseRequest(paramsSchema, request.params)
    const email = verifiedEmailOf(callerOf(request.user))
    const invitation = await checkInvitation(db, token, { email })
    const job = await findOpenFeaturedJob(db, invitation.jobId)
    if (!job) throw new HttpError(404, 'job_not_available')
    // The company portal shows the invitation as opened from now on.
    await markInvitationOpened(db, invitation.id)
    return {
      applicant: { firstName: invitation.firstName ?? '', lastName: invitation.lastName ?? '', email: invitation.email },
      job: { id: job.id, title: job.title, type: job.type, location: job.location, description: job.description },
      organization: {
        name: job.organizationName,
        logo: job.organizationLogoPath ? logoUrl(job.organizationLogoPath) : null,
      },
    }
  })
}
