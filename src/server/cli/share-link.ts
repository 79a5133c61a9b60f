import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadLinkCliEnv } from '../env.ts';
import {
  revokeJobLink,
  type SharedLinkCreated,
  type SharedLinkRevoked,
  shareJob,
  sharedLinkUrl,
} from '../modules/apply/index.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run share-link -- --job <id-or-slug>`: a link anyone signed in may use to apply to one job, printed in full.
// `npm run share-link -- --revoke <sharedId>` revokes one: the job page and the apply call then answer 410.

const usage = `Usage: npm run share-link -- --job <job id or slug>
       npm run share-link -- --revoke <sharedId>

Creates a shared link to apply to a featured job and prints it (PUBLIC_URL, default http://localhost:PORT),
or revokes one. Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

const ownOptions = new Set(['--job', '-j', '--revoke', '--help', '-h']);

/**
 * A link id is base64url, so one in 64 starts with "-": `--revoke -Xy...` would read as an unknown option.
 * A value after --revoke or --job that is not one of this command's options is passed as `--revoke=-Xy...`.
 */
function valuesStartingWithDash(argv: string[]): string[] {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    const next = argv[index + 1];
    if ((arg === '--revoke' || arg === '--job' || arg === '-j') && next?.startsWith('-') && !ownOptions.has(next)) {
      args.push(`${arg === '-j' ? '--job' : arg}=${next}`);
      index += 1;
    } else {
      args.push(arg);
    }
  }
  return args;
}

type Plan = { action: 'create'; job: string } | { action: 'revoke'; id: string };

export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
): Promise<number> {
  let plan: Plan;
  try {
    const { values } = parseArgs({
      args: valuesStartingWithDash(argv),
      options: {
        job: { type: 'string', short: 'j' },
        revoke: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (values.revoke?.trim()) plan = { action: 'revoke', id: values.revoke.trim() };
    else if (values.job?.trim()) plan = { action: 'create', job: values.job.trim() };
    else throw new Error('Name a job with --job, or a link to revoke with --revoke');
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  try {
    const env = loadLinkCliEnv(environment);
    if (plan.action === 'revoke') {
      const { id } = plan;
      const { result, route } = await runOnServerOrDatabase<SharedLinkRevoked>(env, {
        throughServer: async (call) =>
          (await call(`/shared-links/${encodeURIComponent(id)}/revoke`)) as SharedLinkRevoked,
        directly: (db) => revokeJobLink(db, id),
      });
      console.log(`Shared link ${result.id} of job ${result.jobId} revoked at ${result.revokedAt} (${route}).`);
      return 0;
    }
    const { job } = plan;
    const { result, route } = await runOnServerOrDatabase<SharedLinkCreated>(env, {
      throughServer: async (call) => (await call('/shared-links', { job })) as SharedLinkCreated,
      directly: (db) => shareJob(db, job),
    });
    console.log(`Shared link for "${result.job.title}" at ${result.job.organizationName} (created ${route}):`);
    console.log(sharedLinkUrl(env.publicUrl, result.job.id, result.id));
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`Shared link failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
