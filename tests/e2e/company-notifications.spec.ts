import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import {
  createOrganization,
  joinOrganization,
  linkIn,
  postJob,
  uniqueCompanyEmail,
  waitForMail,
} from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Company notifications (issue 26, item 5): a member chooses on the portal's settings page how they hear of
// applications; with "an e-mail for each application", a student's application reaches them by e-mail with a link to
// it. The portal tells the server the member's language and time zone. Screenshots at 375 and 1280 px, en and fr.

test.use({ serviceWorkers: 'block' });

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/company-notifications');

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function shots(page: Page, locale: 'en' | 'fr'): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.screenshot({ path: path.join(shotDir, `settings-${locale}-${width}.png`), fullPage: true });
  }
}

test('a member chooses an e-mail for each application, gets one when a student applies, and opens it', async ({
  browser,
}) => {
  test.slow();
  const organization = `Notice Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('notices-owner');
  const owner = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await owner.setViewportSize({ width: 1280, height: 900 });
  // The portal tells the server the member's language and time zone once it knows their organizations.
  const told = owner.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().endsWith('/api/company/me'),
  );
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const sent = await told;
  expect(sent.method()).toBe('PATCH');
  expect(sent.postDataJSON()).toEqual({ locale: 'en', timeZone: expect.any(String) });
  expect((await sent.response())?.status()).toBe(200);
  await owner.goto('/company/settings');

  const card = owner.getByTestId('notification-settings');
  await expect(card.getByRole('heading', { name: 'Your notifications' })).toBeVisible();
  // Owners start with the daily summary.
  const daily = card.getByRole('radio', { name: 'A daily summary (default)' });
  await expect(daily).toBeChecked();
  // With the keyboard: from the checked choice, the arrow moves to the one above it.
  const each = card.getByRole('radio', { name: 'An e-mail for each application' });
  await daily.focus();
  await owner.keyboard.press('ArrowUp');
  await expect(owner.getByText('Notification settings saved')).toBeVisible();
  await expect(each).toBeChecked();
  expect(((await card.getByTestId('notifications-each').boundingBox())?.height ?? 0) >= 44).toBe(true);
  await owner.reload();
  await expect(
    owner.getByTestId('notification-settings').getByRole('radio', { name: /each application/ }),
  ).toBeChecked();
  await settle(owner);
  const results = await new AxeBuilder({ page: owner }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) })),
  ).toEqual([]);
  await shots(owner, 'en');

  // A student applies: the owner's e-mail names them and links to the application.
  await owner.setViewportSize({ width: 1280, height: 900 });
  const title = `Notice Intern ${Date.now()}`;
  const jobId = await postJob(owner, { title });
  const student = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await signInWithEmailLink(student, uniqueEmail('notices-student'), `/jobs/${jobId}/apply`);
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();
  const mail = await waitForMail(ownerEmail, new RegExp(`New application: Ada Lovelace for ${title}`));
  expect(mail.text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await owner.goto(linkIn(mail, /\/company\/applications\//));
  await expect(owner.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();

  // In French: the portal tells the new language, the card reads in French.
  await owner.context().addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
  const toldFrench = owner.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().endsWith('/api/company/me'),
  );
  await owner.goto('/company/settings');
  expect((await toldFrench).postDataJSON()).toMatchObject({ locale: 'fr' });
  await expect(
    owner.getByTestId('notification-settings').getByRole('radio', { name: 'Un e-mail pour chaque candidature' }),
  ).toBeChecked();
  await shots(owner, 'fr');
});
