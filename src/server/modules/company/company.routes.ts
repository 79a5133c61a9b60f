import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { validatedInHandler } from '../../http/route-schemas.ts';
import type { MailSender } from '../../mail/outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { requireCompanyCaller } from './company-access.ts';
import { companyApplicationsRoutes } from './company-applications.routes.ts';
import { companyJobsRoutes } from './company-jobs.routes.ts';
import { jobInvitationsRoutes } from './job-invitations.routes.ts';
import { organizationLogoRoutes, organizationsRoutes } from './organizations.routes.ts';

// The company portal's API (/api/company/...), issue 11. Every route but the public logo needs a valid ID token
// and answers `{error, code}` on failure; membership is checked per route against the database.

export type CompanyRoutesOptions = {
  db: Database;
  storage: Storage;
  mailSender: MailSender;
  boardIndex: BoardIndex;
  /** The app's origin (PUBLIC_URL), for links in e-mails and answers. */
  appUrl: string;
};

export const companyRoutes: FastifyPluginAsync<CompanyRoutesOptions> = async (app, options) => {
  const { db, storage, mailSender, boardIndex, appUrl } = options;

  // Membership is checked before the input is read: the route schemas (company-route-schemas.ts) document the
  // input and each handler parses it with the same schema after its access check.
  app.setValidatorCompiler(validatedInHandler.validatorCompiler);

  await app.register(organizationLogoRoutes, { db, storage });

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireCompanyCaller);
    signedIn.addHook('onSend', async (_request, reply) => {
      // The organization's private data: never cached by a browser or a proxy.
      reply.header('cache-control', 'no-store');
    });
    await signedIn.register(organizationsRoutes, { db, storage, mailSender, appUrl });
    await signedIn.register(companyJobsRoutes, { db, boardIndex, appUrl });
    await signedIn.register(companyApplicationsRoutes, { db, storage, mailSender, appUrl });
    await signedIn.register(jobInvitationsRoutes, { db, mailSender, appUrl });
  });
};
