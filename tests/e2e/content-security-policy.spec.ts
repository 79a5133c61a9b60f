import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { uniqueEmail } from './support/auth.ts';
import { completeEmulatorPopup, routeGapiStandIn } from './support/firebase-popup.ts';
import { applyAs, featuredJobs, fillWizardToJobDetails, withTypeAndLocation } from './support/apply.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail } from './support/company.ts';

// The app's Content-Security-Policy against the real pages: every frame of the context reports each violation to the
// test, which walks the main screens, signed out and signed in, student and company (the portal's jobs, a job's
// applicants and an application with its resume drawn by PDF.js), and expects none.

type Violation = { page: string; directive: string; blocked: string; sample: string };

async function listenForViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, violation: Omit<Violation, 'page'>) => {
    violations.push({ page: frame.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  return violations;
}

/** Starts a prerendered page's app (it loads on the first interaction) and waits until it runs. */
async function startApp(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => (window as { __appStarted?: boolean }).__appStarted === true);
}

test('no page of the app breaks its Content-Security-Policy, signed out, as a student and on the portal', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const violations = await listenForViolations(context);
  await routeGapiStandIn(context);

  // A featured job's public page (the shell with the job in its HTML, rendered by the app).
  const job = withTypeAndLocation(await featuredJobs())[0]!;
  await page.goto(`/jobs/${job.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();

  // The listener hears a violation: an inline script no hash allows is refused and reported.
  await page.goto('/privacy');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.appendChild(script);
  });
  await expect.poll(() => violations.length).toBe(1);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(violations[0]!.directive).toBe('script-src-elem');
  violations.length = 0;

  // Signed out, in both languages: the prerendered pages and their start-up scripts.
  for (const locale of ['fr', 'en']) {
    await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
    for (const path of ['/', '/sign-in', '/privacy']) {
      await page.goto(path);
      await startApp(page);
    }
  }

  // Google sign-in: the popup, the emulator's iframe and the API loader.
  const email = uniqueEmail('csp');
  await page.goto('/sign-in');
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await completeEmulatorPopup(await popupPromise, { email, displayName: 'Ada Lovelace' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/jobs');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await page.goto(`/jobs/${job.slug}/apply`);
  await fillWizardToJobDetails(page);
  await page.goto('/account');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Account');
  await page.goto('/jobs/applied');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // The company portal, signed in as an owner in a browser of their own.
  const portal = await browser.newContext();
  const portalViolations = await listenForViolations(portal);
  const owner = uniqueCompanyEmail('csp-owner');
  const organization = `CSP Labs ${Date.now()}`;
  const joinPath = createOrganization(organization, owner);
  const ownerPage = await portal.newPage();
  await joinOrganization(ownerPage, owner, joinPath, organization);
  // A job, an applicant with a PDF resume, and the application page that draws it (PDF.js on canvases, a blob: link).
  const jobId = await postJob(ownerPage, { title: `CSP Intern ${Date.now()}` });
  await applyAs(ownerPage, jobId, { first: 'Grace', last: 'Hopper', school: 'McGill University' });
  await ownerPage.goto(`/company/jobs/${jobId}`);
  await ownerPage.getByTestId('applicant-row').filter({ hasText: 'Grace Hopper' }).getByRole('link').click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await ownerPage.getByTestId('resume').scrollIntoViewIfNeeded();
  await expect(ownerPage.getByTestId('resume-page').first()).toBeVisible();
  await portal.close();
  expect(portalViolations).toEqual([]);
});
