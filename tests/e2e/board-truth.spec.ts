import { expect, test, type Page } from './support/test.ts';
import { adminPost, featuredJobs, stepHeading } from './support/apply.ts';
import { signInSecondDevice, signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// The board that tells the truth: places filed from every spelling, saved jobs that follow the student across
// devices (saved offline, sent when back online), and public job links a visitor can open and apply from.

const newest = Math.floor(Date.now() / 1000) - 86_400;
let sequence = 0;

function listing(title: string, locations: string[], extra: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    id: `e2e-truth-${sequence}`,
    title,
    company_name: 'Spelling Labs',
    locations,
    category: 'Software',
    terms: ['Summer 2027'],
    degrees: ['Bachelor'],
    date_posted: newest - sequence * 60,
    date_updated: newest - sequence * 60,
    url: `https://careers.example.com/truth/${sequence}`,
    active: true,
    ...extra,
  };
}

// Toronto and Vancouver as the two feeds write them; the issue found most of these filed under USA.
const toronto = [
  listing('Spelling Toronto Full', ['Toronto, ON, Canada']),
  listing('Spelling Toronto Code', ['Toronto, ON, CA']),
  listing('Spelling Toronto Country', ['Toronto, Canada']),
  listing('Spelling Toronto Bare', ['Toronto']),
];
const vancouver = [
  listing('Spelling Vancouver Short', ['Vancouver, BC']),
  listing('Spelling Vancouver Full', ['Vancouver, BC, Canada']),
  listing('Spelling Vancouver Alias', ['Vancouver, British Columbia, CAN']),
];
const others = [
  listing('Spelling Remote US', ['Remote in USA']),
  listing('Spelling Closed', ['Toronto, ON, Canada'], { active: false }),
];
const newGrads = [
  listing('Spelling Waterloo Feed', ['Waterloo, ON'], {
    normalized_locations: [
      {
        raw: 'Waterloo, ON',
        normalized: { city: 'Waterloo', region: 'Ontario', region_code: 'ON', country: 'Canada', country_code: 'CA' },
        type: 'hybrid',
      },
    ],
  }),
];

async function ingest(internships: ReturnType<typeof listing>[]): Promise<void> {
  await adminPost('ingest', {
    sources: [
      { name: 'e2e-truth-internships.json', type: 'internship', records: internships },
      { name: 'e2e-truth-new-grads.json', type: 'new-grad', records: newGrads },
    ],
  });
}

test.beforeAll(async () => {
  await ingest([...toronto, ...vancouver, ...others]);
});

const cards = (page: Page) => page.getByTestId('job-card');
const resultCount = (page: Page) => page.getByTestId('job-results-count');

async function openBoard(page: Page, query = ''): Promise<void> {
  await page.goto(`/jobs${query}`);
  await expect(resultCount(page)).toHaveAttribute('data-source', 'local');
}

test('picking Canada finds the Toronto and Vancouver jobs of every spelling, with counts', async ({ page }) => {
  await signInWithEmailLink(page, uniqueEmail('truth-places'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await openBoard(page, '?q=%5ESpelling');
  const country = page.getByLabel('Country', { exact: true });
  // Only real countries are offered; no state or province code among them.
  const countryOptions = await country.locator('option').allTextContents();
  expect(countryOptions.some((option) => /^(ON|BC|CA|CAN|USA|AZ|NY)\b/.test(option))).toBe(false);
  expect(countryOptions).toContain('Canada (8)');
  expect(countryOptions).toContain('United States (1)');

  await country.selectOption('Canada');
  await expect(resultCount(page)).toHaveText('8 jobs');
  await page.getByLabel('State / province', { exact: true }).selectOption('Ontario');
  await page.getByLabel('City', { exact: true }).selectOption('Toronto');
  await expect(resultCount(page)).toHaveText('4 jobs');
  for (const job of toronto) await expect(cards(page).filter({ hasText: job.title })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: 'Spelling Closed' })).toHaveCount(0);

  await page.getByLabel('State / province', { exact: true }).selectOption('British Columbia');
  await page.getByLabel('City', { exact: true }).selectOption('Vancouver');
  await expect(resultCount(page)).toHaveText('3 jobs');
  for (const job of vancouver) await expect(cards(page).filter({ hasText: job.title })).toHaveCount(1);

  // The work mode: the new-grad feed's hybrid Waterloo job, and the remote US one.
  await page.getByLabel('Country', { exact: true }).selectOption('');
  await page.getByLabel('Work mode', { exact: true }).selectOption('hybrid');
  await expect(resultCount(page)).toHaveText('1 job');
  await expect(cards(page).first()).toContainText('Spelling Waterloo Feed');
  await page.getByLabel('Work mode', { exact: true }).selectOption('remote');
  await expect(cards(page).first()).toContainText('Spelling Remote US');
  await expect(page).toHaveURL(/mode=remote/);
});

test('a job saved offline is sent once back online and shows on a second device of the same account', async ({
  browser,
}) => {
  // Service workers blocked: setOffline then cuts every request of the page for real.
  const first = await browser.newContext({ serviceWorkers: 'block' });
  const page = await first.newPage();
  const email = uniqueEmail('truth-saved');
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openBoard(page, '?q=%5ESpelling%20Vancouver%20Full');
  await expect(cards(page)).toHaveCount(1);
  // Opened once online, so its code is loaded before going offline.
  await page.goto('/jobs/saved');
  await expect(page.getByTestId('saved-jobs-empty')).toBeVisible();
  await openBoard(page, '?q=%5ESpelling%20Vancouver%20Full');

  await first.setOffline(true);
  const save = cards(page).first().getByTestId('job-save');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveAccessibleName('Remove Spelling Vancouver Full from saved jobs');
  // The Saved view works offline, from the device copy, and says the change is waiting.
  await page.getByTestId('saved-jobs-link').click();
  await expect(cards(page).filter({ hasText: 'Spelling Vancouver Full' })).toHaveCount(1);
  await expect(page.getByTestId('saved-jobs-pending')).toBeVisible();

  // The other device does not have it yet.
  const second = await signInSecondDevice(browser, email);
  await second.page.goto('/jobs/saved');
  await expect(second.page.getByTestId('saved-jobs-empty')).toBeVisible();

  // Back online: the change is sent (the page listens for the online event).
  await first.setOffline(false);
  await expect(page.getByTestId('saved-jobs-pending')).toHaveCount(0);

  await second.page.reload();
  await expect(second.page.getByTestId('job-card').filter({ hasText: 'Spelling Vancouver Full' })).toHaveCount(1);

  // The listing leaves its feed: it stays in the Saved list, marked closed, and is off the board.
  await ingest([...toronto, ...vancouver.filter((job) => job.title !== 'Spelling Vancouver Full'), ...others]);
  await second.page.reload();
  const closedCard = second.page.getByTestId('job-card').filter({ hasText: 'Spelling Vancouver Full' });
  await expect(closedCard.getByTestId('job-closed')).toHaveText('Closed');
  await expect(closedCard).toHaveAttribute('data-closed', 'true');

  // Unsaved on the second device: gone on the first once it syncs again.
  await second.page.getByTestId('job-save').first().click();
  await expect(second.page.getByTestId('saved-jobs-empty')).toBeVisible();
  await expect(second.page.getByTestId('saved-jobs-pending')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('saved-jobs-empty')).toBeVisible();

  await second.context.close();
  await first.close();
});

test('a visitor opens a public job link, reads the job, and is led through sign-in to the apply wizard', async ({
  page,
}) => {
  const [job] = await featuredJobs();
  // The server's HTML already holds the job and its structured data.
  const html = await (await fetch(`${e2eEnv.baseUrl}/jobs/${job!.slug}`)).text();
  expect(html).toContain('"@type":"JobPosting"');
  expect(html).toContain(`<h1>${job!.title.replace(/&/g, '&amp;')}</h1>`);

  await page.goto(`/jobs/${job!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: job!.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(job!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByTestId('job-detail-save')).toHaveCount(0);
  await page.getByRole('link', { name: 'Apply for this position' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job!.slug}/apply$`));
  await expect(page.getByRole('heading', { name: 'Sign in to apply for this position' })).toBeVisible();

  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel(/email/i).fill(uniqueEmail('truth-visitor'));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Check your email for the login link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open my sign-in link' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job!.slug}/apply$`));
  await expect(stepHeading(page, 'Personal Info')).toBeVisible();
});
