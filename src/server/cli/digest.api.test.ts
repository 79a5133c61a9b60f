import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliResult,
  runCliScript,
  type ServerOnDataDir,
  startServerOnDataDir,
} from '../../../tests/api-setup/cli.ts';
import { digestMails, insertAlert, insertListing, insertStudent } from '../../../tests/api-setup/digests.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

// `npm run digest -- --now [--email]` as an operator runs it: a separate process, through the server holding DATA_DIR
// or straight into the database (then it delivers the e-mails itself).

const hourAgo = () => new Date(Date.now() - 3_600_000);
const dayAgo = () => new Date(Date.now() - 24 * 3_600_000);

function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCliScript('digest', args, {
    DATABASE_URL: '',
    PUBLIC_URL: 'https://jobs.example.edu',
    PORT: '',
    LOG_LEVEL: 'silent',
    UNSUBSCRIBE_SECRET: '',
    SMTP_URL: '',
    ...env,
  });
}

describe('npm run digest with a server running on DATA_DIR', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerOnDataDir;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-digest-data-'));
    server = await startServerOnDataDir({
      dataDir,
      database: testDatabase.database,
      env: buildEnv({ OUTBOX_DIR: join(dataDir, 'outbox'), PUBLIC_URL: 'https://jobs.example.edu' }),
    });
  });

  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the digest of the student named, now, through the server; a second run finds nothing new', async () => {
    const db = testDatabase.database.db;
    const ada = await insertStudent(db, { email: 'ada@example.test' });
    const bob = await insertStudent(db, { email: 'bob@example.test' });
    await insertAlert(db, { userUid: ada.uid, name: 'Anything', createdAt: dayAgo() });
    await insertAlert(db, { userUid: bob.uid, name: 'Anything', createdAt: dayAgo() });
    await insertListing(db, hourAgo(), { title: 'Compiler Intern' });

    const result = await runCli(['--now', '--email', 'ADA@example.test'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Digests sent now for ADA@example.test (through the running server (pid ${process.pid})): 1 student, 1 e-mail, ` +
        '0 push notifications, 1 job.',
    );
    const mails = await digestMails(db);
    expect(mails.map((mail) => mail.recipient)).toEqual(['ada@example.test']);
    expect(mails[0]?.body).toContain('Compiler Intern');

    const again = await runCli(['--now', '--email', 'ada@example.test'], { DATA_DIR: dataDir });
    expect(again.stdout).toContain('1 student, 0 e-mails, 0 push notifications, 0 jobs.');
    expect(await digestMails(db)).toHaveLength(1);
  });

  it('exits 2 without --now or with a bad address, sending nothing', async () => {
    const none = await runCli([], { DATA_DIR: dataDir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--now is required');
    const bad = await runCli(['--now', '--email', 'not-an-address'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email must be an e-mail address');
  });
});

describe('npm run digest without a server', () => {
  it('opens DATA_DIR itself, queues the digests and delivers the e-mails to the outbox folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-digest-direct-'));
    const outboxDir = join(dataDir, 'outbox');
    try {
      const setup = await openDatabase({ dataDir });
      try {
        await setup.migrate();
        const student = await insertStudent(setup.db, { email: 'grace@example.test', locale: 'fr' });
        await insertAlert(setup.db, { userUid: student.uid, name: 'Tout', createdAt: dayAgo() });
        await insertListing(setup.db, hourAgo(), { title: 'Stagiaire compilateurs' });
      } finally {
        await setup.close();
      }

      const result = await runCli(['--now'], { DATA_DIR: dataDir, OUTBOX_DIR: outboxDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Digests sent now (in ${dataDir}): 1 student, 1 e-mail`);
      const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const message = readFileSync(join(outboxDir, files[0]!), 'utf8').replace(/\n[ \t]+/g, ' ');
      expect(message).toContain('To: grace@example.test');
      expect(message).toMatch(/List-Unsubscribe: <https:\/\/jobs\.example\.edu\/api\/unsubscribe\?token=/);
      expect(message).toContain('Content-Type: text/html');
      // The embedded default made its unsubscribe secret, readable by its owner only.
      expect(statSync(join(dataDir, 'unsubscribe-secret')).mode & 0o777).toBe(0o600);

      const check = await openDatabase({ dataDir });
      try {
        const [row] = await check.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'digest'));
        expect(row?.sentAt).toBeInstanceOf(Date);
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
