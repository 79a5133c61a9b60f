import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { adminPost, featuredJobs } from './support/apply.ts';
import { feedListing } from './support/feed-listings.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Reporting a job and moderating it, in English and French: a student reports a featured job from its page, the
// operator (ADMIN_EMAILS) finds the report on /admin and hides the job, which leaves the student's board and whose
// page then says it was removed; the operator restores it and both actions are in the audit log.

const shotDir = process.env.SHOT_DIR ?? path.resolve('test-results/screens/job-reports');

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

/** Polled: right after a viewport change the dashboard's sidebar is still folding away. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${label}: sideways scroll`,
    })
    .toBeLessThanOrEqual(0);
}

/** Axe, no sideways scrolling and a screenshot at 375 and 1280 px. */
async function checkScreens(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, `${name} ${width}`);
    await expectNoAxeViolations(page, `${name} ${width}`);
    mkdirSync(shotDir, { recursive: true });
    await settle(page);
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
}

const texts = {
  en: {
    report: 'Report this job',
    scam: 'It looks like a scam',
    send: 'Send report',
    sent: 'Thank you. The team will review this job.',
    already: 'You have already reported this job.',
    hide: 'Hide job',
    hidden: 'Job hidden: it left the board.',
    restored: 'Job restored: it is back on the board.',
    removed: 'This job was removed by the Campus Jobs team',
    notAllowed: 'You are not allowed here',
    scamCount: 'It looks like a scam: 1',
    closed: 'It is closed or filled',
    dismiss: 'Dismiss reports',
    dismissed: 'Reports dismissed: the job stays on the board.',
    reportListing: (title: string) => `Report ${title}`,
  },
  fr: {
    report: 'Signaler cette offre',
    scam: 'Elle ressemble à une arnaque',
    send: 'Envoyer le signalement',
    sent: 'Merci. L’équipe va examiner cette offre.',
    already: 'Vous avez déjà signalé cette offre.',
    hide: 'Masquer l’offre',
    hidden: 'Offre masquée : elle a quitté le tableau.',
    restored: 'Offre rétablie : elle est de retour sur le tableau.',
    removed: 'Cette offre a été retirée par l’équipe Campus Jobs',
    notAllowed: 'Accès non autorisé',
    scamCount: 'Elle ressemble à une arnaque: 1',
    closed: 'Elle est fermée ou pourvue',
    dismiss: 'Écarter les signalements',
    dismissed: 'Signalements écartés : l’offre reste sur le tableau.',
    reportListing: (title: string) => `Signaler ${title}`,
  },
} as const;

/** Signed in (the sign-in helper speaks English), then in `locale` from the next page on. */
async function signedInPage(browser: Browser, locale: string, email: string, redirectUrl?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithEmailLink(page, email, redirectUrl);
  await expect(page).toHaveURL(redirectUrl ? new RegExp(`${redirectUrl}$`) : /\/dashboard$/);
  await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
  return page;
}

async function boardJobIds(): Promise<string[]> {
  const response = await fetch(`${e2eEnv.baseUrl}/api/public/board/snapshot`);
  return ((await response.json()) as { jobs: { id: string }[] }).jobs.map((job) => job.id);
}

const reportListings = ['Reportable Platform Intern', 'Signalable Data Intern'].map((title, index) =>
  feedListing({
    id: `e2e-report-${index + 1}`,
    title,
    company_name: 'Listing Check Co',
    date_posted: Math.floor(Date.now() / 1000) - 86_400,
    url: `https://careers.example.com/report/${index + 1}`,
  }),
);

for (const locale of ['en', 'fr'] as const) {
  test(`a student reports a job, an operator hides it and it leaves the board, then restores it (${locale})`, async ({
    browser,
  }) => {
    // Two people signing in, two board loads and eight axe runs: about 3 minutes measured on two busy cores.
    test.setTimeout(360_000);
    const text = texts[locale];
    const job = (await featuredJobs()).at(-1)!;
    expect(await boardJobIds()).toContain(job.id);

    // The student reports the job from its page.
    const student = await signedInPage(browser, locale, uniqueEmail(`reporter-${locale}`));
    await student.goto(`/jobs/${job.slug}`);
    const reportButton = student.getByRole('button', { name: text.report });
    await expect(reportButton).toBeVisible();
    expect((await reportButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await reportButton.focus();
    await student.keyboard.press('Enter');
    const dialog = student.getByTestId('report-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByText(text.scam).click();
    await dialog.getByTestId('report-text').fill('Asks for a fee before the interview.');
    await checkScreens(student, `report-dialog-${locale}`);
    await dialog.getByRole('button', { name: text.send }).click();
    await expect(student.getByTestId('report-outcome')).toHaveText(text.sent);
    await student.getByTestId('report-done').click();
    await expect(dialog).toBeHidden();
    // A second report of the same job says it was already received.
    await student.reload();
    await student.getByRole('button', { name: text.report }).click();
    await student.getByTestId('report-dialog').getByText(text.scam).click();
    await student.getByRole('button', { name: text.send }).click();
    await expect(student.getByTestId('report-outcome')).toContainText(text.already);

    // A student is not an operator.
    await student.goto('/admin');
    await expect(student.getByTestId('moderation-not-allowed')).toContainText(text.notAllowed);

    // The operator sees the report and hides the job.
    const operator = await signedInPage(browser, locale, e2eEnv.operatorEmail, '/admin');
    await operator.reload();
    const reported = operator.getByTestId('moderation-job').filter({ hasText: job.title }).first();
    await expect(reported).toContainText(text.scamCount);
    await expect(reported).toContainText('Asks for a fee before the interview.');
    await checkScreens(operator, `admin-reports-${locale}`);
    await reported.getByTestId('moderation-hide').click();
    await reported.getByTestId('moderation-hide-reason').fill('Fee requested from applicants');
    await reported.getByRole('button', { name: text.hide }).click();
    await expect(operator.getByTestId('moderation-notice')).toHaveText(text.hidden);
    await expect(operator.getByTestId('moderation-hidden-note').first()).toContainText('Fee requested from applicants');
    await expect(operator.getByTestId('moderation-audit')).toContainText(job.id);
    await checkScreens(operator, `admin-hidden-${locale}`);

    // It left the board at once, and its page says it was removed.
    expect(await boardJobIds()).not.toContain(job.id);
    await student.goto(`/jobs?q=${encodeURIComponent(job.title)}`);
    await expect(student.getByTestId('job-results-count')).toBeVisible();
    await expect(student.getByTestId('job-card').filter({ hasText: job.title })).toHaveCount(0);
    // The page's copy kept by the service worker may answer the first visit; the server's 410 drops it.
    await student.goto(`/jobs/${job.slug}`);
    // Each try reloads, waits for the page to show the job or an error, and looks again at once if it showed the job.
    await expect(async () => {
      await student.reload();
      const error = student.getByTestId('job-detail-error');
      await expect(error.or(student.getByTestId('job-detail')).first()).toBeVisible({ timeout: 20_000 });
      await expect(error).toContainText(text.removed, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await checkScreens(student, `job-removed-${locale}`);

    // Restored: back on the board; both actions are in the audit log.
    await operator.getByTestId('moderation-restore').first().click();
    await expect(operator.getByTestId('moderation-notice')).toHaveText(text.restored);
    expect(await boardJobIds()).toContain(job.id);
    const audit = operator.getByTestId('moderation-audit').locator('li');
    await expect(audit.first()).toContainText(job.id);
    await expect(audit.first()).toContainText(e2eEnv.operatorEmail);

    await student.context().close();
    await operator.context().close();
  });
}

for (const [index, locale] of (['en', 'fr'] as const).entries()) {
  test(`a student reports a feed listing from its board card, a second report says it was already received, and an operator dismisses the report (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const text = texts[locale];
    // One listing per language, in a feed of this file's own: each run reports its own.
    await adminPost('ingest', { sources: [{ name: 'e2e-reports.json', type: 'internship', records: reportListings }] });
    const listing = { id: reportListings[index]!.id, title: reportListings[index]!.title };

    const student = await signedInPage(browser, locale, uniqueEmail(`feed-reporter-${locale}`));
    await student.setViewportSize({ width: 375, height: 900 });
    await student.goto(`/jobs?q=${encodeURIComponent(listing.title)}`);
    const card = student.locator(`[data-testid=job-card][data-job-id="${listing.id}"]`);
    const report = card.getByRole('button', { name: text.reportListing(listing.title) });
    await expect(report).toBeVisible();
    const box = (await report.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    // Featured cards are reported from their page, not from the card.
    await expect(student.locator('[data-testid=job-card][data-featured] [data-testid=job-report]')).toHaveCount(0);
    await checkScreens(student, `board-report-button-${locale}`);

    await report.focus();
    await student.keyboard.press('Enter');
    const dialog = student.getByTestId('report-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(listing.title);
    await dialog.getByText(text.closed).click();
    await dialog.getByTestId('report-text').fill('The company page says the role is filled.');
    await checkScreens(student, `board-report-dialog-${locale}`);
    const reported = student.waitForResponse(
      (response) =>
        response.url().includes(`/api/public/jobs/${listing.id}/reports`) && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: text.send }).click();
    expect((await reported).status()).toBe(201);
    await expect(student.getByTestId('report-outcome')).toHaveText(text.sent);
    await student.getByTestId('report-done').click();
    await expect(dialog).toBeHidden();
    await expect(report).toBeFocused();

    // Again, after a reload: the server says it has the first one, and the dialog says so.
    await student.reload();
    await card.getByTestId('job-report').click();
    await student.getByTestId('report-dialog').getByText(text.closed).click();
    await student.getByRole('button', { name: text.send }).click();
    await expect(student.getByTestId('report-outcome')).toContainText(text.already);
    await checkScreens(student, `board-report-already-${locale}`);

    // The report is wrong: the operator dismisses it; the listing leaves the reported list and stays on the board.
    const operator = await signedInPage(browser, locale, e2eEnv.operatorEmail, '/admin');
    await operator.reload();
    const inAdmin = operator.locator(`[data-testid=moderation-job][data-job-id="${listing.id}"]`);
    await expect(inAdmin).toContainText(listing.title);
    await inAdmin.getByTestId('moderation-dismiss').click();
    await inAdmin.getByTestId('moderation-dismiss-reason').fill('Checked: the role is still open');
    await checkScreens(operator, `admin-dismiss-${locale}`);
    await inAdmin.getByRole('button', { name: text.dismiss }).click();
    await expect(operator.getByTestId('moderation-notice')).toHaveText(text.dismissed);
    await expect(inAdmin).toHaveCount(0);
    await expect(operator.getByTestId('moderation-audit').locator('li').first()).toContainText(listing.id);
    await checkScreens(operator, `admin-dismissed-${locale}`);
    expect(await boardJobIds()).toContain(listing.id);

    await operator.context().close();
    await student.context().close();
  });
}
