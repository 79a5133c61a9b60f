import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from './support/test.ts';
import { emulatorAccounts, signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { featuredJobs, fillWizardToJobDetails, idToken } from './support/apply.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Deleting one's account from /account, in English and French: the dialog names what goes, the server erases the
// account (its applications withdrawn), this browser forgets what it kept, and signing in again starts afresh.

const shotDir = process.env.SHOT_DIR ?? path.resolve('test-results/screens/account-deletion');

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

const texts = {
  en: {
    open: 'Delete my account',
    title: 'Delete your account?',
    confirm: 'Delete my account',
    applications: /Your applications: they are withdrawn/,
    download: 'Download my data',
  },
  fr: {
    open: 'Supprimer mon compte',
    title: 'Supprimer votre compte\u00a0?',
    confirm: 'Supprimer mon compte',
    applications: /Vos candidatures\u00a0: elles sont retirées/,
    download: 'Télécharger mes données',
  },
} as const;

async function deviceDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

for (const locale of ['en', 'fr'] as const) {
  test(`a student deletes their account (${locale}): applications withdrawn, device cleared, a new sign-in starts empty`, async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    const text = texts[locale];
    const email = uniqueEmail(`delete-${locale}`);
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await idToken(page);
    const call = (method: string, apiPath: string, body?: unknown) =>
      fetch(`${e2eEnv.baseUrl}/api${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await call('PATCH', '/profile/name', { firstName: 'Maya', lastName: 'Tremblay' })).status).toBe(200);
    const uid = (await emulatorAccounts()).find((account) => account.email === email)!.localId;

    // An application sent through the wizard, so there is something to withdraw and a draft on this device.
    const job = (await featuredJobs())[0]!;
    await page.goto(`/jobs/${job.slug}/apply`);
    await fillWizardToJobDetails(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(await (await call('GET', '/applications')).json()).toHaveLength(1);
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);

    // Before leaving, the student downloads their data: a ZIP with data.json, resume.json and the resume copy.
    await page.goto('/account');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^campus-jobs-data-\d{4}-\d\d-\d\d\.zip$/);
    const archive = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(archive)).toEqual(expect.arrayContaining(['data.json', 'resume.json']));
    expect(JSON.parse(strFromU8(archive['data.json']!)).applications).toHaveLength(1);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await page.getByRole('button', { name: text.open }).click();
      const dialog = page.getByRole('alertdialog', { name: text.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('delete-account-list').getByRole('listitem')).toHaveCount(6);
      await expect(dialog.getByText(text.applications)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `delete dialog ${locale} ${width}`);
      await shot(page, `delete-account-${locale}-${width}`);
      if (width === 375) {
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    expect(await deviceDatabases(page)).toContain('campus-jobs');

    await page.getByRole('alertdialog').getByRole('button', { name: text.confirm }).click();
    await expect(page).toHaveURL(`${e2eEnv.baseUrl}/`);
    expect(await deviceDatabases(page)).not.toContain('campus-jobs');
    // Nothing of the student stays; the page loaded afresh may store the app's public runtime configuration again.
    const keptKeys = await page.evaluate(() => Object.keys(localStorage));
    expect(keptKeys.filter((key) => key !== 'runtime-config')).toEqual([]);
    expect((await emulatorAccounts()).some((account) => account.localId === uid)).toBe(false);

    // Signing in again with the same address: a new, empty account (through the English sign-in page the helper reads).
    await context.addCookies([{ name: 'locale', value: 'en', url: e2eEnv.baseUrl }]);
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const newUid = (await emulatorAccounts()).find((account) => account.email === email)!.localId;
    expect(newUid).not.toBe(uid);
    await page.goto('/account');
    await expect(page.getByTestId('onboarding')).toBeVisible();
    const fresh = await fetch(`${e2eEnv.baseUrl}/api/applications`, {
      headers: { authorization: `Bearer ${await idToken(page)}` },
    });
    expect(await fresh.json()).toEqual([]);
  });
}
