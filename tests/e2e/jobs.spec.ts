import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { adminPost } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// The job board against the real server: the seeded demo featured jobs plus ~60 generated external listings,
// imported once through the server's loopback admin route (what `npm run ingest` uses).

const companies = ['Kestrel Systems', 'Juniper Analytics', 'Harbor Robotics', 'Lumen Health', 'Cobalt Bank'];

/** `count` listings in `locations`, newest first from `newest`, titled `<titlePrefix> NN`. */
function listings(prefix: string, count: number, locations: string[], newest: number): FeedListing[] {
  return Array.from({ length: count }, (_, i) =>
    feedListing({
      id: `e2e-${prefix}-${i}`,
      title: `${prefix} Engineer ${String(i + 1).padStart(2, '0')}`,
      company_name: companies[i % companies.length]!,
      locations,
      date_posted: newest - i * 3600,
      url: `https://careers.example.com/${prefix.toLowerCase()}/${i}`,
    }),
  );
}

// Posted "yesterday" and earlier, so the seeded featured jobs (always first) are followed by these in this order.
const newest = Math.floor(Date.now() / 1000) - 86_400;
const internships = [
  ...listings('Maple', 12, ['Toronto, ON, Canada'], newest),
  ...listings('Waterloo', 6, ['Waterloo, ON, Canada'], newest - 100_000),
  ...listings('Pacific', 6, ['Vancouver, BC, Canada'], newest - 200_000),
  ...listings('Lone Star', 6, ['Austin, TX'], newest - 300_000),
];
const newGrads = [
  ...listings('Empire', 10, ['New York, NY'], newest - 50_000),
  ...listings('Rainier', 10, ['Seattle, WA'], newest - 150_000),
  ...listings('Bilingual', 10, ['Montreal, QC, Canada', 'Remote in USA', 'Ottawa, ON, Canada'], newest - 250_000),
];

async function ingestGeneratedListings(): Promise<void> {
  await adminPost('ingest', {
    sources: [
      { name: 'e2e-internships.json', type: 'internship', records: internships },
      { name: 'e2e-new-grads.json', type: 'new-grad', records: newGrads },
    ],
  });
}

type FeaturedJob = { id: string; slug: string; title: string };

async function featuredJobs(): Promise<FeaturedJob[]> {
  const res = await fetch(`${e2eEnv.baseUrl}/api/public/jobs`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { jobs: FeaturedJob[] }).jobs;
}

test.beforeAll(async () => {
  await ingestGeneratedListings();
});

const cards = (page: Page) => page.getByTestId('job-card');
const resultCount = (page: Page) => page.getByTestId('job-results-count');

/**
 * Waits until the list shows results searched on this device (the whole board is local). The first visit downloads
 * the whole board: on a busy two-core machine that takes longer than the default 10 s.
 */
async function waitForLocalBoard(page: Page): Promise<void> {
  await expect(resultCount(page)).toHaveAttribute('data-source', 'local', { timeout: 30_000 });
}

/** Jobs in the board copy the page keeps in IndexedDB (0 when there is none yet). */
function storedBoardSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('campus-jobs');
        request.onerror = () => resolve(0);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('boardSnapshot')) {
            db.close();
            resolve(0);
            return;
          }
          const get = db.transaction('boardSnapshot').objectStore('boardSnapshot').get('board');
          get.onsuccess = () => {
            resolve((get.result as { jobs?: unknown[] } | undefined)?.jobs?.length ?? 0);
            db.close();
          };
          get.onerror = () => resolve(0);
        };
      }),
  );
}

async function signIn(page: Page, label: string): Promise<void> {
  await signInWithEmailLink(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Reloads until the service worker controls the page (it only takes over pages loaded after it activated). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  // setOffline does not cut the service worker's own fetches (playwright #2311): abort them too.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

test.describe('job board', () => {
  test('shows 20 cards first, featured first, and 20 more each time the last card scrolls into view', async ({
    page,
  }) => {
    await signIn(page, 'board-scroll');
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Job Board' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Jobs');
    await expect(cards(page)).toHaveCount(20);
    const featured = await featuredJobs();
    expect(featured.length).toBeGreaterThan(0);
    // Featured jobs lead the list.
    for (let i = 0; i < featured.length; i += 1) {
      await expect(cards(page).nth(i)).toHaveAttribute('data-featured', 'true');
    }
    await expect(cards(page).nth(featured.length)).not.toHaveAttribute('data-featured', 'true');
    const total = featured.length + internships.length + newGrads.length;
    await expect(resultCount(page)).toHaveText(`${total} jobs`);
    // The first page may be the server's; once the whole board is on the device the list is searched here, and the
    // cards are rendered again (the ones below the fold just after): scroll only in that settled list.
    await waitForLocalBoard(page);
    await expect(cards(page)).toHaveCount(20);

    await cards(page).last().scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(40);
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(60);
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(total);

    // A new filter result starts again from 20 (chosen from the top of the page, where the filters are).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Type').selectOption('internship');
    await expect(resultCount(page)).toHaveText(`${internships.length} jobs`);
    await expect(cards(page)).toHaveCount(20);
  });

  test('the dashboard embeds the first 10 jobs of the board', async ({ page }) => {
    await signIn(page, 'board-dashboard');
    await expect(cards(page)).toHaveCount(10);
    const featured = await featuredJobs();
    await expect(cards(page).first()).toHaveAttribute('data-featured', 'true');
    await expect(resultCount(page)).toContainText(
      `10 of ${featured.length + internships.length + newGrads.length} jobs`,
    );
  });

  test('country -> state -> city filters chain and reset, live in the URL and survive a reload', async ({ page }) => {
    await signIn(page, 'board-filters');
    await page.goto('/jobs');
    await waitForLocalBoard(page);
    const country = page.getByLabel('Country');
    const state = page.getByLabel('State / province');
    const city = page.getByLabel('City');
    // State and city appear only once their parent is chosen.
    await expect(state).toHaveCount(0);
    await expect(city).toHaveCount(0);

    await country.selectOption('Canada');
    await expect(page).toHaveURL(/\/jobs\?country=Canada$/);
    await expect(city).toHaveCount(0);
    // Regions by name, each with its number of jobs.
    await expect(state.locator('option')).toContainText([
      'All states',
      /^British Columbia \(\d+\)$/,
      /^Ontario \(\d+\)$/,
      /^Quebec \(\d+\)$/,
    ]);
    await state.selectOption('Ontario');
    await expect(city.locator('option')).toContainText(['All cities', 'Ottawa', 'Toronto', 'Waterloo']);
    await city.selectOption('Toronto');
    await expect(page).toHaveURL(/\/jobs\?country=Canada&state=Ontario&city=Toronto$/);
    await expect(resultCount(page)).toHaveText(/^1[2-9] jobs$/); // 12 generated + the seeded Toronto ones
    for (const location of await cards(page).getByText('Toronto, ON, Canada').all())
      await expect(location).toBeVisible();
    expect(await cards(page).count()).toBe(await cards(page).getByText('Toronto, ON, Canada').count());

    // Reload: the filtered board comes back from the URL.
    await page.reload();
    await expect(page.getByLabel('Country')).toHaveValue('Canada');
    await expect(page.getByLabel('State / province')).toHaveValue('Ontario');
    await expect(page.getByLabel('City')).toHaveValue('Toronto');
    await expect(cards(page).first()).toContainText('Toronto, ON, Canada');

    // Choosing a state resets the city.
    await page.getByLabel('State / province').selectOption('British Columbia');
    await expect(page).toHaveURL(/\/jobs\?country=Canada&state=British\+Columbia$/);
    await expect(page.getByLabel('City')).toHaveValue('');
    // Choosing a country resets state and city.
    await page.getByLabel('City').selectOption('Vancouver');
    await page.getByLabel('Country').selectOption('United States');
    await expect(page).toHaveURL(/\/jobs\?country=United\+States$/);
    await expect(page.getByLabel('State / province')).toHaveValue('');
    await expect(page.getByLabel('City')).toHaveCount(0);
    // Back goes to the previous choice.
    await page.goBack();
    await expect(page).toHaveURL(/\/jobs\?country=Canada&state=British\+Columbia&city=Vancouver$/);
    await expect(page.getByLabel('City')).toHaveValue('Vancouver');
  });

  test('typing searches as a case-insensitive regular expression, keeps one history entry, and shows the empty state', async ({
    page,
  }) => {
    await signIn(page, 'board-search');
    // The regular-expression engine is not part of the page: it loads on the first search that needs it.
    const engineRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/re2js-[\w-]+\.js$/.test(request.url())) engineRequests.push(request.url());
    });
    await page.goto('/jobs');
    await waitForLocalBoard(page);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially('rainier');
    await expect(resultCount(page)).toHaveText('10 jobs');
    expect(engineRequests).toEqual([]);
    await search.fill('');
    // The placeholder speaks to students; the regular-expression power is told in the search tips.
    await expect(search).toHaveAttribute('placeholder', 'Search title, company, location…');
    await page.getByRole('button', { name: 'Search tips' }).click();
    await expect(page.getByText('regular expressions work too')).toBeVisible();
    await page.keyboard.press('Escape');
    await search.pressSequentially('^rainier');
    await expect(resultCount(page)).toHaveText('10 jobs');
    await expect(page).toHaveURL(/\/jobs\?q=%5Erainier$/);
    expect(engineRequests).toHaveLength(1);
    // An invalid pattern is searched as literal text, never an error.
    await search.fill('c++(');
    await expect(page.getByText('No jobs found matching your criteria.')).toBeVisible();
    await search.fill('lone star|empire');
    await expect(resultCount(page)).toHaveText('16 jobs');
    await search.fill('no such job anywhere');
    await expect(page.getByText('No jobs found matching your criteria.')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 jobs');
    // The URL follows once typing pauses, replacing the history entry instead of adding one per keystroke.
    await expect(page).toHaveURL(/\/jobs\?q=no\+such\+job\+anywhere$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goForward();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('no such job anywhere');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await expect(cards(page)).toHaveCount(20);
  });

  test('an external card opens its own page in a new tab', async ({ page, context }) => {
    await context.route('https://careers.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Careers</title><h1>External posting</h1>' }),
    );
    await signIn(page, 'board-external');
    await page.goto('/jobs?q=%5EEmpire%20Engineer%2001%24');
    await expect(cards(page)).toHaveCount(1);
    const link = cards(page)
      .first()
      .getByRole('link', { name: /Empire Engineer 01/ });
    await expect(link).toHaveAttribute('href', 'https://careers.example.com/empire/0');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/opens in a new tab/);
    const popupPromise = page.waitForEvent('popup');
    await link.click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL('https://careers.example.com/empire/0');
    await expect(popup.getByRole('heading', { name: 'External posting' })).toBeVisible();
    // noopener: the new tab cannot reach back into the board.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/jobs\?q=/);
  });

  test('a featured card opens /jobs/{id}/ and the apply button carries the token along', async ({ page }) => {
    await signIn(page, 'board-featured');
    await page.goto('/jobs?type=featured');
    const [first] = await featuredJobs();
    const card = cards(page).filter({ hasText: first!.title }).first();
    await card.getByRole('link', { name: first!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${first!.id}/$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(first!.title);
    // Long US style dates.
    await expect(page.getByTestId('job-posted-on')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByRole('link', { name: 'Apply for this position' })).toHaveAttribute(
      'href',
      `/jobs/${first!.id}/apply`,
    );

    await page.goto(`/jobs/${first!.slug}?token=invite-123`);
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for this position' })).toHaveAttribute(
      'href',
      `/jobs/${first!.slug}/apply?token=invite-123`,
    );
    // A shared link must be a real one for this job (an unknown sharedId answers 404).
    const link = await adminPost<{ id: string }>('shared-links', { job: first!.id });
    await page.goto(`/jobs/${first!.slug}?sharedId=${link.id}`);
    await expect(page.getByRole('link', { name: 'Apply for this position' })).toHaveAttribute(
      'href',
      `/jobs/${first!.slug}/apply?sharedId=${link.id}`,
    );
    // Opened from an address (not from the board): "Back to jobs" leads to the board with its last filters.
    await page.getByRole('link', { name: 'Back to jobs' }).click();
    await expect(page).toHaveURL(/\/jobs\?type=featured$/);
  });

  test('an unknown job shows the not-available error with Return to Home', async ({ page }) => {
    await signIn(page, 'board-missing');
    await page.goto('/jobs/no-such-job-anywhere');
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('This job posting is not available or has expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('after one visit the board and a job opened before work with the network cut', async ({ page, context }) => {
    // Sign-in, the service worker's install, the whole board stored, then eight pages offline: past 60 s on a slow CI
    // machine, where it once ran out of time on its last step.
    test.slow();
    await signIn(page, 'board-offline');
    await waitForServiceWorkerControl(page);
    await page.goto('/jobs');
    await waitForLocalBoard(page);
    const total = (await featuredJobs()).length + internships.length + newGrads.length;
    await expect.poll(() => storedBoardSize(page)).toBe(total);
    const [first] = await featuredJobs();
    await page.goto(`/jobs/${first!.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();

    await goOffline(context);
    await page.goto('/jobs');
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    // The count alone may still come from the service worker's copy of the first page, and the board searched on the
    // device is what this test is about (in two clean-clone runs the filters chosen before it was were not applied).
    await waitForLocalBoard(page);
    await expect(resultCount(page)).toHaveText(`${total} jobs`);
    await expect(page.getByTestId('board-freshness')).toContainText('Last refreshed');
    await expect(cards(page)).toHaveCount(20);
    // Filtering and searching keep working offline.
    await page.getByLabel('Country').selectOption('Canada');
    await expect(page).toHaveURL(/[?&]country=Canada(&|$)/);
    await page.getByLabel('State / province').selectOption('Quebec');
    await expect(resultCount(page)).toContainText(/^1\d jobs$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('bilingual engineer 0[1-3]');
    await expect(resultCount(page)).toHaveText('3 jobs');

    await page.goto(`/jobs/${first!.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for this position' })).toBeVisible();
    // A job never opened says so plainly.
    await page.goto('/jobs/never-opened-job');
    await expect(page.getByTestId('job-detail-error')).toBeVisible();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
  });

  test('without a stored board and offline, the first page comes from the last answer, or an offline message', async ({
    page,
    context,
  }) => {
    // The whole-board download never succeeds in this test: only the small first-page request is ever answered.
    await context.route('**/api/public/board/snapshot', (route) => route.abort('failed'));
    await signIn(page, 'board-no-snapshot');
    await waitForServiceWorkerControl(page);
    await page.goto('/jobs');
    await expect(cards(page)).toHaveCount(20);
    await expect(resultCount(page)).toHaveAttribute('data-source', 'remote');
    expect(await storedBoardSize(page)).toBe(0);

    await goOffline(context);
    await page.goto('/jobs');
    // The service worker answers the same request from its cache.
    await expect(cards(page)).toHaveCount(20);
    await page.goto('/jobs?q=never-asked-before');
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
  });

  test('at 375 px the search fills the row, the filters open in a sheet, and nothing scrolls sideways', async ({
    page,
  }) => {
    await signIn(page, 'board-mobile');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/jobs?country=Canada&state=ON');
    // The place filters show as chips under the search; the selects live in the sheet.
    await expect(page.getByTestId('job-filter-chip')).toHaveText(['Canada', 'ON']);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    const search = await page.getByRole('searchbox', { name: 'Search' }).boundingBox();
    expect(search!.width).toBeGreaterThan(300);
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByLabel('City')).toBeVisible();
    await sheet.getByLabel('City').selectOption('Toronto');
    await expect(resultCount(page)).toHaveText(/^1[2-9] jobs$/);
    await expect(sheet.getByRole('button', { name: /^Show 1[2-9] jobs$/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await sheet.getByRole('button', { name: /^Show 1[2-9] jobs$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/jobs\?country=Canada&state=ON&city=Toronto$/);
    await expect(page.getByTestId('job-filter-chip')).toHaveText(['Canada', 'ON', 'Toronto']);
  });
});
