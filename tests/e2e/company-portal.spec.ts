import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails, stepHeading } from './support/apply.ts';
import {
  createOrganization,
  joinOrganization,
  linkIn,
  postJob,
  uniqueCompanyEmail,
  waitForMail,
} from './support/company.ts';

const resumesDir = path.resolve('tests/fixtures/resumes');

// The company portal on the real product: the operator's command, the portal's sign-in (Auth emulator), posting a
// job, a student applying on the board, the pipeline seen from both sides, invitations by CSV, closing a job.
test.use({ serviceWorkers: 'block' });
test.setTimeout(180_000);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

/**
 * The jobs matching `title` on a freshly loaded board, once the list shows the app's own results: until then a
 * returning student sees the picture of the cards the app last showed (inert, without test ids), which would count as
 * none.
 */
async function boardCount(page: Page, title: string): Promise<number> {
  await page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /local|remote/);
  return page.getByTestId('job-card').filter({ hasText: title }).count();
}

/** The student finds the job on the board by its title (the board follows the server's version within seconds). */
async function findOnBoard(page: Page, title: string): Promise<void> {
  await expect
    .poll(() => boardCount(page, title), {
      message: `"${title}" on the board`,
      timeout: 30_000,
      intervals: [1000, 2000],
    })
    .toBe(1);
}

async function applyFromBoard(page: Page, title: string): Promise<void> {
  await page.getByTestId('job-card').filter({ hasText: title }).getByRole('link').first().click();
  await page.getByRole('link', { name: 'Apply for this position' }).first().click();
  // A resume with text (one of the labelled resumes): the portal highlights the job's skills in it.
  await fillWizardToJobDetails(page, {
    name: 'Ada Resume.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(path.join(resumesDir, '25-en-one.pdf')),
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted!')).toBeVisible();
}

test('the whole loop: operator, owner, teammate, student, status e-mail, withdrawal', async ({ browser }) => {
  const organization = `Acme Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('owner');
  const teammateEmail = uniqueCompanyEmail('teammate');
  const studentEmail = uniqueEmail('portal-student');
  const title = `Robotics Software Intern ${Date.now()}`;

  // The operator creates the organization; its owner joins through the printed link.
  const ownerJoin = createOrganization(organization, ownerEmail);
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, ownerJoin, organization, { throughSignInPage: true });
  await expect(owner.getByText('No jobs yet')).toBeVisible();

  // The owner invites a teammate by e-mail.
  await owner.getByRole('link', { name: 'Members' }).click();
  await owner.getByLabel('E-mail').fill(teammateEmail);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByTestId('member-invitation').filter({ hasText: teammateEmail })).toBeVisible();
  const teammateJoin = linkIn(await waitForMail(teammateEmail, /company\/join\//), /\/company\/join\//);

  // The owner posts a public job.
  const jobId = await postJob(owner, { title, skills: ['TypeScript', 'Robotics'] });

  // A student finds it on the board and applies.
  const student = await newPage(browser);
  await signInWithEmailLink(student, studentEmail, '/jobs');
  await expect(student).toHaveURL(/\/jobs$/);
  await findOnBoard(student, title);
  await applyFromBoard(student, title);

  // The teammate joins, opens the applicant, reads the resume and moves them to interview.
  const teammate = await newPage(browser);
  await joinOrganization(teammate, teammateEmail, teammateJoin, organization);
  await teammate.getByTestId('company-job').filter({ hasText: title }).getByRole('link').click();
  await expect(teammate).toHaveURL(new RegExp(`/company/jobs/${jobId}$`));
  const row = teammate.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toContainText('McGill University');
  await expect(row.getByTestId('applied-badge')).toHaveText('Applied');
  await row.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(teammate.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(teammate.getByTestId('cover-letter')).toContainText('I build reliable systems.');
  await expect(teammate.getByTestId('answers')).toContainText(studentEmail);
  // "0 of 2" only for a profile that lists skills; one that lists none is not counted against the student.
  await expect(teammate.getByTestId('match-explained')).toContainText('2 required');
  // The resume drawn page by page (phones do not show a PDF in a frame), the job's skills marked where they appear;
  // it loads when it is about to be scrolled into view.
  await teammate.getByTestId('resume').scrollIntoViewIfNeeded();
  await expect(teammate.getByTestId('resume-page').first()).toBeVisible();
  await expect(teammate.getByTestId('resume-skills-found')).toContainText(
    /Required skills in the resume: TypeScript \(\d+\)/,
  );
  await teammate.setViewportSize({ width: 375, height: 812 });
  await expect(teammate.getByTestId('resume-page').first()).toBeVisible();
  expect((await teammate.getByTestId('resume-page').first().boundingBox())!.width).toBeLessThanOrEqual(375);
  await teammate.getByTestId('resume').screenshot({ path: 'test-results/screens/resume-viewer-en-375.png' });
  await teammate.setViewportSize({ width: 1280, height: 900 });
  // Moves are silent unless the member chooses to tell the student.
  await teammate.getByTestId('status-select').selectOption('interview');
  await teammate.getByTestId('message-select').selectOption('status');
  await teammate.getByRole('button', { name: 'Update status' }).click();
  await expect(teammate.getByText('The student was told by e-mail.')).toBeVisible();
  await expect(teammate.getByTestId('application-status').first()).toHaveText('Interview');
  await expect(teammate.getByTestId('history-entry').first()).toContainText('Applied → Interview');

  // The student sees Interview on My Applications and got an e-mail.
  await student.goto('/jobs/applied');
  const card = student.getByTestId('application-card').filter({ hasText: title });
  await expect(card.getByTestId('application-status')).toHaveText('Interview');
  await expect(card.getByTestId('application-dates')).toContainText('Applied');
  await waitForMail(studentEmail, /Interview/);

  // The student looks at what they sent, then withdraws.
  await card.getByRole('button', { name: 'View application' }).click();
  const dialog = student.getByRole('dialog');
  await expect(dialog.getByTestId('submission-cover-letter')).toContainText('I build reliable systems.');
  await expect(dialog.getByTestId('resume-frame')).toHaveAttribute('src', /^blob:/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Withdraw' }).click();
  await student.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(card.getByTestId('application-status')).toHaveText('Withdrawn');
  await expect(card.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  // One card for the job: the device's sent copy of the application does not come back as "Applied", reload or not.
  await expect(student.getByTestId('pending-applications')).toHaveCount(0);
  await student.reload();
  await expect(card.getByTestId('application-status')).toHaveText('Withdrawn');
  await expect(student.getByTestId('pending-applications')).toHaveCount(0);
  await expect(student.getByTestId('application-card').filter({ hasText: title })).toHaveCount(1);

  // The company sees it withdrawn, and can no longer move it.
  await teammate.reload();
  await expect(teammate.getByTestId('application-status').first()).toHaveText('Withdrawn');
  await expect(teammate.getByText('The student withdrew this application.')).toBeVisible();
  await teammate.goto(`/company/jobs/${jobId}`);
  await expect(
    teammate.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByTestId('application-status'),
  ).toHaveText('Withdrawn');
});

test('job invitations by CSV: sent, then opened, then applied', async ({ browser }) => {
  const organization = `Invite Labs ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('inviter');
  const studentEmail = uniqueEmail('invited-student');
  const title = `Private Data Intern ${Date.now()}`;
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const jobId = await postJob(owner, { title, visibility: 'Private' });

  await owner.getByRole('tab', { name: 'Invitations' }).click();
  // A French spreadsheet's export: its own column order, a stray quote, and more than the 500 people a request
  // takes (sent in two batches; the problems keep the file's line numbers).
  const others = Array.from(
    { length: 505 },
    (_, index) => `Classmate;Number ${index};classmate-${index}-${Date.now()}@example.test`,
  );
  await owner.getByTestId('invitations-file').setInputFiles({
    name: 'invitations.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'nom;prénom;courriel',
        `Hopper;Grace;${studentEmail}`,
        'Row;Bad;not-an-email',
        '"Broken;Quote;x',
        ...others,
      ].join('\r\n'),
    ),
  });
  await expect(owner.getByLabel('E-mails (CSV)')).toHaveValue(new RegExp(studentEmail.replace(/[.+]/g, '\\$&')));
  await owner.getByRole('button', { name: 'Send invitations' }).click();
  await expect(owner.getByText('506 invitations sent')).toBeVisible();
  await expect(owner.getByTestId('invitations-problems')).toContainText(
    'Line 3: “not-an-email” is not a valid e-mail address',
  );
  await expect(owner.getByTestId('invitations-problems')).toContainText(
    'Line 4 could not be read (check its quotes): “"Broken;Quote;x”',
  );
  await expect(owner.getByTestId('job-invitation')).toHaveCount(506);
  const invitation = owner.getByTestId('job-invitation').filter({ hasText: studentEmail });
  await expect(invitation.getByTestId('invitation-status')).toHaveText('Sent');

  // The student opens the private link from the e-mail: the job's apply page with the invitation's token, where the
  // form starts with the names from the CSV.
  const link = linkIn(await waitForMail(studentEmail, /\/apply\?token=/), /\/apply\?token=/);
  expect(link).toMatch(new RegExp(`^/jobs/${jobId}/apply\\?token=[^&]+$`));
  const student = await newPage(browser);
  await signInWithEmailLink(student, studentEmail, link);
  await expect(stepHeading(student, 'Personal Info')).toBeVisible();
  await expect(student.getByLabel('First name')).toHaveValue('Grace');
  await expect(student.getByLabel('Last name')).toHaveValue('Hopper');
  await owner.reload();
  await owner.getByRole('tab', { name: 'Invitations' }).click();
  await expect(invitation.getByTestId('invitation-status')).toHaveText('Opened');

  // ...and applies.
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();
  await owner.reload();
  await owner.getByRole('tab', { name: 'Invitations' }).click();
  await expect(invitation.getByTestId('invitation-status')).toHaveText('Applied');
  await owner.getByRole('tab', { name: /Applicants/ }).click();
  await expect(owner.getByTestId('applicant-row')).toHaveCount(1);
  expect(owner.url()).toContain(jobId);
});

test('a closed job disappears from the board, and comes back when reopened', async ({ browser }) => {
  const organization = `Closing Co ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('closer');
  const title = `Short Lived Internship ${Date.now()}`;
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  await postJob(owner, { title });

  const student = await newPage(browser);
  await signInWithEmailLink(student, uniqueEmail('board-watcher'), '/jobs');
  await expect(student).toHaveURL(/\/jobs$/);
  await findOnBoard(student, title);

  await owner.getByTestId('job-status-action').click(); // Stop accepting applications, after a confirmation
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Stop accepting applications' }).click();
  await expect(owner.getByTestId('job-status')).toHaveText('Closed');
  // The retention period starts: the page says when the applicants' details go (a year from today by default).
  const removal = new Date(Date.now() + 365 * 86_400_000);
  const removalDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(removal);
  await expect(owner.getByTestId('job-data-removal')).toContainText(
    `Applicants' resumes and details are removed on ${removalDay}`,
  );
  await expect
    .poll(() => boardCount(student, title), {
      message: 'the closed job leaves the board',
      timeout: 30_000,
      intervals: [1000, 2000],
    })
    .toBe(0);

  await owner.getByTestId('job-status-action').click(); // Reopen
  await expect(owner.getByTestId('job-status')).toHaveText('Published');
  await expect(owner.getByTestId('job-data-removal')).toHaveCount(0);
  await findOnBoard(student, title);
});

test('"Go to Company Portal" on /sign-in leads to the portal’s own sign-in; a student there is told they have no access', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'I represent a company - Go to Company Portal' }).click();
  await expect(page).toHaveURL(/\/company\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company Portal' })).toBeVisible();

  const email = uniqueEmail('not-a-member');
  await signInWithEmailLink(page, email, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/company');
  await expect(page.getByTestId('company-no-access')).toContainText(`${email} is not a member of any organization`);
  await page.goto('/company/jobs/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('company-no-access')).toBeVisible();
});
