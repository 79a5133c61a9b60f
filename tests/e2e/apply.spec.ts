import { type BrowserContext, expect, test, type Page, type Route } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { completeEmulatorPopup, routeGapiStandIn } from './support/firebase-popup.ts';
import {
  adminPost,
  appliedJobIds,
  featuredJobs,
  fillPersonalInfo,
  fillWizardToJobDetails,
  flushOutboxAndWait,
  next,
  outboxEntries,
  patchStoredDraft,
  pdfFile,
  stepHeading,
  storedDraft,
  updateProfile,
  uploadProfileResume,
  withTypeAndLocation,
  type FeaturedJob,
} from './support/apply.ts';

// The apply wizard against the real server, Auth emulator and Chromium. The service worker is blocked here so
// page.route and context.setOffline see every request the page makes (the worker's own offline behaviour has its
// own tests); the outbox's page-side triggers (submit, online, Try now) are what these tests drive.
test.use({ serviceWorkers: 'block' });

let jobs: FeaturedJob[];

test.beforeAll(async () => {
  jobs = await featuredJobs();
});

const applyUrl = (job: FeaturedJob) => `/jobs/${job.slug}/apply`;
const isApplyPost = (route: Route) =>
  route.request().method() === 'POST' && /\/api\/public\/jobs\/[^/]+\/apply/.test(route.request().url());

async function signInAndOpen(page: Page, job: FeaturedJob, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signInWithEmailLink(page, email, applyUrl(job));
  await expect(page).toHaveURL(new RegExp(`${applyUrl(job)}$`));
  await expect(stepHeading(page, 'Personal Info')).toBeVisible();
  return email;
}

test.describe('apply page', () => {
  test('a signed-out visitor sees the sign-in prompt; Continue with Email comes back to the apply page, query included', async ({
    page,
  }) => {
    const job = jobs[0]!;
    await page.goto(`${applyUrl(job)}?ref=newsletter`);
    await expect(page.getByRole('heading', { name: 'Sign in to apply for this position' })).toBeVisible();
    await expect(page.getByText('Save your progress and finish later')).toBeVisible();
    await expect(page.getByText('Auto-fill from your profile')).toBeVisible();
    await expect(page.getByText('Send a verified application')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    // The public job view is readable signed out: the header shows which job this is.
    await expect(page.getByTestId('apply-job-header')).toContainText(job.title);

    const email = uniqueEmail('apply-prompt');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Check your email for the login link').first()).toBeVisible();
    await page.getByRole('button', { name: 'Open my sign-in link' }).click();
    await expect(page).toHaveURL(new RegExp(`${applyUrl(job)}\\?ref=newsletter$`));
    await expect(page.getByRole('heading', { name: 'Sign in to apply for this position' })).toHaveCount(0);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  });

  test('an unknown job shows Application Error with the server message and Return to Home', async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail('apply-missing'), '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/jobs/no-such-job-anywhere/apply');
    await expect(page.getByText('Application Error')).toBeVisible();
    await expect(page.getByText('This job posting is not available or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/dashboard');
  });

  test('an unknown invitation token shows Application Error with Invalid token', async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail('apply-token'), '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${applyUrl(jobs[0]!)}?token=not-a-real-invitation-token`);
    await expect(page.getByText('Application Error')).toBeVisible();
    await expect(page.getByText('Invalid token')).toBeVisible();
  });

  test('the whole wizard: header, five steps, Enter never submits, Submit Application -> success screen and one application', async ({
    page,
  }) => {
    const job = withTypeAndLocation(jobs)[0]!;
    const email = await signInAndOpen(page, job, 'apply-whole');
    const header = page.getByTestId('apply-job-header');
    await expect(header.getByRole('heading', { name: job.title })).toBeVisible();
    await expect(header).toContainText(job.organization.name);
    await expect(header).toContainText(job.type);
    await expect(header).toContainText(job.location);

    // A public applicant's names start empty; the e-mail is the account's and cannot be changed.
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Graduation year')).toHaveAttribute('min', '2023');
    await expect(page.getByLabel('Graduation year')).toHaveAttribute('max', '2030');
    const stepNames = ['Personal Info', 'GitHub Profile', 'Hackathons', 'Resume', 'Job Details'];
    for (const name of stepNames) await expect(page.getByTestId('step-indicator')).toContainText(name);

    await fillPersonalInfo(page);
    await page.getByLabel('Major').press('Enter');
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await next(page, 'GitHub Profile');
    await page.getByLabel('GitHub username (optional)').press('Enter');
    await expect(stepHeading(page, 'GitHub Profile')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await next(page, 'GitHub Profile');
    await next(page, 'Hackathons');
    await next(page, 'Resume');
    await page.getByLabel('Resume file').setInputFiles(pdfFile());
    await next(page, 'Job Details');
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
    const coverLetter = page.getByLabel('Cover letter');
    await coverLetter.fill('First paragraph.');
    await coverLetter.press('End');
    await coverLetter.press('Enter');
    await coverLetter.pressSequentially('Second paragraph.');
    await expect(coverLetter).toHaveValue('First paragraph.\nSecond paragraph.');
    expect(await appliedJobIds(page)).toEqual([]);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    const success = page.getByTestId('application-success');
    await expect(success).toContainText(`Thank you for applying for ${job.title} at ${job.organization.name}.`);
    await expect(success).toContainText(`A confirmation email has been sent to ${email}.`);
    await expect(success.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/dashboard');
    expect(await appliedJobIds(page)).toEqual([job.id]);
    // The draft is gone once the server confirmed; a reload shows the success again, not an empty form.
    expect(await storedDraft(page, job.id)).toBeNull();
    await page.reload();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
  });

  test('each blocking message of the wizard', async ({ page }) => {
    const job = jobs[1 % jobs.length]!;
    await signInAndOpen(page, job, 'apply-blocking');

    // Required fields and the graduation year range (shared schema).
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('Graduation year is required')).toBeVisible();
    await fillPersonalInfo(page, { graduationYear: '2031' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Graduation year must be between 2023 and 2030')).toBeVisible();
    await page.getByLabel('Graduation year').fill('2026');
    await next(page, 'GitHub Profile');
    await next(page, 'Hackathons');

    // An unverified Devpost username blocks Next from the Hackathons step on.
    await page.getByLabel('Devpost username (optional)').fill('someone-unverified');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('step-error')).toHaveText('Please verify your Devpost username before continuing');
    await expect(stepHeading(page, 'Hackathons')).toBeVisible();
    await page.getByLabel('Devpost username (optional)').fill('');
    await next(page, 'Resume');

    // The Resume step: nothing chosen, not a PDF, too large.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('step-error')).toHaveText(
      'Please choose your profile resume or upload a new one to continue.',
    );
    await page
      .getByLabel('Resume file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please upload a PDF document only')).toBeVisible();
    await page.getByLabel('Resume file').setInputFiles(pdfFile('Huge.pdf', 5 * 1024 * 1024));
    await expect(page.getByText('File size must be less than 5MB')).toBeVisible();
    await expect(page.getByTestId('resume-file')).toHaveCount(0);
    // Drag and drop works as well as the file picker.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      const bytes = new TextEncoder().encode(
        '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      );
      transfer.items.add(new File([bytes], 'Dropped Resume.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await page.getByTestId('resume-dropzone').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByTestId('resume-file')).toContainText('Dropped Resume.pdf');
    await next(page, 'Job Details');

    // Submit with an empty cover letter: the field's message.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Cover letter is required')).toBeVisible();
    await page.getByLabel('Cover letter').fill('Hello.');
    await expect.poll(async () => (await storedDraft(page, job.id))?.answers.coverLetter).toBe('Hello.');

    // A draft left with an unverified Devpost username (e.g. by an older version) is caught at submit: back to step 2.
    await patchStoredDraft(page, job.id, { answers: { devpostUsername: 'not-verified-here' } });
    await page.reload();
    await expect(stepHeading(page, 'Job Details')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(stepHeading(page, 'Hackathons')).toBeVisible();
    await expect(page.getByTestId('step-error')).toHaveText('Please verify your Devpost username before submitting');

    // A draft without a resume is caught at submit with the alert. The page saves its move back to Hackathons (step
    // 2) first: patched before that save, the draft would be overwritten by it.
    await expect.poll(async () => (await storedDraft(page, job.id))?.step).toBe(2);
    await patchStoredDraft(page, job.id, { answers: { devpostUsername: '' }, resumeChoice: null, step: 4 });
    await page.reload();
    await expect(stepHeading(page, 'Job Details')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByTestId('submit-alert')).toHaveText(
      'Please upload a resume or select your profile resume before submitting.',
    );
    expect(await appliedJobIds(page)).toEqual([]);
  });

  test('the draft, PDF included, is restored after the page is closed and after the browser context is gone', async ({
    page,
    context,
    browser,
  }) => {
    const job = jobs[2 % jobs.length]!;
    await signInAndOpen(page, job, 'apply-draft');
    await fillPersonalInfo(page, { firstName: 'Grace', university: 'Concordia University' });
    await next(page, 'GitHub Profile');
    await next(page, 'Hackathons');
    await next(page, 'Resume');
    await page.getByLabel('Resume file').setInputFiles(pdfFile('Grace Resume.pdf', 4096));
    await expect
      .poll(async () => (await storedDraft(page, job.id))?.resumeChoice)
      .toEqual({
        kind: 'file',
        file: { name: 'Grace Resume.pdf', size: 4096 },
      });
    await expect.poll(async () => (await storedDraft(page, job.id))?.step).toBe(3);

    // Close the tab mid-form and open the page again.
    await page.close();
    const again = await context.newPage();
    await again.goto(applyUrl(job));
    await expect(stepHeading(again, 'Resume')).toBeVisible();
    await expect(again.getByTestId('resume-file')).toContainText('Grace Resume.pdf');

    // "Kill the browser": keep only what a browser keeps on disk (cookies, local storage, IndexedDB), then reopen.
    const state = await context.storageState({ indexedDB: true });
    await context.close();
    const reopened = await browser.newContext({ storageState: state, serviceWorkers: 'block' });
    const page2 = await reopened.newPage();
    await page2.goto(applyUrl(job));
    await expect(stepHeading(page2, 'Resume')).toBeVisible();
    await expect(page2.getByTestId('resume-file')).toContainText('Grace Resume.pdf');
    await page2.getByRole('button', { name: 'Back' }).click();
    await page2.getByRole('button', { name: 'Back' }).click();
    await page2.getByRole('button', { name: 'Back' }).click();
    await expect(page2.getByLabel('First name')).toHaveValue('Grace');
    await expect(page2.getByLabel('University')).toHaveValue('Concordia University');

    // The restored PDF is the one sent.
    await next(page2, 'GitHub Profile');
    await next(page2, 'Hackathons');
    await next(page2, 'Resume');
    await next(page2, 'Job Details');
    await page2.getByLabel('Cover letter').fill('Restored and sent.');
    await page2.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page2.getByText('Application Submitted!')).toBeVisible();
    expect(await appliedJobIds(page2)).toEqual([job.id]);
    await reopened.close();
  });

  test('submitted offline: Queued, then sent once the network is back, exactly one application', async ({
    page,
    context,
  }) => {
    const job = jobs[3 % jobs.length]!;
    await signInAndOpen(page, job, 'apply-offline');
    await fillWizardToJobDetails(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const status = page.getByTestId('submission-status');
    await expect(status).toHaveAttribute('data-status', 'queued');
    await expect(status.getByTestId('outbox-status')).toHaveText('Queued');
    await expect(status).toContainText("You're offline.");
    await expect(status.getByRole('button', { name: 'Cancel application' })).toBeVisible();

    await context.setOffline(false); // fires `online` in the page, which sends the outbox
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(await appliedJobIds(page)).toEqual([job.id]);
  });

  test('a queued application can be cancelled: the form comes back with the answers and, back online, nothing is sent', async ({
    page,
    context,
  }) => {
    const job = jobs[0]!;
    await signInAndOpen(page, job, 'apply-cancel');
    await fillWizardToJobDetails(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'queued');
    await page.getByRole('button', { name: 'Cancel application' }).click();
    await expect(stepHeading(page, 'Job Details')).toBeVisible();
    await expect(page.getByLabel('Cover letter')).toHaveValue(
      'I build reliable systems.\nI would love to join the team.',
    );
    await context.setOffline(false);
    // The outbox has had its chance to send: the runner's reply comes once a flush made with the network back ended.
    expect(await flushOutboxAndWait(page)).toEqual({ ran: true, pending: 0 });
    expect(await appliedJobIds(page)).toEqual([]);
    expect(await outboxEntries(page)).toEqual([]);
    await expect(stepHeading(page, 'Job Details')).toBeVisible();
  });

  test('20 send attempts with the network dropping at random (some after the server got them) give exactly one application', async ({
    page,
  }) => {
    const job = jobs[1 % jobs.length]!;
    await signInAndOpen(page, job, 'apply-flaky');
    await fillWizardToJobDetails(page);

    // A seeded sequence, so a failure can be replayed: 'before' = the request never arrives, 'after' = the server
    // handled it and the answer is lost, '503' = a proxy error. The 20th attempt goes through.
    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const kinds = Array.from({ length: 19 }, () => {
      const roll = random();
      return roll < 0.4 ? 'after' : roll < 0.8 ? 'before' : '503';
    });
    kinds[0] = 'after'; // at least one application reaches the server before any retry
    const keys = new Set<string>();
    let attempts = 0;
    await page.route(
      (url) => /\/api\/public\/jobs\/[^/]+\/apply/.test(url.pathname),
      async (route) => {
        if (!isApplyPost(route)) return route.continue();
        attempts += 1;
        keys.add(route.request().headers()['idempotency-key'] ?? '');
        const kind = kinds[attempts - 1] ?? 'pass';
        if (kind === 'before') return route.abort('connectionreset');
        if (kind === '503')
          return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
        const response = await route.fetch();
        if (kind === 'after') return route.abort('connectionreset');
        return route.fulfill({ response });
      },
    );

    await page.getByRole('button', { name: 'Submit Application' }).click();
    const status = page.getByTestId('submission-status');
    for (let attempt = 1; attempt < 20; attempt += 1) {
      // Settled: the device recorded this attempt's failure (the entry is queued again after `attempt` tries).
      await expect
        .poll(() => outboxEntries(page))
        .toEqual([expect.objectContaining({ status: 'queued', attempts: attempt })]);
      expect(attempts).toBe(attempt);
      await expect(status).toHaveAttribute('data-status', 'queued');
      expect(await appliedJobIds(page)).toEqual([job.id]);
      // Pressing Submit again is impossible now: the page shows the queued entry. Try now sends the same entry.
      await status.getByRole('button', { name: 'Try now' }).click();
    }
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(attempts).toBe(20);
    expect(keys.size).toBe(1);
    expect(await appliedJobIds(page)).toEqual([job.id]);
  });

  test('a refusal by the server shows Failed with its message, and Edit application returns to the form', async ({
    page,
  }) => {
    const job = jobs[2 % jobs.length]!;
    await signInAndOpen(page, job, 'apply-refused');
    await fillWizardToJobDetails(page);
    await page.route(
      (url) => /\/api\/public\/jobs\/[^/]+\/apply/.test(url.pathname),
      (route) =>
        isApplyPost(route)
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                error: 'Please verify your Devpost username before submitting',
                code: 'invalid_request',
                fields: { devpostUsername: 'Please verify your Devpost username before submitting' },
              }),
            })
          : route.continue(),
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const status = page.getByTestId('submission-status');
    await expect(status).toHaveAttribute('data-status', 'failed');
    await expect(status.getByTestId('outbox-status')).toHaveText('Failed');
    await expect(status.getByTestId('submission-error')).toHaveText(
      'Please verify your Devpost username before submitting',
    );
    await status.getByRole('button', { name: 'Edit application' }).click();
    await expect(stepHeading(page, 'Hackathons')).toBeVisible();
  });
});

test.describe('apply modes and prefill', () => {
  test('prefill from the profile (school -> university, program -> major) and the profile resume sent by reference', async ({
    page,
  }) => {
    const job = jobs[3 % jobs.length]!;
    await signInWithEmailLink(page, uniqueEmail('apply-prefill'), '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await updateProfile(page, {
      phone: '+1 438 555 0199',
      school: 'Université de Montréal',
      program: 'Software Engineering',
      graduationYear: '2028',
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      githubUsername: 'ada-lovelace',
    });
    const resume = await uploadProfileResume(page, 'Profile Resume.pdf');

    await page.goto(applyUrl(job));
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Phone number')).toHaveValue('+1 438 555 0199');
    await expect(page.getByLabel('University')).toHaveValue('Université de Montréal');
    await expect(page.getByLabel('Major')).toHaveValue('Software Engineering');
    await expect(page.getByLabel('Graduation year')).toHaveValue('2028');
    await expect(page.getByLabel('LinkedIn URL (optional)')).toHaveValue('https://www.linkedin.com/in/ada-lovelace');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await next(page, 'GitHub Profile');
    await expect(page.getByLabel('GitHub username (optional)')).toHaveValue('ada-lovelace');
    await next(page, 'Hackathons');
    await next(page, 'Resume');
    await page.getByText(`Use my profile resume (${resume.name})`).click();
    await next(page, 'Job Details');
    await page.getByLabel('Cover letter').fill('Sent with the resume from my profile.');
    const request = page.waitForRequest(
      (req) => req.method() === 'POST' && req.url().includes(`/jobs/${job.slug}/apply`),
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    const body = (await request).postDataJSON() as { resume: { id: string; url: string }; university: string };
    expect(body.resume).toEqual({ id: resume.id, url: '/profile/resume' });
    expect(body.university).toBe('Université de Montréal');
    expect(await appliedJobIds(page)).toEqual([job.id]);
  });

  test('private invitation: names from the token, sent with ?token, and refused for another e-mail', async ({
    page,
    browser,
  }) => {
    const job = jobs[0]!;
    const email = uniqueEmail('apply-invited');
    const invitation = await adminPost<{ token: string }>('invitations', {
      job: job.id,
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });

    // Someone else signed in (in another browser) cannot use it.
    const otherContext = await browser.newContext({ serviceWorkers: 'block' });
    const other = await otherContext.newPage();
    await signInWithEmailLink(other, uniqueEmail('apply-not-invited'), '/dashboard');
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.goto(`${applyUrl(job)}?token=${invitation.token}`);
    await expect(other.getByText('Application Error')).toBeVisible();
    await expect(other.getByText('This invitation was sent to another email address.')).toBeVisible();
    await otherContext.close();

    // The invited person: the prompt first (the token can only be read signed in), then the form with the names.
    await page.goto(`${applyUrl(job)}?token=${invitation.token}`);
    await expect(page.getByRole('heading', { name: 'Sign in to apply for this position' })).toBeVisible();
    await signInWithEmailLink(page, email, `${applyUrl(job)}?token=${invitation.token}`);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
    await expect(page.getByTestId('apply-job-header')).toContainText(job.title);
    await fillWizardToJobDetails(page);
    const request = page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/apply?token='));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(new URL((await request).url()).searchParams.get('token')).toBe(invitation.token);
    expect(await appliedJobIds(page)).toEqual([job.id]);
  });

  test('Continue with Google in the prompt: the prompt disappears and the invitation data loads', async ({
    page,
    context,
  }) => {
    await routeGapiStandIn(context);
    const job = jobs[1 % jobs.length]!;
    const email = uniqueEmail('apply-google');
    const invitation = await adminPost<{ token: string }>('invitations', {
      job: job.slug,
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
    });
    await page.goto(`${applyUrl(job)}?token=${invitation.token}`);
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await completeEmulatorPopup(await popupPromise, { email, displayName: 'Katherine Johnson' });
    await expect(page.getByRole('heading', { name: 'Sign in to apply for this position' })).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue('Katherine');
    await expect(page).toHaveURL(new RegExp(`\\?token=${invitation.token}$`));
  });

  test('shared link: sent with ?sharedId; a revoked link shows its message', async ({ page }) => {
    const job = jobs[2 % jobs.length]!;
    const link = await adminPost<{ id: string }>('shared-links', { job: job.id });
    await signInWithEmailLink(page, uniqueEmail('apply-shared'), `${applyUrl(job)}?sharedId=${link.id}`);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await fillWizardToJobDetails(page);
    const request = page.waitForRequest((req) => req.method() === 'POST' && req.url().includes('/apply?sharedId='));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(new URL((await request).url()).searchParams.get('sharedId')).toBe(link.id);
    expect(await appliedJobIds(page)).toEqual([job.id]);

    await adminPost(`shared-links/${link.id}/revoke`);
    await page.goto(`${applyUrl(job)}?sharedId=${link.id}`);
    await expect(page.getByText('Application Error')).toBeVisible();
    await expect(page.getByText('This link has been revoked.')).toBeVisible();
  });
});

test.describe('Background Sync', () => {
  test.use({ serviceWorkers: 'allow' });

  /**
   * Signs in on the apply page (controlled by the worker) and submits while the server is unreachable: Queued. The
   * apply endpoint stays unreachable until the test lifts the route.
   */
  async function queueWithSyncRegistered(
    page: Page,
    context: BrowserContext,
    job: FeaturedJob,
    label: string,
  ): Promise<void> {
    await signInAndOpen(page, job, label);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // the first worker does not claim open pages; the reloaded page is controlled
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await fillWizardToJobDetails(page);

    // The server cannot be reached (for the page and the worker alike) while the application is submitted.
    await context.route(
      (url) => /\/api\/public\/jobs\/[^/]+\/apply$/.test(url.pathname),
      (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()),
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'queued');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync?: { getTags: () => Promise<string[]> };
          };
          return (await registration.sync?.getTags()) ?? [];
        }),
      )
      .toContain('campus-jobs-outbox');
  }

  /** Fires the worker's sync event for the outbox tag through the DevTools protocol, as the browser would. */
  async function dispatchOutboxSync(page: Page, context: BrowserContext): Promise<void> {
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: Array<{ registrationId: string; isDeleted: boolean }> }) => {
          const live = registrations.find((registration) => !registration.isDeleted);
          if (live) resolve(live.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      tag: 'campus-jobs-outbox',
      lastChance: false,
    });
  }

  test('a queued application registers a sync; the service worker sync event makes the page send it', async ({
    page,
    context,
  }) => {
    const job = jobs[2 % jobs.length]!;
    await queueWithSyncRegistered(page, context, job, 'apply-sync');
    await context.unrouteAll({ behavior: 'wait' });
    // The network is back, but nothing on the page notices (no online event, the tab stays visible): the browser's
    // sync event is what sends the application.
    await dispatchOutboxSync(page, context);
    await expect(page.getByText('Application Submitted!')).toBeVisible();
    expect(await appliedJobIds(page)).toEqual([job.id]);
  });

  test('a page without the outbox runner answers the sync at once that it cannot send; the next app page sends', async ({
    page,
    context,
  }) => {
    const job = jobs[3 % jobs.length]!;
    await queueWithSyncRegistered(page, context, job, 'apply-sync-other-page');
    // The privacy page is public: the signed-in outbox runner is not mounted there.
    await page.goto('/privacy');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.evaluate(() => {
      const replies: unknown[] = [];
      (window as unknown as { outboxReplies: unknown[] }).outboxReplies = replies;
      // Records every reply the page posts on a port (the worker's flush request carries one).
      const post = MessagePort.prototype.postMessage as (this: MessagePort, ...args: unknown[]) => void;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        replies.push(args[0]);
        post.apply(this, args);
      } as MessagePort['postMessage'];
    });
    await dispatchOutboxSync(page, context);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { outboxReplies: unknown[] }).outboxReplies))
      .toContainEqual({ ran: false, pending: 1 });

    // Back online, a page of the signed-in app starts the runner, which sends the queued application.
    await context.unrouteAll({ behavior: 'wait' });
    await page.goto('/jobs/applied');
    await expect.poll(() => appliedJobIds(page)).toEqual([job.id]);
  });
});
