import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AuditEntry,
  type DismissResult,
  hideJobRequestSchema,
  type ModerationOverview,
  moderationJobParamsSchema,
  type ModerationResult,
  reportReasons,
  type ReportedJob,
} from '../../shared/moderation/moderation-api.ts';
import { loadIngestCliEnv } from '../env.ts';
import {
  dismissReports,
  hideJob,
  readAuditLog,
  readModerationOverview,
  restoreJob,
} from '../modules/moderation/index.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run moderation -- list | hide <jobId> --reason "..." | restore <jobId> | dismiss <jobId> --reason "..."`: the operators' page from a terminal,
// through the running server or straight into the database. Each action is in the audit log as `cli:<OS user>`.

const usage = `Usage: npm run moderation -- list
       npm run moderation -- hide <jobId> --reason "<why>"
       npm run moderation -- restore <jobId>
       npm run moderation -- dismiss <jobId> --reason "<why>"

list: the jobs with open reports (counts by reason and their texts), the hidden jobs and the latest actions.
hide: takes the job off the board on every instance; its page answers 410. restore: puts it back.
dismiss: closes the job's open reports without hiding it (the reports are wrong); the job stays on the board.
Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

type Command =
  { name: 'list' } | { name: 'hide' | 'dismiss'; jobId: string; reason: string } | { name: 'restore'; jobId: string };

function parseCommand(argv: string[]): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { reason: { type: 'string', short: 'r' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  const [name, jobId, ...rest] = positionals;
  if (rest.length > 0) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
  if (name === 'list' && jobId === undefined && values.reason === undefined) return { name };
  if (name !== 'hide' && name !== 'restore' && name !== 'dismiss') {
    throw new Error('The commands are list, hide, restore and dismiss');
  }
  const id = moderationJobParamsSchema.safeParse({ jobId: jobId ?? '' });
  if (!id.success) throw new Error(id.error.issues.map((issue) => issue.message).join('; '));
  if (name === 'restore') {
    if (values.reason !== undefined) throw new Error('restore takes no --reason');
    return { name, jobId: id.data.jobId };
  }
  const reason = hideJobRequestSchema.safeParse({ reason: values.reason ?? '' });
  if (!reason.success) throw new Error(`--reason: ${reason.error.issues.map((issue) => issue.message).join('; ')}`);
  return { name, jobId: id.data.jobId, reason: reason.data.reason };
}

function operatingSystemUser(): string {
  try {
    return userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

function describeJob(job: ReportedJob): string[] {
  const title = job.job ? `${job.job.title} at ${job.job.company}` : '(no longer known)';
  const counts = reportReasons
    .filter((reason) => job.byReason[reason] > 0)
    .map((reason) => `${reason} ${job.byReason[reason]}`)
    .join(', ');
  const lines = [`${job.jobId}  ${title}`];
  if (job.openReports > 0) lines.push(`    ${job.openReports} open report(s): ${counts}`);
  for (const text of job.texts) lines.push(`    [${text.reason}] ${text.text.replace(/\s+/g, ' ')}`);
  if (job.hidden) lines.push(`    hidden ${job.hidden.at} by ${job.hidden.by}: ${job.hidden.reason}`);
  return lines;
}

function printList(list: ModerationOverview & { log: AuditEntry[] }): void {
  console.log(`Reported jobs (${list.reported.length}):`);
  for (const job of list.reported) console.log(describeJob(job).join('\n'));
  console.log(`\nHidden jobs (${list.hidden.length}):`);
  for (const job of list.hidden) console.log(describeJob(job).join('\n'));
  console.log(`\nLatest actions (${list.log.length}):`);
  for (const entry of list.log) {
    console.log(
      `${entry.at}  ${entry.action} ${entry.jobId} by ${entry.actor}${entry.reason ? `: ${entry.reason}` : ''}`,
    );
  }
}

export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
): Promise<number> {
  let command: Command;
  try {
    const parsed = parseCommand(argv);
    if (parsed === 'help') {
      console.log(usage);
      return 0;
    }
    command = parsed;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  const actor = operatingSystemUser();
  const now = Date.now;
  try {
    const env = loadIngestCliEnv(environment);
    if (command.name === 'list') {
      const { result } = await runOnServerOrDatabase<ModerationOverview & { log: AuditEntry[] }>(env, {
        throughServer: async (call) => (await call('/moderation/list')) as ModerationOverview & { log: AuditEntry[] },
        directly: async (db) => ({ ...(await readModerationOverview(db)), log: await readAuditLog(db, { limit: 20 }) }),
      });
      printList(result);
      return 0;
    }
    const { jobId } = command;
    if (command.name === 'dismiss') {
      const { reason } = command;
      const { result, route } = await runOnServerOrDatabase<DismissResult>(env, {
        throughServer: async (call) => (await call('/moderation/dismiss', { jobId, reason, actor })) as DismissResult,
        directly: (db) => dismissReports(db, jobId, reason, { actor: `cli:${actor}`, now }),
      });
      console.log(`Dismissed ${result.dismissedReports} open report(s) of ${result.jobId} ${route}.`);
      return 0;
    }
    const { result, route } = await runOnServerOrDatabase<ModerationResult>(env, {
      throughServer: async (call) =>
        command.name === 'hide'
          ? ((await call('/moderation/hide', { jobId, reason: command.reason, actor })) as ModerationResult)
          : ((await call('/moderation/restore', { jobId, actor })) as ModerationResult),
      directly: (db) =>
        command.name === 'hide'
          ? hideJob(db, jobId, command.reason, { actor: `cli:${actor}`, now })
          : restoreJob(db, jobId, null, { actor: `cli:${actor}`, now }),
    });
    console.log(
      `${command.name === 'hide' ? 'Hidden' : 'Restored'} ${result.jobId} ${route} (board version ${result.boardVersion}).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`${command.name} failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
