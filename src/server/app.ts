import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Agent } from 'node:https';
import { basename, dirname, join, relative, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { boardChangeChannel } from './db/board-state.ts';
import { type DatabaseHandle, migrationFiles, openDatabase } from './db/client.ts';
import type { Listener } from './db/notifications.ts';
import type { Env } from './env.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { openApiRoutes, registerOpenApi } from './http/openapi.ts';
import { checkedJsonSerializerCompiler, jsonSerializerCompiler } from './http/route-schemas.ts';
import { registerInputPolicy } from './http/input-policy.ts';
import { requireRouteAccess } from './http/route-access.ts';
import { pauseIdleTimeoutWhileHandling } from './http/handler-time.ts';
import { type PagePolicyOptions, registerSecurityHeaders } from './http/security-headers.ts';
import { logSerializers } from './http/log-serializers.ts';
import { registerRequestLog } from './http/request-log.ts';
import { maxConcurrentUploadsPerAccount } from './http/multipart-request.ts';
import { createUploadSlots } from './http/upload-slots.ts';
import { registerAuth } from './plugins/auth.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailSender, domainOfAddress, type MailSender } from './mail/outbox.ts';
import { createPushSender, type PushSender } from './push/push-outbox.ts';
import { vapidKeysFor } from './push/vapid-keys.ts';
import { createUnsubscribeLinks, type UnsubscribeLinks } from './mail/unsubscribe-token.ts';
import { dataDirSecret } from './lib/data-dir-secret.ts';
import { createScheduler, type Scheduler } from './scheduler/scheduler.ts';
import { clientPaths } from '../shared/client-routes.ts';
import { accountDeletionTask, accountRoutes } from './modules/account/index.ts';
import { applicationRetentionTask } from './modules/retention/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { applicantsRoutes } from './modules/apply/index.ts';
import { applyRoutes } from './modules/apply/index.ts';
import { checkSharedLink } from './modules/apply/index.ts';
import { applicationsRoutes } from './modules/applications/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { type BoardIndex, createBoardIndex } from './modules/jobs/index.ts';
import { createIngestService, type IngestService, startFeedSchedule } from './modules/jobs/index.ts';
import { boardRoutes } from './modules/jobs/index.ts';
import { companyRoutes } from './modules/company/index.ts';
import { configRoutes, emulatorUrlFor } from './modules/config/index.ts';
import { devpostRoutes } from './modules/profile/index.ts';
import { createDevpostService } from './modules/profile/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { githubRoutes } from './modules/profile/index.ts';
import { createGithubService } from './modules/profile/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobsRoutes } from './modules/jobs/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { registerAppPages } from './modules/app-pages/index.ts';
import { publicJobPageRoutes } from './modules/jobs/index.ts';
import { savedJobsRoutes } from './modules/saved-jobs/index.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { dismissedJobsRoutes } from './modules/dismissed-jobs/index.ts';
import { alertsRoutes } from './modules/alerts/index.ts';
import { nextStepReminderTask, trackedApplicationsRoutes } from './modules/tracked-applications/index.ts';
import { pushRoutes } from './modules/push/index.ts';
import { scorecardsRoutes } from './modules/scorecards/index.ts';
import { pipelineRoutes } from './modules/pipeline/index.ts';
import { createStudentMessenger, messagesRoutes } from './modules/messages/index.ts';
import { interviewsRoutes } from './modules/interviews/index.ts';
import { organizationActivityRoutes } from './modules/organization-activity/index.ts';
import {
  alertsUnsubscribeKind,
  createDigestService,
  createInstantAlertService,
  type DigestService,
  digestTask,
  instantAlertTask,
} from './modules/digests/index.ts';
import { unsubscribeRoutes } from './modules/unsubscribe/index.ts';
import {
  applicationNoticesUnsubscribeKind,
  applicationSummaryTask,
  createApplicationNotices,
} from './modules/company-notifications/index.ts';
import { createStorage } from './storage/create-storage.ts';
import { defaultOrphanSweepIntervalMs, startOrphanSweepSchedule, sweepOrphanFiles } from './storage/orphan-sweeper.ts';
import type { Storage } from './storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory job board of this instance. */
    boardIndex: BoardIndex;
    /** Feed ingestion (scheduled when FEEDS_ENABLED; tests and the admin route call it directly). */
    feedIngest: IngestService;
    /** Delivers the durable e-mail outbox (mail/outbox.ts). */
    mailSender: MailSender;
    /** Delivers the durable push outbox (push/push-outbox.ts). */
    pushSender: PushSender;
    /** Scheduled tasks, one instance at a time (scheduler/scheduler.ts); tests call `runNow` after moving the clock. */
    scheduler: Scheduler;
    /** Alert digests (modules/digests): the scheduled task's service, and `npm run digest -- --now`. */
    digests: DigestService;
    /** Signs unsubscribe links for e-mails (mail/unsubscribe-token.ts). */
    unsubscribeLinks: UnsubscribeLinks;
    /** Stopping: readiness answers 503 from now on, so load balancers send no more traffic (index.ts, SIGTERM). */
    beginDraining(): void;
  }
}

export type BuildAppOptions = {
  env: Env;
  /** An open, migrated database. Without one the app opens (and on close, closes) the one `env` names. */
  database?: DatabaseHandle;
  logger?: FastifyBaseLogger;
  /** Files (logos, resumes). Default: the S3 bucket when S3_BUCKET is set, else local disk in STORAGE_DIR. */
  storage?: Storage;
  /** Removal of unreferenced resume files: at start, then every `intervalMs`. Default: on, except NODE_ENV=test. */
  orphanSweep?: { intervalMs?: number; graceMs?: number } | false;
  /** Enables the loopback-only /api/admin routes for this token (index.ts publishes it in DATA_DIR). */
  adminToken?: string | null;
  /** How often this instance checks the board version (default 15 s). */
  boardPollIntervalMs?: number;
  /** Outgoing e-mail. Default: SMTP_URL, else .eml files in OUTBOX_DIR. */
  mailer?: Mailer;
  /** The https agent for requests to push services (tests: one trusting their local push endpoint). Default: Node's. */
  pushAgent?: Agent;
  /** Milliseconds since the epoch, for featured-job expiry on the board, resume upload times and scheduled tasks. Tests move it. */
  clock?: () => number;
  /** Run scheduled tasks on their timers (digests...). Default: on, except NODE_ENV=test (tests call runNow). */
  scheduledTasks?: boolean;
  /**
   * Signs unsubscribe links. Default: UNSUBSCRIBE_SECRET; without it, one generated in DATA_DIR (embedded default),
   * or a random one per app in tests.
   */
  unsubscribeSecret?: string;
  /** Told of every route as it is registered (the OpenAPI test lists them). */
  onRoute?: (route: RouteOptions) => void;
};

const apiPrefix = '/api';
/** The migration files this build ships; readiness waits until the database has applied them. */
const migrationCount = migrationFiles().length;
/** The student's alerts page, where digests and unsubscribe pages send people to manage their alerts. */
const manageAlertsPath = clientPaths.alerts;
const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

function isApiPath(url: string): boolean {
  return url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Every instance reloads its board when another one commits a change (the NOTIFY of board-state.ts). When the
 * listening connection is lost, the board's version poll alone keeps it in step until it is back.
 */
async function listenForBoardChanges(
  database: DatabaseHandle,
  boardIndex: BoardIndex,
  log: FastifyBaseLogger,
): Promise<Listener> {
  const refresh = () =>
    boardIndex.refresh().catch((error: unknown) => log.warn({ err: error }, 'board refresh after a notice failed'));
  let lost = false;
  return database.listen({
    channel: boardChangeChannel,
    onNotification: () => void refresh(),
    onStatus(status) {
      if (!status.listening) {
        if (!lost) {
          log.warn(
            { err: status.error, retryInMs: status.retryInMs },
            'board change notices lost: the board follows the periodic version check until they are back',
          );
        }
        lost = true;
      } else if (lost) {
        lost = false;
        log.info({}, 'board change notices back');
        // What changed while nobody listened.
        void refresh();
      }
    },
  });
}

export async function buildApp({
  env,
  database: givenDatabase,
  logger,
  storage: givenStorage,
  orphanSweep = env.nodeEnv === 'test' ? false : {},
  adminToken = null,
  boardPollIntervalMs,
  mailer: givenMailer,
  pushAgent,
  clock = Date.now,
  scheduledTasks = env.nodeEnv !== 'test',
  unsubscribeSecret,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: env.logLevel, serializers: logSerializers } }),
    // A stalled or slow-drip client must not hold a socket and its buffered body forever (decision 010).
    connectionTimeout: env.http.idleTimeoutMs,
    requestTimeout: env.http.requestTimeoutMs,
    http: {
      headersTimeout: env.http.headersTimeoutMs,
      // How often Node checks the two deadlines above (its default, 30 s, would let a request overrun by that much).
      connectionsCheckingInterval: Math.min(1_000, env.http.headersTimeoutMs),
    },
    // Never trust X-Forwarded-For by default: the dev routes rely on the real peer address.
    trustProxy: false,
    // Replaced by one line per request without the URL or the peer's address (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, env.requestLog);
  if (onRoute) app.addHook('onRoute', onRoute);
  pauseIdleTimeoutWhileHandling(app, env.http.idleTimeoutMs);

  const database =
    givenDatabase ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    }));
  if (!givenDatabase) {
    app.addHook('onClose', () => database.close());
    await database.migrate();
  }

  const pagePolicy: PagePolicyOptions = {
    firebaseAuthDomain: env.firebase.authDomain,
    emulatorOrigin: (hostname) => emulatorUrlFor(env.firebase.authEmulatorHost, hostname),
  };
  registerSecurityHeaders(app, { ...pagePolicy, https: env.publicUrl.startsWith('https:') });

  let draining = false;
  app.decorate('beginDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  registerErrorHandler(app);

  // Route schemas are zod (http/route-schemas.ts); the OpenAPI document collects the routes registered after it.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(env.nodeEnv === 'test' ? checkedJsonSerializerCompiler : jsonSerializerCompiler);
  await registerOpenApi(app);

  let storage: Storage;
  if (givenStorage) {
    storage = givenStorage;
  } else {
    const created = createStorage(env);
    app.addHook('onClose', async () => created.destroy?.());
    storage = created;
  }

  registerInputPolicy(app);
  requireRouteAccess(app);
  app.decorate('uploadSlots', createUploadSlots(maxConcurrentUploadsPerAccount));
  await app.register(fastifyCompress, { global: true });
  registerAuth(app, env);

  const mailer =
    givenMailer ??
    createMailer({ smtpUrl: env.mail.smtpUrl, from: env.mail.from, outboxDir: env.outboxDir, log: app.log });
  const mailSender = createMailSender({
    db: database.db,
    mailer,
    log: app.log,
    messageIdDomain: domainOfAddress(env.mail.from),
    releaseLeasesOnStart: database.kind === 'pglite',
  });
  app.decorate('mailSender', mailSender);
  app.addHook('onReady', async () => mailSender.start());
  // Runs before the database closes: the delivery round in progress finishes (what it does not send stays queued).
  app.addHook('preClose', async () => {
    await mailSender.stop();
    if (!givenMailer) await mailer.close();
  });

  const vapid = vapidKeysFor(env);
  if (vapid.created) app.log.info({ file: 'DATA_DIR/vapid-keys.json' }, 'made a VAPID key pair for Web Push');
  const pushSender = createPushSender({
    db: database.db,
    log: app.log,
    vapidKeys: vapid.keys,
    subject: env.push.subject,
    extraAllowedHosts: env.push.extraAllowedHosts,
    agent: pushAgent,
    releaseLeasesOnStart: database.kind === 'pglite',
  });
  app.decorate('pushSender', pushSender);
  app.addHook('onReady', async () => pushSender.start());
  app.addHook('preClose', async () => pushSender.stop());
  const devpost = createDevpostService({ baseUrl: env.devpost.baseUrl, log: app.log });

  // Tasks are added below by the modules that own them; the timers start once the app is ready.
  const scheduler = createScheduler({
    db: database.db,
    log: app.log,
    now: clock,
    releaseLeasesOnStart: database.kind === 'pglite',
  });
  app.decorate('scheduler', scheduler);
  if (scheduledTasks) app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());

  // env.ts requires UNSUBSCRIBE_SECRET with DATABASE_URL; the embedded default keeps one in DATA_DIR.
  const unsubscribeLinks = createUnsubscribeLinks({
    secret:
      unsubscribeSecret ??
      env.unsubscribeSecret ??
      (env.nodeEnv === 'test' ? randomBytes(32).toString('hex') : dataDirSecret(env.dataDir, 'unsubscribe-secret')),
    appUrl: env.publicUrl,
    mailto: env.publicLinks.supportEmail,
  });
  app.decorate('unsubscribeLinks', unsubscribeLinks);

  const boardIndex = createBoardIndex({
    db: database.db,
    log: app.log,
    pollIntervalMs: boardPollIntervalMs,
    now: clock,
  });
  const feedIngest = createIngestService({
    database,
    feeds: [
      { type: 'internship', url: env.feeds.internshipsUrl },
      { type: 'new-grad', url: env.feeds.newGradsUrl },
    ],
    log: app.log,
    onBoardChange: () => boardIndex.refresh(),
    whileWriting: (work) => boardIndex.holdRefreshes(work),
  });
  app.decorate('boardIndex', boardIndex);
  app.decorate('feedIngest', feedIngest);
  const digests = createDigestService({
    db: database.db,
    log: app.log,
    appUrl: env.publicUrl,
    hour: env.digests.hour,
    unsubscribeLinks,
    manageAlertsPath,
    boardIndex,
    now: clock,
    onMailQueued: () => mailSender.nudge(),
    onPushQueued: () => pushSender.nudge(),
  });
  app.decorate('digests', digests);
  scheduler.add(digestTask(digests, database.db));
  // Company members hear of applications: per application (queued with it) or in a daily summary (a task).
  const applicationNotices = createApplicationNotices({ appUrl: env.publicUrl, unsubscribeLinks });
  scheduler.add(
    applicationSummaryTask({
      db: database.db,
      log: app.log,
      appUrl: env.publicUrl,
      unsubscribeLinks,
      hour: env.digests.hour,
      onQueued: () => mailSender.nudge(),
    }),
  );
  // A tracked application's next step: an e-mail the day before, and a push to a student who turned them on.
  scheduler.add(
    nextStepReminderTask({
      db: database.db,
      log: app.log,
      appUrl: env.publicUrl,
      hour: env.digests.hour,
      applicationsPath: clientPaths.appliedJobs,
      onQueued: () => mailSender.nudge(),
      onPushQueued: () => pushSender.nudge(),
    }),
  );
  scheduler.add(
    instantAlertTask(
      createInstantAlertService({
        db: database.db,
        log: app.log,
        boardIndex,
        manageAlertsPath,
        onPushQueued: () => pushSender.nudge(),
      }),
    ),
  );
  // Account deletions a crash cut short are finished at start and every few minutes (modules/account).
  scheduler.add(
    accountDeletionTask({ db: database.db, storage, firebaseAuth: app.firebaseAuth, now: clock, log: app.log }),
  );
  // Applications of jobs that ended more than APPLICATION_RETENTION_DAYS ago lose their details and resume, daily.
  scheduler.add(
    applicationRetentionTask({
      db: database.db,
      storage,
      retentionDays: env.retention.applicationDays,
      log: app.log,
    }),
  );
  let feedSchedule: { stop(): Promise<void> } | null = null;
  let orphanSweepSchedule: { stop(): Promise<void> } | null = null;
  let boardListener: Listener | null = null;
  app.addHook('onReady', async () => {
    await boardIndex.start();
    boardListener = await listenForBoardChanges(database, boardIndex, app.log);
    if (env.feeds.enabled) {
      feedSchedule = startFeedSchedule(feedIngest, { intervalMs: env.feeds.refreshMinutes * 60_000, log: app.log });
    }
    if (orphanSweep) {
      // The database is migrated by now (by index.ts, or above for a database opened here).
      orphanSweepSchedule = startOrphanSweepSchedule(
        () => sweepOrphanFiles({ database, storage, log: app.log, graceMs: orphanSweep.graceMs }),
        { intervalMs: orphanSweep.intervalMs ?? defaultOrphanSweepIntervalMs, log: app.log },
      );
    }
  });
  // preClose runs before the onClose hook that closes the database: a running ingestion finishes (or is cancelled)
  // while the database is still open.
  app.addHook('preClose', async () => {
    await boardListener?.close();
    boardIndex.stop();
    await feedSchedule?.stop();
    await orphanSweepSchedule?.stop();
  });

  await app.register(
    async (api) => {
      await api.register(openApiRoutes);
      await api.register(healthRoutes, {
        database,
        readiness: { migrationCount, boardLoaded: () => boardIndex.loaded(), draining: () => draining },
      });
      await api.register(configRoutes, { env });
      await api.register(authRoutes, { db: database.db });
      await api.register(boardRoutes, { boardIndex });
      await api.register(jobsRoutes, { db: database.db, checkSharedLink });
      await api.register(filesRoutes, { db: database.db, storage });
      await api.register(profileRoutes, { db: database.db, storage, clock });
      await api.register(githubRoutes, {
        db: database.db,
        github: createGithubService({ ...env.github, log: app.log }),
      });
      await api.register(devpostRoutes, { db: database.db, devpost });
      await api.register(applyRoutes, {
        db: database.db,
        storage,
        devpost,
        mailSender,
        appUrl: env.publicUrl,
        notices: applicationNotices,
      });
      await api.register(applicationsRoutes, { db: database.db, storage, notices: applicationNotices, mailSender });
      await api.register(applicantsRoutes, { db: database.db });
      await api.register(companyRoutes, {
        db: database.db,
        storage,
        mailSender,
        pushSender,
        boardIndex,
        appUrl: env.publicUrl,
        retentionDays: env.retention.applicationDays,
        deletionGraceDays: env.retention.organizationDeletionGraceDays,
        now: clock,
        messenger: createStudentMessenger({ appUrl: env.publicUrl }),
      });
      await api.register(scorecardsRoutes, { db: database.db });
      await api.register(pipelineRoutes, { db: database.db });
      await api.register(messagesRoutes, { db: database.db, mailSender, appUrl: env.publicUrl, now: clock });
      await api.register(interviewsRoutes, {
        db: database.db,
        mailSender,
        appUrl: env.publicUrl,
        mailFrom: env.mail.from,
        now: clock,
      });
      await api.register(organizationActivityRoutes, { db: database.db, now: clock });
      await api.register(accountRoutes, { db: database.db, storage, now: clock });
      await api.register(savedJobsRoutes, { db: database.db });
      await api.register(moderationRoutes, {
        db: database.db,
        boardIndex,
        operatorEmails: env.operatorEmails,
        now: clock,
        mailSender,
        appUrl: env.publicUrl,
      });
      await api.register(dismissedJobsRoutes, { db: database.db });
      await api.register(alertsRoutes, { db: database.db, boardIndex });
      await api.register(trackedApplicationsRoutes, { db: database.db, now: clock, appUrl: env.publicUrl });
      await api.register(pushRoutes, {
        db: database.db,
        publicKey: vapid.keys.publicKey,
        extraAllowedHosts: env.push.extraAllowedHosts,
      });
      await api.register(unsubscribeRoutes, {
        secret: unsubscribeLinks.secret,
        kinds: [alertsUnsubscribeKind(database.db, manageAlertsPath), applicationNoticesUnsubscribeKind(database.db)],
        now: clock,
      });
      if (adminToken) {
        await api.register(adminRoutes, {
          token: adminToken,
          ingest: feedIngest,
          boardIndex,
          db: database.db,
          digests,
          mailSender,
          appUrl: env.publicUrl,
          deletionGraceDays: env.retention.organizationDeletionGraceDays,
          now: clock,
        });
      }
      const { authEmulatorHost, projectId } = env.firebase;
      if (authEmulatorHost) await api.register(devRoutes, { authEmulatorHost, projectId });
    },
    { prefix: apiPrefix },
  );

  const serveClient = existsSync(join(env.staticDir, 'index.html'));
  // Public featured-job pages with their content and structured data in the HTML, the sitemap and robots.txt.
  await app.register(publicJobPageRoutes, {
    db: database.db,
    staticDir: env.staticDir,
    origin: env.publicUrl,
    serveJobPages: serveClient,
  });
  // The pages' HTML: prerendered public pages (dist/pages, beside the client build) per language, else the shell.
  const sendClientPage = serveClient
    ? registerAppPages(app, {
        env,
        staticDir: env.staticDir,
        pagesDir: join(dirname(env.staticDir), 'pages'),
        pagePolicy,
      })
    : null;
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: env.staticDir,
      prefix: '/',
      index: false, // `/` is a page (app-pages.routes.ts)
      dotfiles: 'ignore',
      cacheControl: false,
      // The build writes a brotli copy of each asset (vite.config.ts); sent to browsers that accept it.
      preCompressed: true,
      setHeaders(reply, path) {
        const fromRoot = relative(env.staticDir, path);
        if (fromRoot.startsWith(`assets${sep}`)) {
          // Vite puts a content hash in these names: a changed file gets a new URL.
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (noCacheFiles.has(basename(path))) {
          reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  } else {
    app.log.info({ staticDir: env.staticDir }, 'no built client found; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
    if (sendClientPage && isPageRequest && !isApiPath(path)) {
      // Client-side routes (/dashboard, /jobs/x) get the SPA; unknown addresses the 404 page with status 404.
      return sendClientPage(request, reply);
    }
    return isApiPath(path)
      ? sendError(reply, 404, 'route_not_found', `No API route ${request.method} ${path}`)
      : sendError(reply, 404, 'not_found', 'Not found');
  });

  return app;
}
