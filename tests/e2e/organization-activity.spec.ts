import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// "Who saw my application": an owner opens an applicant's resume; the student's My Applications says the
// organization viewed it (never who); the owner's Activity page lists the view and the move, and downloads the CSV.
// Screenshots at 375 and 1280 px in English and French under test-results/organization-activity.
test.use({ serviceWorkers: 'block' });
test.setTimeout(240_000);

const dir = 'test-results/organization-activity';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

async function shoot(page: Page, name: string, locale: string) {
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
    await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
  }
}

test('an owner opens a resume: the student sees "Viewed by", the owner sees it in the activity log', async ({
  browser,
}) => {
  mkdirSync(dir, { recursive: true });
  const organization = `Activity Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('activity-owner');
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const title = `Firmware Intern ${Date.now()}`;
  const jobId = await postJob(owner, { title, skills: ['C', 'Rust'] });

  // Nothing yet: the log is empty.
  await owner.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Activity' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(owner.getByText('No activity yet')).toBeVisible();

  const student = await newPage(browser);
  await signInWithEmailLink(student, uniqueEmail('activity-student'), `/jobs/${jobId}/apply`);
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();
  await student.goto('/jobs/applied');
  const card = student.getByTestId('application-card').filter({ hasText: title });
  await expect(card.getByTestId('application-dates')).toContainText('Applied');
  await expect(card.getByTestId('application-viewed')).toHaveCount(0);

  // The owner opens the applicant on a phone: the resume, screens below the decision panel and the answers, is not
  // fetched (nor PDF.js's library and parser downloaded) until it is about to be scrolled into view, so no view is recorded yet.
  const resumeRequests: string[] = [];
  owner.on('request', (request) => {
    if (
      /\/api\/company\/applications\/[^/]+\/resume$/.test(request.url()) ||
      /\/assets\/pdf(\.worker\.min)?-[^/]*\.js$/.test(request.url())
    )
      resumeRequests.push(request.url());
  });
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.goto(`/company/jobs/${jobId}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(owner.getByTestId('answers')).toContainText('McGill University');
  const viewer = owner.getByTestId('resume-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'waiting');
  expect(resumeRequests).toEqual([]);
  // Scrolled to, it loads.
  await owner.getByTestId('resume').scrollIntoViewIfNeeded();
  await expect(owner.getByTestId('resume-page').first()).toBeVisible();
  await expect(viewer).toHaveAttribute('data-state', 'ready');
  expect(resumeRequests.some((url) => url.endsWith('/resume'))).toBe(true);
  expect(resumeRequests.some((url) => /\/assets\/pdf-[^/]*\.js$/.test(url))).toBe(true);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.getByTestId('status-select').selectOption('screening');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByTestId('application-status').first()).toHaveText('Screening');

  // The student sees the organization's view and its day, not the member.
  await student.reload();
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
  await expect(card.getByTestId('application-viewed')).toHaveText(`Viewed by ${organization} on ${today}`);
  await expect(card).not.toContainText(ownerEmail);
  await expect(card).not.toContainText(`${organization} Owner`);

  // The owner's log: newest first, the move then the view, each naming the member and the applicant.
  await owner.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Activity' }).click();
  const entries = owner.getByTestId('activity-entry');
  await expect(entries.first()).toHaveAttribute('data-kind', 'status-move');
  await expect(entries.first()).toContainText('moved Ada Lovelace from Applied to Screening');
  const view = owner.locator('[data-testid=activity-entry][data-kind=resume-view]');
  await expect(view.first()).toContainText('opened the resume of Ada Lovelace');
  await expect(view.first()).toContainText(title);
  await expect(view.first()).toContainText(ownerEmail);

  // The CSV download names the same entries.
  const download = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('organization-activity.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain('resume-view');
  expect(csv).toContain('status-move');
  expect(csv).toContain('Ada');

  // The export is in the log too, once the page is read again.
  await owner.reload();
  await expect(entries.first()).toHaveAttribute('data-kind', 'export');
  await expect(entries.first()).toContainText('exported the activity log as CSV');

  for (const locale of ['en', 'fr']) {
    for (const page of [owner, student]) {
      await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    }
    await owner.goto('/company/activity');
    await expect(entries.first()).toBeVisible();
    // The tab is on screen on a phone too, not scrolled out of the navigation.
    await owner.setViewportSize({ width: 375, height: 812 });
    await expect(owner.locator('nav a[href="/company/activity"]')).toBeInViewport({ ratio: 1 });
    await shoot(owner, 'activity', locale);
    await student.goto('/jobs/applied');
    await expect(card.getByTestId('application-viewed')).toBeVisible();
    await shoot(student, 'my-applications', locale);
  }
  await expect(card.getByTestId('application-viewed')).toContainText(`Consultée par ${organization} le`);
});
