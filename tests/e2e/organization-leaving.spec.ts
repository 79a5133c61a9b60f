import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test.ts';
import {
  createOrganization,
  joinOrganization,
  linkIn,
  postJob,
  uniqueCompanyEmail,
  waitForMail,
} from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Leaving and deleting an organization (docs/decisions/035): a member leaves from the Members page and loses the
// portal; the owner, now alone, is offered no way out but deletion; they schedule it, see the date on every page,
// the job closed, and cancel. Screenshots at 375 and 1280 px in English and French, axe on each screen.

test.use({ serviceWorkers: 'block' });
test.setTimeout(480_000);

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/organization-leaving');

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function noAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) })),
  ).toEqual([]);
}

/** Axe, no sideways scrolling and a full-page screenshot at 375 and 1280 px. */
async function shoot(page: Page, name: string, locale: 'en' | 'fr'): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return document.documentElement.scrollWidth - document.documentElement.clientWidth;
          }),
        { message: `${name} at ${width}px scrolls sideways` },
      )
      .toBe(0);
    await noAxeViolations(page);
    await page.screenshot({ path: path.join(shotDir, `${name}-${locale}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function useLocale(page: Page, locale: 'en' | 'fr'): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

test('a member leaves; the owner schedules the deletion, sees its date, and cancels it', async ({ browser }) => {
  const organization = `Leaving Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('leaving-owner');
  const memberEmail = uniqueCompanyEmail('leaving-member');
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const title = `Closing Intern ${Date.now()}`;
  const jobId = await postJob(owner, { title });

  await owner.getByRole('link', { name: 'Members' }).click();
  await owner.getByLabel('E-mail').fill(memberEmail);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  const memberJoin = linkIn(await waitForMail(memberEmail, /company\/join\//), /\/company\/join\//);
  const member = await newPage(browser);
  await joinOrganization(member, memberEmail, memberJoin, organization);

  // The member's Members page offers to leave, in both languages.
  for (const locale of ['fr', 'en'] as const) {
    await useLocale(member, locale);
    await member.goto('/company/members');
    await expect(member.getByTestId('leave-organization')).toBeVisible();
    await shoot(member, 'members-leave', locale);
  }
  await member.getByTestId('leave-organization').getByRole('button', { name: 'Leave the organization' }).click();
  const dialog = member.getByRole('alertdialog');
  await expect(dialog).toContainText(`Leave ${organization}?`);
  await dialog.getByRole('button', { name: 'Leave the organization' }).click();
  await expect(member.getByRole('heading', { name: 'No company access yet' })).toBeVisible();

  // The owner, now alone, is told to delete instead of leaving.
  await owner.goto('/company/members');
  await expect(owner.getByTestId('member')).toHaveCount(1);
  const leaveCard = owner.getByTestId('leave-organization');
  await expect(leaveCard).toContainText('You are its only member');
  await expect(leaveCard.getByRole('button')).toHaveCount(0);

  // Settings: delete, through a confirmation that says what happens.
  await owner.goto('/company/settings');
  for (const locale of ['fr', 'en'] as const) {
    await useLocale(owner, locale);
    await owner.reload();
    await expect(owner.getByTestId('delete-organization')).toBeVisible();
    await shoot(owner, 'settings-delete', locale);
  }
  await owner
    .getByTestId('delete-organization')
    .getByRole('button', { name: `Delete ${organization}` })
    .click();
  const confirm = owner.getByRole('alertdialog');
  await expect(confirm).toContainText('Every published job closes now');
  await owner.setViewportSize({ width: 375, height: 812 });
  await noAxeViolations(owner);
  await owner.screenshot({ path: path.join(shotDir, 'delete-dialog-en-375.png') });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await confirm.getByRole('button', { name: 'Schedule the deletion' }).click();

  // The date, 30 days ahead, on every page; the job closed.
  const due = new Date(Date.now() + 30 * 86_400_000);
  const dayIn = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(due);
  const banner = owner.getByTestId('organization-deletion-banner');
  await expect(banner).toContainText(`${organization} will be deleted on ${dayIn('en')}`);
  await expect(owner.getByTestId('delete-organization')).toHaveCount(0);
  await owner.goto(`/company/jobs/${jobId}`);
  await expect(owner.getByTestId('job-status')).toHaveText('Closed');
  await expect(banner).toBeVisible();
  // Nothing to reopen or post until the deletion is cancelled.
  await expect(owner.getByTestId('job-status-action')).toHaveCount(0);
  await owner.goto('/company');
  await expect(owner.getByRole('link', { name: 'Post a job' })).toHaveCount(0);
  for (const locale of ['fr', 'en'] as const) {
    await useLocale(owner, locale);
    await owner.reload();
    await expect(banner).toContainText(locale === 'fr' ? `sera supprimée le ${dayIn('fr')}` : dayIn('en'));
    await shoot(owner, 'deletion-banner', locale);
  }

  // Cancelled: the banner goes, the organization stays, its job stays closed until reopened.
  await banner.getByRole('button', { name: 'Cancel the deletion' }).click();
  await expect(owner.getByText(`${organization} will not be deleted`)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(owner.getByRole('link', { name: 'Post a job' })).toBeVisible();
  await owner.goto(`/company/jobs/${jobId}`);
  await expect(owner.getByTestId('job-status-action')).toHaveText('Reopen');
  await owner.goto('/company/settings');
  await expect(owner.getByTestId('delete-organization')).toBeVisible();
});
