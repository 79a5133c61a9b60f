import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadOrganizationCliEnv } from '../env.ts';
import {
  createOrganizationWithOwner,
  operatorDeletesOrganization,
  type OperatorDeletionResult,
  operatorRestoresOrganization,
  memberInvitationUrl,
  organizationCreateRequestSchema,
  type OrganizationCreated,
} from '../modules/company/index.ts';
import { runOnServerOrDatabase } from './server-or-database.ts';

// `npm run org -- create --name "Acme" --owner ada@acme.example`: an operator creates a partner organization and
// e-mails its first owner an invitation through the outbox and prints the link too (7 days, single use, for a signed-in
// account with that e-mail). Straight into the database, the running server (or the next one started) sends it.
// `npm run org -- delete|restore <orgId|slug>`: what an owner's "Delete the organization" and "Cancel the deletion" do
// (decision 035), the activity log naming `cli:<OS user>`.

const usage = `Usage: npm run org -- create --name <organization name> --owner <e-mail>
       npm run org -- delete <organization id or slug>
       npm run org -- restore <organization id or slug>

create: a partner organization for the company portal; e-mails its first owner an invitation and prints its link
(PUBLIC_URL, default http://localhost:PORT). The link works once, for 7 days, for a signed-in account with that
e-mail only.
delete: schedules the organization's deletion after ORGANIZATION_DELETION_GRACE_DAYS (default 30) and closes its
jobs now, as its owners can. restore: cancels a scheduled deletion before its date (the jobs stay closed).
Uses DATA_DIR (through the running server when there is one) or DATABASE_URL.`;

type Command =
  { name: 'create'; name_: string; ownerEmail: string } | { name: 'delete' | 'restore'; organization: string };

function parseCommand(argv: string[]): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string', short: 'n' },
      owner: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const [command, target, ...rest] = positionals;
  if (command === 'delete' || command === 'restore') {
    if (rest.length > 0) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
    if (values.name !== undefined || values.owner !== undefined)
      throw new Error(`${command} takes no --name or --owner`);
    const organization = target?.trim() ?? '';
    if (!/^[A-Za-z0-9-]{1,200}$/.test(organization)) {
      throw new Error(`${command} needs an organization id or slug (letters, digits and -)`);
    }
    return { name: command, organization };
  }
  if (command !== 'create' || positionals.length !== 1) throw new Error('The commands are create, delete and restore');
  const parsed = organizationCreateRequestSchema.safeParse({ name: values.name ?? '', ownerEmail: values.owner ?? '' });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  return { name: 'create', name_: parsed.data.name, ownerEmail: parsed.data.ownerEmail.toLowerCase() };
}

function operatingSystemUser(): string {
  try {
    return userInfo().username || 'operator';
  } catch {
    return 'operator';
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

  if (command.name !== 'create') {
    const { organization } = command;
    const actor = operatingSystemUser();
    const action = command.name;
    try {
      const env = loadOrganizationCliEnv(environment);
      const { result, route } = await runOnServerOrDatabase<OperatorDeletionResult>(env, {
        throughServer: async (call) =>
          (await call(`/organizations/${action}`, { organization, actor })) as OperatorDeletionResult,
        directly: (db) =>
          (action === 'delete' ? operatorDeletesOrganization : operatorRestoresOrganization)(db, {
            organization,
            actor: `cli:${actor}`,
            now: new Date(),
            graceDays: env.deletionGraceDays,
            appUrl: env.publicUrl,
          }),
      });
      if (action === 'restore') {
        console.log(`The deletion of "${result.name}" (${result.slug}) is cancelled ${route}; its jobs stay closed.`);
      } else {
        const already = result.scheduled ? '' : ' (it already was: the first date stands)';
        console.log(
          `"${result.name}" (${result.slug}) is scheduled for deletion on ${result.deletionDueAt}${already} ${route}.`,
        );
      }
      return 0;
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      console.error(`${action} failed: ${error.message}`);
      return 1;
    }
  }

  const input = { name: command.name_, ownerEmail: command.ownerEmail };
  try {
    const env = loadOrganizationCliEnv(environment);
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
