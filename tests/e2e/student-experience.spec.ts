import { expect, test, type Page } from './support/test.ts';
import {
  adminPost,
  featuredJobs,
  idToken,
  next,
  pdfFile,
  stepHeading,
  updateProfile,
  uploadProfileResume,
} from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// Issue 15, the student experience, against the real product: the profile's name where the student sees it, the
// wizard prefilled from the profile and saving back, the dashboard (applications, checklist), "Applied" on the board,
// "Posted within" in the URL, "Most relevant" for a typed search, and the way back from a job to the board.

const day = 86_400;
const now = Math.floor(Date.now() / 1000);

function listing(id: string, title: string, company: string, postedAgo: number): FeedListing {
  return feedListing({
    id: `issue15-${id}`,
    title,
    company_name: company,
    date_posted: now - postedAgo,
    url: `https://careers.example.com/issue15/${id}`,
  });
}

// "intern": the newer new-grad role at "... International" comes first in board order; the intern is more relevant.
const international = listing('international', 'Software Engineer, New Grad', 'Globex International', 2 * 3600);
const intern = listing('intern', 'Software Engineering Intern', 'Initech Labs', 3 * 3600);
const lastWeek = listing('last-week', 'Platform Developer Intern', 'Umbrella Works', 5 * day);
const ancient = listing('ancient', 'Legacy Systems Intern', 'Vandelay Industries', 200 * day);

test.beforeAll(async () => {
  await adminPost('ingest', {
    sources: [
      { name: 'issue15-internships.json', type: 'internship', records: [intern, lastWeek, ancient] },
      { name: 'issue15-new-grads.json', type: 'new-grad', records: [international] },
    ],
  });
});

async function api(page: Page, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${e2eEnv.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await idToken(page)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new student, signed in on the dashboard, named through the API (as onboarding does). */
async function signInNamed(page: Page, label: string, firstName = 'Maya', lastName = 'Tremblay'): Promise<string> {
  const email = uniqueEmail(label);
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const named = await api(page, 'PATCH', '/profile/name', { firstName, lastName });
  expect(named.status, await named.clone().text()).toBe(200);
  return email;
}

async function profileOf(page: Page): Promise<Record<string, unknown>> {
  const res = await api(page, 'GET', '/profile');
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const cardOf = (page: Page, id: string) => page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);

async function waitForLocalBoard(page: Page): Promise<void> {
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local', { timeout: 20_000 });
}

test.describe('the profile where the student sees it', () => {
  test('the dashboard greets the student by the profile name, and the sidebar shows it with its initials', async ({
    page,
  }) => {
    const email = await signInNamed(page, 'maya-greeting');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeVisible();
    const userBlock = page.getByTestId('sidebar').getByRole('button', { name: /Maya Tremblay/ });
    await expect(userBlock).toContainText('Maya Tremblay');
    await expect(userBlock).toContainText('MT');
    await expect(userBlock).toContainText(email);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(email.split('@')[0]!);
  });

  test('the student fixes their name on /account: rules checked, saved, shown everywhere; the e-mail stays read-only', async ({
    page,
  }) => {
    await signInNamed(page, 'maya-rename', 'Maya', 'Tremblya');
    await page.goto('/account');
    await expect(page.getByTestId('profile-full-name')).toHaveText('Maya Tremblya');
    await expect(page.getByLabel('Email')).not.toBeEditable();

    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('Last name').fill('Tr3mblay');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('field-lastName')).toContainText(
      'A name can only contain letters, spaces, hyphens and apostrophes',
    );
    expect((await profileOf(page)).lastName).toBe('Tremblya');

    await page.getByLabel('Last name').fill("  O'Neil-Tremblay ");
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name updated').first()).toBeVisible();
    // The success replaced the error toast for the name.
    await expect(page.getByText('Invalid name')).toHaveCount(0);
    await expect(page.getByTestId('profile-full-name')).toHaveText("Maya O'Neil-Tremblay");
    await expect(page.getByTestId('sidebar')).toContainText("Maya O'Neil-Tremblay");
    expect((await profileOf(page)).lastName).toBe("O'Neil-Tremblay");
    await page.reload();
    await expect(page.getByTestId('profile-full-name')).toHaveText("Maya O'Neil-Tremblay");
  });
});

test.describe('dashboard, wizard and board after applying', () => {
  test('the checklist links each missing item to its field; applying fills the summary and marks the job Applied', async ({
    page,
  }) => {
    await signInNamed(page, 'maya-dashboard');
    await updateProfile(page, { school: 'McGill University', program: 'Computer Science', phone: '+1 514 555 0199' });
    await page.goto('/dashboard');

    const checklist = page.getByTestId('dashboard-checklist');
    await expect(checklist.getByTestId('checklist-progress')).toHaveText('4 of 9 done');
    await expect(checklist.getByTestId('checklist-school')).toHaveAttribute('data-done', 'true');
    await expect(checklist.getByRole('link', { name: 'Upload your resume' })).toHaveAttribute(
      'href',
      '/account#field-resume',
    );
    const applications = page.getByTestId('dashboard-applications');
    await expect(applications).toContainText('No applications yet');

    await checklist.getByRole('link', { name: 'Add your graduation year' }).click();
    await expect(page).toHaveURL(/\/account#field-graduationYear$/);
    await expect(page.getByTestId('field-graduationYear')).toBeInViewport();

    // Apply to a featured job through the wizard, starting from what the profile holds.
    const job = (await featuredJobs())[0]!;
    await page.goto(`/jobs/${job.slug}/apply`);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expect(page.getByLabel('University')).toHaveValue('McGill University');
    await page.getByLabel('Graduation year').fill('2027');
    await next(page, 'GitHub Profile');
    await next(page, 'Hackathons');
    await next(page, 'Resume');
    await page.getByLabel('Resume file').setInputFiles(pdfFile('Maya Resume.pdf'));
    await next(page, 'Job Details');
    await page.getByLabel('Cover letter').fill('I build tools students use every day.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await profileOf(page)).graduationYear).toBe('2027');

    await page.goto('/dashboard');
    await expect(applications.getByTestId('application-status')).toHaveText('Applied');
    await expect(applications).toContainText(job.title);
    await expect(applications.getByTestId('applications-count')).toHaveText('1 application');
    // The graduation year typed in the wizard was saved back to the profile (the checkbox is on by default).
    await expect(checklist.getByTestId('checklist-progress')).toHaveText('5 of 9 done');
    await applications.getByRole('link', { name: 'See all in My Applications' }).click();
    await expect(page).toHaveURL(/\/jobs\/applied$/);

    // The board marks the job, and its page says so instead of offering to apply again.
    await page.goto('/jobs?type=featured');
    await expect(cardOf(page, job.id).getByTestId('job-applied')).toHaveText('Applied');
    await page.goto(`/jobs/${job.id}/`);
    await expect(page.getByRole('link', { name: 'Applied · see my applications' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for this position' })).toHaveCount(0);
  });

  test('a full profile prefills every wizard field and the profile resume; answers typed there are saved back', async ({
    page,
  }) => {
    await signInNamed(page, 'maya-wizard');
    await updateProfile(page, {
      phone: '+1 514 555 0142',
      school: 'Université de Montréal',
      program: 'Software Engineering',
      graduationYear: '2027',
      linkedinUrl: 'https://www.linkedin.com/in/maya-tremblay',
      portfolioUrl: 'https://maya.example.com',
      githubUsername: 'maya-t',
      skills: 'TypeScript, React',
    });
    const resume = await uploadProfileResume(page, 'Maya CV.pdf');
    const job = (await featuredJobs()).at(-1)!;

    await page.goto(`/jobs/${job.slug}/apply`);
    await expect(stepHeading(page, 'Personal Info')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expect(page.getByLabel('Last name')).toHaveValue('Tremblay');
    await expect(page.getByLabel('Phone number')).toHaveValue('+1 514 555 0142');
    await expect(page.getByLabel('University')).toHaveValue('Université de Montréal');
    await expect(page.getByLabel('Major')).toHaveValue('Software Engineering');
    await expect(page.getByLabel('Graduation year')).toHaveValue('2027');
    await expect(page.getByLabel(/LinkedIn/)).toHaveValue('https://www.linkedin.com/in/maya-tremblay');
    await expect(page.getByLabel(/Portfolio/)).toHaveValue('https://maya.example.com');

    await page.getByLabel('Phone number').fill('+1 438 555 0177');
    await next(page, 'GitHub Profile');
    await expect(page.getByLabel(/GitHub username/)).toHaveValue('maya-t');
    await next(page, 'Hackathons');
    await next(page, 'Resume');
    await expect(page.getByRole('radio', { name: new RegExp(resume.name) })).toBeChecked();
    await next(page, 'Job Details');
    await page.getByLabel('Cover letter').fill('Prefilled from my profile, and glad of it.');
    await expect(page.getByTestId('save-to-profile').getByRole('checkbox')).toBeChecked();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted!')).toBeVisible({ timeout: 20_000 });

    await expect.poll(async () => (await profileOf(page)).phone).toBe('+1 438 555 0177');
    const profile = await profileOf(page);
    expect(profile).toMatchObject({ school: 'Université de Montréal', firstName: 'Maya', graduationYear: '2027' });
    expect(profile.appliedJobs).toContain(job.id);
  });
});

test.describe('the board', () => {
  test('"Posted within" lives in the URL, survives a reload, and old listings say they may be closed', async ({
    page,
  }) => {
    await signInNamed(page, 'maya-posted');
    await page.goto('/jobs?q=Legacy%20Systems%20Intern');
    await waitForLocalBoard(page);
    const old = cardOf(page, ancient.id);
    await expect(old.getByTestId('job-may-be-closed')).toBeVisible();
    await expect(old.locator('time')).toHaveText(/^Posted 6 months ago$/);

    await page.goto('/jobs?q=Intern');
    await waitForLocalBoard(page);
    await page.getByTestId('job-posted-filter').selectOption('7d');
    await expect(page).toHaveURL(/[?&]posted=7d(&|$)/);
    await expect(cardOf(page, lastWeek.id)).toBeVisible();
    await expect(cardOf(page, ancient.id)).toHaveCount(0);

    await page.getByTestId('job-posted-filter').selectOption('24h');
    await expect(page).toHaveURL(/[?&]posted=24h(&|$)/);
    await expect(cardOf(page, lastWeek.id)).toHaveCount(0);
    await expect(cardOf(page, intern.id)).toBeVisible();
    await expect(cardOf(page, intern.id).locator('time')).toHaveText('Posted today');

    await page.reload();
    await expect(page.getByTestId('job-posted-filter')).toHaveValue('24h');
    await expect(cardOf(page, lastWeek.id)).toHaveCount(0);
    await page.getByTestId('job-posted-filter').selectOption('');
    await expect(page).not.toHaveURL(/posted=/);
  });

  test('"Most relevant" ranks "Software Engineering Intern" above a new-grad role at "... International" for "intern"', async ({
    page,
  }) => {
    await signInNamed(page, 'maya-relevance');
    await page.goto('/jobs');
    await waitForLocalBoard(page);
    await expect(page.getByTestId('job-sort').locator('option[value="relevant"]')).toHaveCount(0);
    await page.getByTestId('job-search').fill('intern');
    await expect(page).toHaveURL(/[?&]q=intern/);

    const order = async () => {
      const ids = await page
        .getByTestId('job-card')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-job-id')));
      return { intern: ids.indexOf(intern.id), international: ids.indexOf(international.id) };
    };
    // Board order: the newer listing first.
    await expect.poll(async () => (await order()).international).toBeGreaterThan(-1);
    const boardOrder = await order();
    expect(boardOrder.international).toBeLessThan(boardOrder.intern);

    await page.getByTestId('job-sort').selectOption('relevant');
    await expect(page).toHaveURL(/[?&]sort=relevant/);
    await expect
      .poll(async () => {
        const { intern: i, international: n } = await order();
        return i > -1 && (n === -1 || i < n);
      })
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId('job-sort')).toHaveValue('relevant');
  });

  test('"Back to jobs" returns to the board with its filters and its scroll position', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 640 });
    await signInNamed(page, 'maya-back');
    await page.goto('/jobs?type=featured&posted=6m');
    await waitForLocalBoard(page);
    const cards = page.getByTestId('job-card');
    await expect(cards.first()).toBeVisible();
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await last.getByRole('link').first().click();
    await expect(page.getByTestId('job-detail')).toBeVisible();

    await page.getByTestId('back-to-jobs').click();
    await expect(page).toHaveURL(/\/jobs\?type=featured&posted=6m$/);
    // A phone shows the filters as chips (the selects are in the filter sheet).
    await expect(page.getByTestId('job-filter-chip')).toHaveText(['Featured', 'Last 6 months']);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);

    // Opened from an address instead, the link still leads to the board with the last filters.
    await page.goto(`/jobs/${(await featuredJobs())[0]!.id}/`);
    await expect(page.getByTestId('back-to-jobs')).toHaveAttribute('href', '/jobs?type=featured&posted=6m');
  });
});
