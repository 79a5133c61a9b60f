import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadLinkCliEnv } from '../env.ts';
import { type InvitationCreated, inviteApplicant, invitationUrl } from '../modules/apply/index.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run invite -- --job <id-or-slug> --email <e-mail> [--first-name A --last-name B]`: a private invitation to
// apply (valid 30 days, only for a signed-in account with that e-mail). Prints the link to send; the token is
// shown only here (the database keeps its hash).

const usage = `Usage: npm run invite -- --job <job id or slug> --email <e-mail> [--first-name <name>] [--last-name <name>]

Creates a private invitation to apply to a featured job and prints its link (PUBLIC_URL, default
http://localhost:PORT). The link works for 30 days, for a signed-in account with that e-mail only.
Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

const argumentsSchema = z.object({
  job: z.string({ error: '--job is required' }).trim().min(1, '--job is required'),
  email: z.email({ error: '--email must be an e-mail address' }),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
});

export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
): Promise<number> {
  let input: z.infer<typeof argumentsSchema>;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        job: { type: 'string', short: 'j' },
        email: { type: 'string', short: 'e' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const parsed = argumentsSchema.safeParse({
      job: values.job,
      email: values.email,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
    input = parsed.data;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  try {
    const env = loadLinkCliEnv(environment);
    const { result, route } = await runOnServerOrDatabase<InvitationCreated>(env, {
      throughServer: async (call) => (await call('/invitations', input)) as InvitationCreated,
      directly: (db) => inviteApplicant(db, input),
    });
    const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
    const who = name ? `${name} <${input.email}>` : input.email;
    console.log(
      `Invitation for ${who} to "${result.job.title}" at ${result.job.organizationName}, valid until ${result.expiresAt} ` +
        `(created ${route}):`,
    );
    console.log(invitationUrl(env.publicUrl, result.job.id, result.token));
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`Invitation failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
