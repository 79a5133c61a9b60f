import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { latestSignInLink, signInWithEmailLink } from './auth.ts';
import { e2eEnv } from './e2e-env.ts';

// Helpers of the company portal's browser tests: the operator's command, the portal's sign-in, the mail outbox.

/** `npm run org -- create`: the operator's command, through the running server; returns the owner's join path. */
export function createOrganization(name: string, ownerEmail: string): string {
  const run = spawnSync(process.execPath, ['scripts/org.mjs', 'create', '--name', name, '--owner', ownerEmail], {
    env: {
      ...process.env,
      DATA_DIR: e2eEnv.dataDir,
      PORT: String(e2eEnv.port),
      PUBLIC_URL: e2eEnv.baseUrl,
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  expect(run.status, `npm run org failed: ${run.stderr}`).toBe(0);
  expect(run.stdout).toContain(`Organization "${name}"`);
  const link = /https?:\/\/\S+\/company\/join\/\S+/.exec(run.stdout)?.[0];
  expect(link, run.stdout).toBeTruthy();
  return new URL(link!).pathname;
}

/** Signs in on the portal's own page with an e-mail link, through its form; ends wherever the portal sends the person. */
export async function signInOnPortalPage(page: Page, email: string, redirectUrl = '/company'): Promise<void> {
  await page.goto(`/company/sign-in?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Company Portal' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Check your email for the login link').first()).toBeVisible();
  await page.goto(await latestSignInLink(email));
}

/**
 * Opens an invitation to join an organization (signing in first) and accepts it. The sign-in opens an e-mail link
 * for the invitation page (`signInWithEmailLink`); `throughSignInPage` asks for it on the portal's sign-in form.
 */
export async function joinOrganization(
  page: Page,
  email: string,
  joinPath: string,
  organizationName: string,
  { throughSignInPage = false } = {},
): Promise<void> {
  if (throughSignInPage) await signInOnPortalPage(page, email, joinPath);
  else await signInWithEmailLink(page, email, joinPath);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${organizationName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Join the organization' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
}

export type Mail = { file: string; to: string; subject: string; text: string };

/** The e-mails the server wrote to its outbox folder (one .eml file each), decoded enough to read links. */
export function outboxMails(): Mail[] {
  const dir = join(e2eEnv.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    // Quoted-printable soft line breaks and escapes, so links and subjects read whole.
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
    return { file, to: header('To'), subject: header('Subject'), text };
  });
}

/** The e-mails to `to` whose subject or text matches `pattern`. */
function mailsMatching(to: string, pattern: RegExp): Mail[] {
  return outboxMails().filter(
    (mail) =>
      mail.to.toLowerCase().includes(to.toLowerCase()) && (pattern.test(mail.subject) || pattern.test(mail.text)),
  );
}

/**
 * Waits for the e-mail to `to` whose subject or text matches `pattern`, and fails when more than one matches: each
 * message is meant to be sent exactly once.
 */
export async function waitForMail(to: string, pattern: RegExp): Promise<Mail> {
  await expect
    .poll(() => mailsMatching(to, pattern).length, {
      message: `an e-mail to ${to} matching ${pattern}`,
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const found = mailsMatching(to, pattern);
  expect(
    found.map((mail) => `${mail.file}: ${mail.subject}`),
    `exactly one e-mail to ${to} matching ${pattern}`,
  ).toHaveLength(1);
  return found[0]!;
}

/** The path (and query) of the first link in a mail that matches `pattern`, on the test server's origin. */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((url) => pattern.test(url));
  expect(link, `a link matching ${pattern} in:\n${mail.text}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

export function uniqueCompanyEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@acme.example`;
}

/** Fills and saves the portal's job form; `publish` posts it straight away. Returns the job's id. */
export async function postJob(
  page: Page,
  job: { title: string; visibility?: 'Public' | 'Link only' | 'Private'; skills?: string[]; family?: string },
  publish = true,
): Promise<string> {
  await page.goto('/company/jobs/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await page.getByLabel('Title').fill(job.title);
  await page.getByLabel('Type').selectOption('Internship');
  await page.getByLabel('Location').fill('Montréal, QC, Canada');
  await page.getByLabel('Description').fill('Build the services students use to find work.');
  await page.getByLabel('Requirements').fill('TypeScript and curiosity.');
  await page.getByLabel('Role family').selectOption({ label: job.family ?? 'Software' });
  for (const skill of job.skills ?? ['TypeScript']) {
    await page.getByPlaceholder('Type a skill and press Enter').fill(skill);
    await page.getByPlaceholder('Type a skill and press Enter').press('Enter');
  }
  if (job.visibility) await page.getByText(job.visibility, { exact: true }).click();
  await page.getByRole('button', { name: publish ? 'Publish' : 'Save as draft', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await expect(page.getByTestId('job-status')).toHaveText(publish ? 'Published' : 'Draft');
  const id = /\/company\/jobs\/([^/?]+)/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id!;
}
