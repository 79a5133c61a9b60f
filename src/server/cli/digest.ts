import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { type DigestCliEnv, loadDigestCliEnv } from '../env.ts';
import { dataDirSecret } from '../lib/data-dir-secret.ts';
import { logSerializers } from '../http/log-serializers.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailSender, domainOfAddress } from '../mail/outbox.ts';
import { createUnsubscribeLinks } from '../mail/unsubscribe-token.ts';
import { clientPaths } from '../../shared/client-routes.ts';
import { createDigestService, type DigestReport } from '../modules/digests/index.ts';
import { createBoardIndex } from '../modules/jobs/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run digest -- --now [--email <address>]`: the alert digests now, as if every active alert (of that student)
// were due, for operators and tests. Through the running server when one holds DATA_DIR (its mail and push senders
// deliver them); otherwise the command opens the database, queues the digests like the server would, and delivers the
// e-mails itself (push notifications wait for a server, which holds the VAPID keys).

const usage = `Usage: npm run digest -- --now [--email <e-mail>]

Sends the alert digests now, as if every active alert were due (only the alerts of the student with --email, when
given): the new jobs of each alert since its last digest, one e-mail per student. The schedule itself runs in the
server (DIGEST_HOUR in each student's time zone). Uses DATA_DIR (through the running server when there is one) or
DATABASE_URL.`;

const argumentsSchema = z.object({
  now: z.literal(true, { error: '--now is required (the schedule itself runs in the server)' }),
  email: z.email({ error: '--email must be an e-mail address' }).optional(),
});

async function sendDirectly(
  env: DigestCliEnv,
  database: DatabaseHandle,
  email: string | undefined,
): Promise<DigestReport> {
  const log = pino({ level: env.logLevel, serializers: logSerializers });
  const boardIndex = createBoardIndex({ db: database.db, log, eagerSnapshot: false });
  await boardIndex.reload();
  const digests = createDigestService({
    db: database.db,
    log,
    appUrl: env.publicUrl,
    hour: env.digestHour,
    unsubscribeLinks: createUnsubscribeLinks({
      secret: env.unsubscribeSecret ?? dataDirSecret(env.dataDir, 'unsubscribe-secret'),
      appUrl: env.publicUrl,
      mailto: env.supportEmail,
    }),
    manageAlertsPath: clientPaths.alerts,
    boardIndex,
  });
  const report = await digests.runNow({ email });
  const mailer = createMailer({ smtpUrl: env.mail.smtpUrl, from: env.mail.from, outboxDir: env.outboxDir, log });
  try {
    // Other queued mail goes too: whatever this database's outbox holds is due.
    await createMailSender({ db: database.db, mailer, log, messageIdDomain: domainOfAddress(env.mail.from) }).drain();
  } finally {
    await mailer.close();
  }
  return report;
}

export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
): Promise<number> {
  let input: z.infer<typeof argumentsSchema>;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        now: { type: 'boolean' },
        email: { type: 'string', short: 'e' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const parsed = argumentsSchema.safeParse({ now: values.now, email: values.email });
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
    input = parsed.data;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  try {
    const env = loadDigestCliEnv(environment);
    const { result, route } = await runOnServerOrDatabase<DigestReport>(env, {
      throughServer: async (call) =>
        (await call('/digests', input.email ? { email: input.email } : {})) as DigestReport,
      directly: (_db, database) => sendDirectly(env, database, input.email),
    });
    const who = input.email ? ` for ${input.email}` : '';
    if (result.students === 0) {
      console.log(`No active alert${who}: nothing to send (${route}).`);
      return 0;
    }
    console.log(
      `Digests sent now${who} (${route}): ${result.students} ${result.students === 1 ? 'student' : 'students'}, ` +
        `${result.emails} ${result.emails === 1 ? 'e-mail' : 'e-mails'}, ${result.pushes} push ` +
        `${result.pushes === 1 ? 'notification' : 'notifications'}, ${result.jobs} ${result.jobs === 1 ? 'job' : 'jobs'}.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`Digests failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
