import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadLinkCliEnv } from '../env.ts';
import {
  createOrganizationWithOwner,
  memberInvitationUrl,
  organizationCreateRequestSchema,
  type OrganizationCreated,
} from '../modules/company/index.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run org -- create --name "Acme" --owner ada@acme.example`: an operator creates a partner organization and
// e-mails its first owner an invitation through the outbox and prints the link too (7 days, single use, for a signed-in
// account with that e-mail). Straight into the database, the running server (or the next one started) sends it.

const usage = `Usage: npm run org -- create --name <organization name> --owner <e-mail>

Creates a partner organization for the company portal, e-mails its first owner an invitation and prints its link
(PUBLIC_URL, default http://localhost:PORT). The link works once, for 7 days, for a signed-in account with that
e-mail only. Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
): Promise<number> {
  let input: { name: string; ownerEmail: string };
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string', short: 'n' },
        owner: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals[0] !== 'create' || positionals.length !== 1) throw new Error('The only command is "create"');
    const parsed = organizationCreateRequestSchema.safeParse({
      name: values.name ?? '',
      ownerEmail: values.owner ?? '',
    });
    if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
    input = { name: parsed.data.name, ownerEmail: parsed.data.ownerEmail.toLowerCase() };
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }

  try {
    const env = loadLinkCliEnv(environment);
    const { result, route } = await runOnServerOrDatabase<OrganizationCreated>(env, {
      throughServer: async (call) => (await call('/organizations', input)) as OrganizationCreated,
      directly: (db) => createOrganizationWithOwner(db, input, { appUrl: env.publicUrl }),
    });
    console.log(
      `Organization "${result.organization.name}" (${result.organization.slug}) created ${route}. ` +
        `Invitation for its owner ${result.owner.email}, valid until ${result.owner.expiresAt}:`,
    );
    console.log(memberInvitationUrl(env.publicUrl, result.owner.token));
    return 0;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(`Creating the organization failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
