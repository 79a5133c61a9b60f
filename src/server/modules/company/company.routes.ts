import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { validatedInHandler } from '../../http/route-schemas.ts';
import type { MailSender } from '../../mail/outbox.ts';
import type { PushSender } from '../../push/push-outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { asCompanyScope } from './company-scope.ts';
import type { StudentMessenger } from './student-messenger.ts';
import { companyApplicationsRoutes } from './company-applications.routes.ts';
import { companyJobsRoutes } from './company-jobs.routes.ts';
import { jobInvitationsRoutes } from './job-invitations.routes.ts';
import { memberSettingsRoutes } from './member-settings.routes.ts';
import { organizationLogoRoutes, organizationsRoutes } from './organizations.routes.ts';
import { pendingInvitationsRoutes } from './pending-invitations.routes.ts';

// The company portal's API (/api/company/...), issue 11. Every route but the public logo needs a valid ID token
// and answers `{error, code}` on failure; membership is checked per route against the database.

export type CompanyRoutesOptions = {
  db: Database;
  storage: Storage;
  mailSender: MailSender;
  pushSender: PushSender;
  boardIndex: BoardIndex;
  /** The app's origin (PUBLIC_URL), for links in e-mails and answers. */
  appUrl: string;
  /** APPLICATION_RETENTION_DAYS. */
  retentionDays: number;
  /** ORGANIZATION_DELETION_GRACE_DAYS. */
  deletionGraceDays: number;
  now: () => number;
  messenger: StudentMessenger;
};

export const companyRoutes: FastifyPluginAsync<CompanyRoutesOptions> = async (app, options) => {
  const { db, storage, mailSender, pushSender, boardIndex, appUrl, retentionDays, deletionGraceDays, now, messenger } =
    options;

  // Membership is checked before the input is read: the route schemas (company-route-schemas.ts) document the
  // input and each handler parses it with the same schema after its access check.
  app.setValidatorCompiler(validatedInHandler.validatorCompiler);

  await app.register(organizationLogoRoutes, { db, storage });

  await app.register(async (signedIn) => {
    asCompanyScope(signedIn);
    await signedIn.register(organizationsRoutes, {
      db,
      storage,
      mailSender,
      boardIndex,
      appUrl,
      deletionGraceDays,
      now,
    });
    await signedIn.register(companyJobsRoutes, { db, boardIndex, appUrl, retentionDays, now });
    await signedIn.register(companyApplicationsRoutes, {
      db,
      storage,
      mailSender,
      pushSender,
      appUrl,
      now,
      messenger,
    });
    await signedIn.register(jobInvitationsRoutes, { db, mailSender, appUrl });
    await signedIn.register(memberSettingsRoutes, { db });
    await signedIn.register(pendingInvitationsRoutes, { db });
  });
};
