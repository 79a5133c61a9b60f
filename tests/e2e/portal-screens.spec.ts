import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// The portal's main screens (and My Applications) at 375 px and 1280 px, in English and French, saved under
// test-results/screens for people to look at; each screen is checked for its heading and for no horizontal scroll.
test.use({ serviceWorkers: 'block' });
test.setTimeout(300_000);

const widths = [375, 1280] as const;
const locales = ['en', 'fr'] as const;
const dir = 'test-results/screens';

async function setLocale(page: Page, locale: string) {
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

async function shoot(page: Page, name: string, locale: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Measured after a frame has been drawn at the new width (the layout's breakpoint hooks re-render on resize),
    // until it no longer scrolls sideways; a page that keeps scrolling fails when the poll gives up.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const root = document.documentElement;
            return { width: window.innerWidth, overflow: root.scrollWidth - root.clientWidth };
          }),
        { message: `${name} at ${width}px scrolls sideways` },
      )
      .toEqual({ width, overflow: 0 });
    await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
  }
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

test('screenshots of the portal and My Applications at 375 and 1280 px in English and French', async ({ browser }) => {
  mkdirSync(dir, { recursive: true });
  const organization = 'Northwind Robotics';
  const ownerEmail = uniqueCompanyEmail('screens-owner');
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const title = `Embedded Systems Intern ${Date.now()}`;
  const jobId = await postJob(owner, { title, skills: ['C++', 'Rust', 'Linux'] });

  const studentEmail = uniqueEmail('screens-student');
  const student = await newPage(browser);
  await signInWithEmailLink(student, studentEmail, `/jobs/${jobId}/apply`);
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();

  await owner.goto(`/company/jobs/${jobId}`);
  await owner.getByTestId('applicant-row').first().getByRole('link').click();
  await owner.getByTestId('resume').scrollIntoViewIfNeeded();
  await expect(owner.getByTestId('resume-frame')).toBeVisible();
  const applicationPath = new URL(owner.url()).pathname;
  await owner.getByTestId('status-select').selectOption('screening');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByTestId('application-status').first()).toHaveText('Screening');
  await owner.getByLabel('New note').fill('Strong embedded background; ask about the drone project.');
  await owner.getByRole('button', { name: 'Add note' }).click();
  await expect(owner.getByTestId('note')).toHaveCount(1);

  // Two members on the same applicant: the second change, made on a stale page, is refused with a clear message.
  const stalePage = await owner.context().newPage();
  await stalePage.goto(applicationPath);
  await expect(stalePage.getByTestId('application-status').first()).toHaveText('Screening');
  await owner.getByTestId('status-select').selectOption('interview');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByTestId('application-status').first()).toHaveText('Interview');
  await stalePage.getByTestId('status-select').selectOption('offer');
  await stalePage.getByRole('button', { name: 'Update status' }).click();
  await expect(stalePage.getByTestId('status-problem')).toContainText('Someone else changed this application');
  await expect(stalePage.getByTestId('application-status').first()).toHaveText('Interview');
  await stalePage.close();
  // A rejection with a reason for the team: kept in the history, silent for the student.
  await owner.getByTestId('status-select').selectOption('rejected');
  await owner.getByTestId('rejection-reason-select').selectOption('position-filled');
  await owner.getByTestId('rejection-note').fill('Filled by a returning intern');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByTestId('application-status').first()).toHaveText('Rejected');
  await expect(owner.getByTestId('history-reason').first()).toHaveText(
    'Reason: Position filled or closed · Filled by a returning intern',
  );
  await expect(owner.getByTestId('rejection-reason')).toHaveCount(0);
  await owner.goto(`/company/jobs/${jobId}?tab=links`);
  await owner.getByRole('button', { name: 'Create a link' }).click();
  await expect(owner.getByTestId('shared-link')).toHaveCount(1);
  await expect(owner.getByTestId('shared-link-label')).toHaveText('No label');
  // A labelled link that expires: where it was posted, and until when.
  await owner.getByTestId('link-label').fill('Career fair');
  await owner.getByTestId('link-expiry').selectOption('30');
  await owner.getByRole('button', { name: 'Create a link' }).click();
  await expect(owner.getByTestId('shared-link')).toHaveCount(2);
  await expect(owner.getByTestId('shared-link-label').first()).toHaveText('Career fair');
  await expect(owner.getByTestId('shared-link-expiry')).toHaveText(/^Expires /);
  await expect(owner.getByTestId('link-label')).toHaveValue('');
  // The dashboard says where the application came from; no invitation was sent.
  await owner.goto(`/company/jobs/${jobId}?tab=dashboard`);
  await expect(owner.getByTestId('job-source')).toHaveText(["The job's page and the board1"]);
  await expect(owner.getByTestId('job-sources')).toContainText('No invitation sent yet.');
  // On a phone the tab row scrolls to the selected tab (it was off-screen to the right).
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.goto(`/company/jobs/${jobId}?tab=dashboard`);
  await expect(owner.getByTestId('job-sources')).toBeVisible();
  const selectedTab = owner.getByRole('tab', { selected: true });
  await expect(selectedTab).toHaveText('Dashboard');
  await expect
    .poll(async () => {
      const box = (await selectedTab.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375;
    })
    .toBe(true);

  for (const locale of locales) {
    await setLocale(owner, locale);
    await setLocale(student, locale);
    // Each screen with what shows it is ready: its heading, or the part that loads after it.
    const heading = owner.getByRole('heading', { level: 1 });
    const screens: [string, string, Locator][] = [
      ['jobs', '/company', heading],
      ['job-applicants', `/company/jobs/${jobId}`, heading],
      ['job-dashboard', `/company/jobs/${jobId}?tab=dashboard`, owner.getByTestId('job-stats')],
      ['job-invitations', `/company/jobs/${jobId}?tab=invitations`, heading],
      ['job-links', `/company/jobs/${jobId}?tab=links`, heading],
      ['application', applicationPath, owner.getByTestId('resume-frame')],
      ['job-form', '/company/jobs/new', heading],
      ['members', '/company/members', heading],
      ['settings', '/company/settings', heading],
    ];
    for (const [name, path, ready] of screens) {
      await owner.goto(path);
      await expect(heading).toBeVisible();
      // The resume loads when it is about to be scrolled into view; the full-page pictures show it drawn.
      if (name === 'application') await owner.getByTestId('resume').scrollIntoViewIfNeeded();
      await expect(ready).toBeVisible();
      // Back to the top, so the sticky header is drawn where it belongs in the full-page picture.
      if (name === 'application') await owner.evaluate(() => window.scrollTo(0, 0));
      await shoot(owner, name, locale);
    }
    await student.goto('/jobs/applied');
    await expect(student.getByTestId('application-card')).toHaveCount(1);
    await shoot(student, 'my-applications', locale);
    await student.goto('/company');
    await expect(student.getByTestId('company-no-access')).toBeVisible();
    await shoot(student, 'no-access', locale);
    const visitor = await newPage(browser);
    await setLocale(visitor, locale);
    await visitor.goto('/company/sign-in');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(visitor, 'sign-in', locale);
    await visitor.context().close();
  }
});
