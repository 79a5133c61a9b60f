import { expect, test, type Page } from './support/test.ts';
import { adminPost, featuredJobs } from './support/apply.ts';
import { signInSecondDevice, signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// "Not interested": a student hides a job from its card or its page (Undo in the toast), finds it under Dismissed and
// restores it; the job stays hidden offline and on their other devices.

const newest = Math.floor(Date.now() / 1000) - 86_400;
const listings: FeedListing[] = ['Alpha', 'Beta', 'Gamma'].map((name, index) =>
  feedListing({
    id: `e2e-dismissed-${index}`,
    title: `Uninteresting ${name} Intern`,
    company_name: 'Dismiss Labs',
    date_posted: newest - index * 60,
    url: `https://careers.example.com/dismissed/${index}`,
  }),
);
const [alpha, beta] = listings as [FeedListing, FeedListing];
// One job posted in two cities: one card, and dismissing it hides both postings.
const delta = (id: string, city: string) =>
  feedListing({
    id,
    title: 'Uninteresting Delta Intern',
    company_name: 'Dismiss Labs',
    locations: [city],
    date_posted: newest - 600,
    url: `https://careers.example.com/dismissed/${id}`,
  });
listings.push(
  delta('e2e-dismissed-delta-1', 'Toronto, ON, Canada'),
  delta('e2e-dismissed-delta-2', 'Vancouver, BC, Canada'),
);

async function ingest(records: FeedListing[]): Promise<void> {
  await adminPost('ingest', { sources: [{ name: 'e2e-dismissed-internships.json', type: 'internship', records }] });
}

test.beforeAll(async () => {
  await ingest(listings);
});

const cards = (page: Page) => page.getByTestId('job-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const boardQuery = '?q=%5EUninteresting';

async function openBoard(page: Page): Promise<void> {
  await page.goto(`/jobs${boardQuery}`);
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local');
}

test('dismiss from a card, undo from the toast, dismiss again offline: hidden here, on a second device, and restored', async ({
  browser,
}) => {
  // Two devices, two sign-ins and two board downloads: 50-60 s measured on two busy cores.
  test.slow();
  // Service workers blocked: setOffline then cuts every request of the page for real.
  const first = await browser.newContext({ serviceWorkers: 'block' });
  const page = await first.newPage();
  const email = uniqueEmail('dismissed');
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Opened once online, so its code is loaded before going offline.
  await page.goto('/jobs/dismissed');
  await expect(page.getByTestId('dismissed-jobs-empty')).toBeVisible();
  await openBoard(page);
  await expect(page.getByTestId('job-results-count')).toHaveText('4 jobs');
  await expect(page.getByTestId('job-hidden-count')).toHaveCount(0);

  // Dismissed, then undone from the toast: the job is back in its place.
  const dismiss = card(page, alpha.title).getByRole('button', { name: `Not interested in ${alpha.title}` });
  await expect(dismiss).toHaveCSS('min-width', '44px');
  await expect(dismiss).toHaveCSS('min-height', '44px');
  await dismiss.click();
  await expect(card(page, alpha.title)).toHaveCount(0);
  await expect(page.getByTestId('job-results-count')).toHaveText('3 jobs');
  await expect(page.getByTestId('job-hidden-count')).toHaveText(/^1 hidden as not interested\s*·\s*Show$/);
  await expect(page.getByText('Hidden from your board')).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(card(page, alpha.title)).toHaveCount(1);
  await expect(page.getByTestId('job-results-count')).toHaveText('4 jobs');
  await expect(page.getByTestId('job-hidden-count')).toHaveCount(0);

  // The card of a job posted in two cities goes whole: no card for its other posting.
  await expect(card(page, 'Uninteresting Delta Intern')).toHaveCount(1);
  await card(page, 'Uninteresting Delta Intern').getByTestId('job-dismiss').click();
  await expect(card(page, 'Uninteresting Delta Intern')).toHaveCount(0);
  await expect(page.getByTestId('job-results-count')).toHaveText('3 jobs');
  await expect(page.getByTestId('job-hidden-count')).toHaveText(/^1 hidden as not interested/);
  await page.getByRole('button', { name: 'Undo', exact: true }).last().click();
  await expect(card(page, 'Uninteresting Delta Intern')).toHaveCount(1);
  await expect(page.getByTestId('job-results-count')).toHaveText('4 jobs');

  // Offline: dismissed for good this time, and the Dismissed list (from the device) has it, waiting to sync.
  await first.setOffline(true);
  await card(page, beta.title)
    .getByRole('button', { name: `Not interested in ${beta.title}` })
    .click();
  await expect(card(page, beta.title)).toHaveCount(0);
  await expect(page.getByTestId('job-results-count')).toHaveText('3 jobs');
  await page.getByTestId('job-hidden-count').getByRole('link').click();
  await expect(page).toHaveURL(/\/jobs\/dismissed$/);
  await expect(card(page, beta.title)).toHaveCount(1);
  await expect(page.getByTestId('dismissed-jobs-pending')).toBeVisible();
  // Back to the board, still offline: still hidden.
  await page.goBack();
  await expect(page.getByTestId('job-results-count')).toHaveText('3 jobs');
  await expect(card(page, beta.title)).toHaveCount(0);

  // The other device does not know yet.
  const second = await signInSecondDevice(browser, email);
  await openBoard(second.page);
  await expect(card(second.page, beta.title)).toHaveCount(1);

  // Back online: the change is sent (the page listens for the online event), and the second device follows.
  await first.setOffline(false);
  await page.goto('/jobs/dismissed');
  await expect(card(page, beta.title)).toHaveCount(1);
  await expect(page.getByTestId('dismissed-jobs-pending')).toHaveCount(0);
  await second.page.reload();
  await expect(second.page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local');
  await expect(card(second.page, beta.title)).toHaveCount(0);
  await expect(second.page.getByTestId('job-results-count')).toHaveText('3 jobs');

  // The listing leaves its feed: still listed under Dismissed, marked closed.
  await ingest(listings.filter((listing) => listing !== beta));
  await second.page.goto('/jobs/dismissed');
  const closed = card(second.page, beta.title);
  await expect(closed.getByTestId('job-closed')).toHaveText('Closed');
  // Restored on the second device: gone from the list, and from the first device's list once it syncs.
  await closed.getByRole('button', { name: `Restore ${beta.title} to your board` }).click();
  await expect(second.page.getByTestId('dismissed-jobs-empty')).toBeVisible();
  await expect(second.page.getByTestId('dismissed-jobs-pending')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('dismissed-jobs-empty')).toBeVisible();

  await ingest(listings);
  await second.context.close();
  await first.close();
});

test('in French: « Pas intéressé » on a job page, Annuler in the toast, then Rétablir under Offres masquées', async ({
  page,
  context,
}) => {
  const [job] = await featuredJobs();
  await signInWithEmailLink(page, uniqueEmail('dismissed-fr'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.addCookies([{ name: 'locale', value: 'fr', url: page.url() }]);

  await page.goto(`/jobs/${job!.slug}`);
  const dismiss = page.getByTestId('job-detail-dismiss');
  await expect(dismiss).toHaveText('Pas intéressé');
  await dismiss.click();
  await expect(page.getByText('Masquée de votre tableau')).toBeVisible();
  await expect(dismiss).toHaveText('Réafficher sur mon tableau');
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(dismiss).toHaveText('Pas intéressé');
  await dismiss.click();
  await expect(dismiss).toHaveAttribute('aria-pressed', 'true');

  // Off the board (featured jobs come first), listed under Dismissed in French.
  await page.goto('/jobs?type=featured');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local');
  await expect(cards(page).filter({ hasText: job!.title })).toHaveCount(0);
  await expect(page.getByTestId('job-hidden-count')).toHaveText(/^1 masquée \(pas intéressé\)\s*·\s*Afficher$/);
  await page.getByTestId('dismissed-jobs-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offres masquées' })).toBeVisible();
  await cards(page)
    .filter({ hasText: job!.title })
    .getByRole('button', { name: `Rétablir ${job!.title} sur votre tableau` })
    .click();
  await expect(page.getByTestId('dismissed-jobs-empty')).toContainText('Aucune offre masquée');

  await page.goto('/jobs?type=featured');
  await expect(cards(page).filter({ hasText: job!.title })).toHaveCount(1);
  await expect(page.getByTestId('job-hidden-count')).toHaveCount(0);
});
