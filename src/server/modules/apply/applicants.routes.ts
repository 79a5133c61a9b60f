import { publicScreeningQuestion } from '../../../shared/screening/screening-questions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type InvitationInfo,
  invitationInfoSchema,
  invitationTokenParamsSchema,
} from '../../../shared/applications/invitation-info.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import { logoUrl } from '../files/index.ts';
import { findOpenFeaturedJob } from '../jobs/index.ts';
import { checkInvitation, verifiedEmailOf } from './application-channel.ts';
import { markInvitationOpened } from './invitations.repository.ts';

export const applicantsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Only the invited person (signed in with the invitation's e-mail) learns who was invited to what.
  // The guard runs before the schema (preValidation): no token is 401 whatever the path.
  app.get(
    '/applicants/validate/:token',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        summary: 'What a private invitation is for, to the person invited',
        tags: ['apply'],
        security: [{ firebaseIdToken: [] }],
        params: invitationTokenParamsSchema,
        response: { 200: invitationInfoSchema, ...errorAnswers(400, 401, 403, 404, 410) },
      },
    },
    async (request): Promise<InvitationInfo> => {
      const { token } = request.params;
      const email = verifiedEmailOf(callerOf(request.user));
      const invitation = await checkInvitation(db, token, { email });
      const job = await findOpenFeaturedJob(db, invitation.jobId);
      if (!job) throw new HttpError(404, 'job_not_available');
      // The company portal shows the invitation as opened from now on.
      await markInvitationOpened(db, invitation.id);
      return {
        applicant: {
          firstName: invitation.firstName ?? '',
          lastName: invitation.lastName ?? '',
          email: invitation.email,
        },
        job: {
          id: job.id,
          title: job.title,
          type: job.type,
          location: job.location,
          description: job.description,
          skills: job.skills,
          screeningQuestions: job.screeningQuestions.map(publicScreeningQuestion),
        },
        organization: {
          name: job.organizationName,
          logo: job.organizationLogoPath ? logoUrl(job.organizationLogoPath) : null,
        },
      };
    },
  );
};
