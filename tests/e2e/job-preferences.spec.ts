import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { adminPost, idToken } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing } from './support/feed-listings.ts';

// Issue 25: "What you are looking for" on /account, saved and read back, and the "jobs for you" line it explains.

const now = Math.floor(Date.now() / 1000);
const summer = new Date().getUTCFullYear() + 1;
const hardware = feedListing({
  id: 'issue25-prefs-fpga',
  title: 'FPGA Verification Intern',
  company_name: 'Cyberdyne Preferences Lab',
  category: 'Hardware',
  terms: [`Summer ${summer}`],
  degrees: ["Master's"],
  date_posted: now - 3600,
  url: 'https://careers.example.com/issue25/fpga',
});

test.beforeAll(async () => {
  await adminPost('ingest', {
    sources: [{ name: 'issue25-preferences.json', type: 'internship', records: [hardware] }],
  });
});

/** A new student, signed in on the dashboard, named through the API (as onboarding does). */
async function signInNamed(page: Page, label: string): Promise<void> {
  await signInWithEmailLink(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/dashboard$/);
  const named = await fetch(`${e2eEnv.baseUrl}/api/profile/name`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await idToken(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Maya', lastName: 'Tremblay' }),
  });
  expect(named.status, await named.clone().text()).toBe(200);
}

async function openPreferences(page: Page, name = 'What you are looking for'): Promise<void> {
  const trigger = page.getByRole('button', { name, exact: true });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

/** Fills the section: Master's, summer next year, Hardware, Canada without sponsorship. */
async function fillPreferences(page: Page): Promise<void> {
  await page.goto('/account');
  await openPreferences(page);
  await page.getByRole('button', { name: 'Edit Degree level', exact: true }).click();
  await page.getByTestId('field-degreeLevel').getByRole('combobox').selectOption('master');

  await page.getByRole('button', { name: 'Edit Terms you are looking for', exact: true }).click();
  await page.getByTestId('field-targetTerms').getByText(`Summer ${summer}`, { exact: true }).click();

  await page.getByRole('button', { name: 'Edit Interests', exact: true }).click();
  await page.getByTestId('field-interests').getByText('Hardware', { exact: true }).click();

  await page.getByRole('button', { name: 'Edit Work authorization', exact: true }).click();
  const countries = page.getByRole('combobox', { name: 'Countries where you may work without sponsorship' });
  await countries.fill('Cana');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await expect(page.getByTestId('countries-chosen')).toHaveText('Canada');
  await page.getByTestId('field-workAuthorization').getByText('No', { exact: true }).click();
}

test('the student says what they look for on /account, it survives a reload, and "jobs for you" explains a pick with it', async ({
  page,
}) => {
  await signInNamed(page, 'maya-preferences');
  await fillPreferences(page);
  await expect(page.getByTestId('save-bar')).toContainText('You have 4 unsaved changes');
  // The section being edited passes axe (WCAG 2 A and AA).
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="section-preferences"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(
    axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-bar')).toHaveCount(0);

  await page.reload();
  await openPreferences(page);
  await expect(page.getByTestId('degree-level-value')).toHaveText("Master's");
  await expect(page.getByTestId('target-terms-value')).toHaveText(`Summer ${summer}`);
  await expect(page.getByTestId('interests-value')).toHaveText('Hardware');
  await expect(page.getByTestId('countries-value')).toHaveText('Canada');
  await expect(page.getByTestId('work-authorization-value')).toContainText('Do you need visa sponsorship? No');

  // "Jobs for you" works from the board kept on the device.
  await page.goto('/jobs');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local', { timeout: 20_000 });
  await page.goto('/dashboard');
  const pick = page.getByTestId('jobs-for-you-list').locator(`[data-testid="job-card"][data-job-id="${hardware.id}"]`);
  await expect(pick.getByTestId('job-card-note')).toHaveText(
    `In Hardware · Summer ${summer} · Open to Master's · In Canada`,
  );
});

test('screenshots of "What you are looking for" and "jobs for you" at 375 and 1280 px, in English and French', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const dir = process.env.SHOTS_DIR ?? 'test-results/screens';
  mkdirSync(dir, { recursive: true });
  await signInNamed(page, 'maya-preference-shots');
  await fillPreferences(page);
  const shoot = async (name: string, width: number, locale: string) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBe(0);
    await page.screenshot({ path: `${dir}/${name}-${width}-${locale}.png`, fullPage: true });
  };
  for (const width of [375, 1280]) await shoot('preferences-editing', width, 'en');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-bar')).toHaveCount(0);
  await page.goto('/jobs');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local', { timeout: 20_000 });

  for (const locale of ['en', 'fr'] as const) {
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    await page.goto('/account');
    await openPreferences(page, locale === 'en' ? 'What you are looking for' : 'Ce que vous recherchez');
    await page.getByTestId('section-preferences').scrollIntoViewIfNeeded();
    for (const width of [375, 1280]) await shoot('preferences', width, locale);
    await page.goto('/dashboard');
    await expect(page.getByTestId('jobs-for-you-list').getByTestId('job-card-note').first()).toBeVisible();
    for (const width of [375, 1280]) await shoot('jobs-for-you', width, locale);
  }
});
