import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { featuredJobs, idToken, stepHeading } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// axe (WCAG 2 A and AA) on every student screen of issue 15 and its error states, at a phone's 375 px and a laptop's
// 1280 px; and screenshots of the dashboard, board, job and wizard in English and French for a person to look at.

const widths = [375, 1280] as const;
const screenshotDir = path.resolve('test-results/screens');

async function violations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map(
      (node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  }));
  expect(summary, `${label}: axe violations`).toEqual([]);
}

async function signInStudent(page: Page, label: string): Promise<void> {
  await signInWithEmailLink(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await idToken(page);
  const call = (method: string, apiPath: string, body: unknown) =>
    fetch(`${e2eEnv.baseUrl}/api${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await call('PATCH', '/profile/name', { firstName: 'Maya', lastName: 'Tremblay' })).status).toBe(200);
  const update = await call('PATCH', '/profile/update', {
    school: 'McGill University',
    program: 'Computer Science',
    graduationYear: '2028',
    skills: 'TypeScript, React, Python',
  });
  expect(update.status).toBe(200);
}

/** Every animation and transition finished, so axe sees the final colours. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

for (const width of widths) {
  test(`student screens and their error states have no axe violations at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signInStudent(page, `axe-${width}`);
    const job = (await featuredJobs())[0]!;

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeVisible();
    await expect(page.getByTestId('dashboard-checklist').getByTestId('checklist-progress')).toBeVisible();
    await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /local|remote/);
    await settle(page);
    await violations(page, 'dashboard');

    await page.goto('/jobs?q=intern&sort=relevant&posted=30d');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await settle(page);
    await violations(page, 'board');
    await page.getByTestId('job-search-help').click();
    await expect(page.getByText('Search tips').last()).toBeVisible();
    await settle(page);
    await violations(page, 'board with search tips');
    await page.keyboard.press('Escape');
    // Hovered buttons keep their contrast.
    await page.getByTestId('saved-jobs-link').hover();
    await violations(page, 'board, hovered button');

    await page.goto('/jobs?q=zzzz-no-such-job');
    await expect(page.getByTestId('jobs-empty')).toBeVisible();
    await violations(page, 'board, empty result');

    await page.goto(`/jobs/${job.id}/`);
    await expect(page.getByTestId('job-detail')).toBeVisible();
    await settle(page);
    await violations(page, 'job page');
    await page.goto('/jobs/no-such-job-anywhere');
    await expect(page.getByTestId('job-detail-error')).toBeVisible();
    await violations(page, 'job page, not available');

    await page.goto(`/jobs/${job.slug}/apply`);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await settle(page);
    await violations(page, 'wizard');
    await page.getByRole('button', { name: 'Next' }).hover();
    await violations(page, 'wizard, hovered Next');
    await page.getByLabel('Phone number').fill('12');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required').first()).toBeVisible();
    await settle(page);
    await violations(page, 'wizard, invalid fields');

    await page.goto('/account');
    await expect(page.getByTestId('profile-full-name')).toHaveText('Maya Tremblay');
    await settle(page);
    await violations(page, 'account');
    // No field narrower than 280 px, on a phone too.
    const widthsOfFields = await page
      .getByTestId('account-form')
      .locator('input:visible:not([type=checkbox]):not([type=radio]):not([type=file])')
      .evaluateAll((inputs) =>
        inputs.map((input) => ({
          field:
            (input as HTMLInputElement).name || input.closest('[data-testid]')?.getAttribute('data-testid') || input.id,
          width: Math.round(input.getBoundingClientRect().width),
        })),
      );
    expect(widthsOfFields.length).toBeGreaterThan(5);
    expect(widthsOfFields.filter((entry) => entry.width < 280)).toEqual([]);
    await page.getByRole('button', { name: 'Edit Phone' }).click();
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('field-phone')).toContainText('at least 10 digits');
    await settle(page);
    await violations(page, 'account, invalid phone');
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('First name').fill('M4ya');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('field-firstName')).toContainText('A name can only contain');
    await settle(page);
    await violations(page, 'account, invalid name');
    await page.getByLabel('First name').fill('Maya');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name updated').first()).toBeVisible();
    await settle(page);
    await violations(page, 'account, success toast');

    await page.goto('/jobs/applied');
    await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
    await settle(page);
    await violations(page, 'my applications');
  });

  test(`public pages and the sign-in errors have no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const address of ['/', '/privacy', '/no-such-page-here']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page);
      await violations(page, address);
    }
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel(/email/i).fill('not-an-email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await settle(page);
    await violations(page, 'sign-in, invalid e-mail');
  });
}

test('screenshots of the dashboard, board, job and wizard at 375 and 1280 px, in English and French', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  mkdirSync(screenshotDir, { recursive: true });
  await signInStudent(page, 'screens');
  const job = (await featuredJobs())[0]!;
  for (const locale of ['en', 'fr'] as const) {
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const shot = async (name: string) => {
        await settle(page);
        await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}-${locale}.png`), fullPage: true });
      };
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-checklist').getByTestId('checklist-progress')).toBeVisible();
      // Worked out in slices after the paint: wait for the picks (or the empty note), not the skeleton.
      await expect(page.getByTestId('jobs-for-you-list').or(page.getByTestId('jobs-for-you-empty'))).toBeVisible();
      await expect(page.getByTestId('job-card').first()).toBeVisible();
      await shot('dashboard');
      await page.goto('/jobs');
      await expect(page.getByTestId('job-card').first()).toBeVisible();
      await shot('board');
      await page.goto(`/jobs/${job.id}/`);
      await expect(page.getByTestId('job-detail')).toBeVisible();
      await shot('detail');
      await page.goto(`/jobs/${job.slug}/apply`);
      await expect(page.getByTestId('wizard-footer')).toBeVisible();
      await shot('wizard');
    }
  }
});

test('on a touch screen the filters, language switch, sidebar toggle and back link are at least 44 px tall', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInStudent(page, 'touch');
  await page.goto('/jobs');
  const heightOf = async (locator: ReturnType<Page['getByTestId']>) =>
    Math.round((await locator.boundingBox())!.height);
  for (const testId of ['job-search', 'job-search-help', 'job-filters-open'])
    expect(await heightOf(page.getByTestId(testId)), testId).toBeGreaterThanOrEqual(44);
  // A phone's selects are in the filter sheet.
  await page.getByTestId('job-filters-open').click();
  await expect(page.getByTestId('job-type-filter')).toBeVisible();
  for (const testId of [
    'job-type-filter',
    'job-mode-filter',
    'job-posted-filter',
    'job-sort',
    'job-country-filter',
    'job-filters-show',
  ]) {
    expect(await heightOf(page.getByTestId(testId)), testId).toBeGreaterThanOrEqual(44);
  }
  await page.getByTestId('job-filters-show').click();
  expect(await heightOf(page.getByRole('button', { name: 'Toggle Sidebar' }))).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByRole('button', { name: 'Français' }))).toBeGreaterThanOrEqual(44);
  await page.goto(`/jobs/${(await featuredJobs())[0]!.id}/`);
  expect(await heightOf(page.getByTestId('back-to-jobs'))).toBeGreaterThanOrEqual(44);
  await context.close();
});
