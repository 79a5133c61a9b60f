import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { adminPost } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing } from './support/feed-listings.ts';

// Issue 25: the board's role family, term and degree filters, on a phone (a sheet behind one "Filters" button, the
// active filters as chips) and on a desktop (the bar), in English and French; "Match my profile"; the first job on
// a phone's first screen.

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/board-filters');
const company = 'Criteria Labs';
const year = new Date().getUTCFullYear() + 1;
const newest = Math.floor(Date.now() / 1000) - 86_400;

function criteriaListing(index: number, title: string, category: string, terms: string[], degrees: string[]) {
  return feedListing({
    id: `e2e-criteria-${index}`,
    title,
    company_name: company,
    category,
    terms,
    degrees,
    date_posted: newest - index * 60,
    url: `https://careers.example.com/criteria/${index}`,
  });
}

const listings = [
  criteriaListing(1, 'Summer Software Bachelor', 'Software', [`Summer ${year}`], ["Bachelor's"]),
  criteriaListing(2, 'Fall Software Unstated', 'Software', [`Fall ${year}`], []),
  criteriaListing(3, 'Fall Data Graduate', 'AI/ML/Data', [`Fall ${year}`], ["Master's", 'PhD']),
  criteriaListing(4, 'Summer Hardware Bachelor', 'Hardware', [`Summer ${year}`], ["Bachelor's"]),
  criteriaListing(5, 'Past Quant Doctorate', 'Quant', ['Summer 2024'], ['PhD']),
];

test.beforeAll(async () => {
  await adminPost('ingest', { sources: [{ name: 'e2e-criteria.json', type: 'internship', records: listings }] });
});

const words = {
  en: {
    filters: 'Filters',
    software: 'Software',
    summer: `Summer ${year}`,
    fall: `Fall ${year}`,
    master: "Master's",
    bachelor: "Bachelor's",
    category: 'Category',
    term: 'Term',
    degree: 'Degree',
    showPast: 'Show past terms',
    past: 'Summer 2024',
    showJobs: (count: number) => (count === 1 ? 'Show 1 job' : `Show ${count} jobs`),
    jobs: (count: number) => (count === 1 ? '1 job' : `${count} jobs`),
    remove: (label: string) => `Remove filter: ${label}`,
    clearAll: 'Clear all',
  },
  fr: {
    filters: 'Filtres',
    software: 'Logiciel',
    summer: `Été ${year}`,
    fall: `Automne ${year}`,
    master: 'Maîtrise',
    bachelor: 'Baccalauréat',
    category: 'Catégorie',
    term: 'Session',
    degree: 'Diplôme',
    showPast: 'Afficher les sessions passées',
    past: 'Été 2024',
    showJobs: (count: number) => (count <= 1 ? `Afficher ${count} offre` : `Afficher ${count} offres`),
    jobs: (count: number) => (count <= 1 ? `${count} offre` : `${count} offres`),
    remove: (label: string) => `Retirer le filtre : ${label}`,
    clearAll: 'Tout effacer',
  },
} as const;

type Locale = keyof typeof words;

const cards = (page: Page) => page.getByTestId('job-card');
const resultCount = (page: Page) => page.getByTestId('job-results-count');

/** The board shows this one job and no other. */
async function expectOnly(page: Page, title: string): Promise<void> {
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading')).toContainText(title);
}
const boardUrl = `/jobs?q=${encodeURIComponent(company)}`;

async function signIn(page: Page, label: string, locale: Locale): Promise<void> {
  await signInWithEmailLink(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/dashboard$/);
  // The sign-in helper reads the English page; the board is then shown in `locale`.
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

/** One option of a multi-select: its label reads "<name> (<count>)". */
function option(group: Locator, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return group.locator('label').filter({ hasText: new RegExp(`^${escaped} \\(\\d+\\)$`) });
}

async function openBoard(page: Page, url = boardUrl): Promise<void> {
  await page.goto(url);
  await expect(resultCount(page)).toHaveAttribute('data-source', /^(local|remote)$/);
}

/** Every animation finished, so screenshots and axe see the final state. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

// The URL's lists are comma-separated, written as commas (not %2C) so a shared link reads as it means.
const comma = ',';
const expectedUrl = `category=software&term=summer-${year}${comma}fall-${year}&degree=master`;

for (const locale of ['en', 'fr'] as const) {
  const w = words[locale];

  test(`[${locale}] at 375 px: filter by family, term and degree from the sheet, chips remove them, the URL reloads`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signIn(page, `sheet-${locale}`, locale);
    await openBoard(page);
    await expect(resultCount(page)).toHaveText(w.jobs(5));
    // The phone shows the search and one button; the selects live in the sheet.
    await expect(page.getByTestId('job-type-filter')).toHaveCount(0);
    await expect(page.getByTestId('job-filters-open')).toHaveText(w.filters);
    await page.getByTestId('job-filters-open').click();
    const sheet = page.getByRole('dialog', { name: w.filters });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('job-type-filter')).toBeVisible();

    // The term that has ended is hidden until asked for (it stays searchable).
    const terms = sheet.getByRole('group', { name: w.term });
    await expect(terms.getByRole('checkbox')).toHaveCount(2);
    await expect(terms.getByRole('checkbox', { name: new RegExp(`^${w.past}`) })).toHaveCount(0);
    await sheet.getByText(w.showPast).click();
    await expect(terms.getByRole('checkbox', { name: `${w.past} (1)` })).toBeVisible();
    await sheet.getByText(w.showPast).click();
    await expect(terms.getByRole('checkbox')).toHaveCount(2);

    await option(sheet.getByRole('group', { name: w.category }), w.software).click();
    await expect(resultCount(page)).toHaveText(w.jobs(2));
    // Counted under the other active filters: the terms of the two software jobs.
    await expect(terms.getByRole('checkbox', { name: `${w.summer} (1)` })).toBeVisible();
    await option(terms, w.summer).click();
    await option(terms, w.fall).click();
    await option(sheet.getByRole('group', { name: w.degree }), w.master).click();
    // No degree stated matches every degree filter.
    await expect(resultCount(page)).toHaveText(w.jobs(1));
    await expect(sheet.getByTestId('job-filters-show')).toHaveText(w.showJobs(1));
    await shot(page, `sheet-375-${locale}`);
    await sheet.getByTestId('job-filters-show').click();
    await expect(sheet).toBeHidden();

    await expect(page).toHaveURL(new RegExp(`[?&]${expectedUrl}$`));
    await expectOnly(page, 'Fall Software Unstated');
    const chips = page.getByTestId('job-filter-chip');
    await expect(chips).toHaveText([w.software, w.summer, w.fall, w.master]);
    await expect(page.getByTestId('job-filters-open')).toHaveText(`${w.filters} (4)`);
    await shot(page, `chips-375-${locale}`);

    await page.reload();
    await expect(resultCount(page)).toHaveText(w.jobs(1));
    await expectOnly(page, 'Fall Software Unstated');
    await expect(chips).toHaveText([w.software, w.summer, w.fall, w.master]);

    // A chip removes its filter.
    await page.getByRole('button', { name: w.remove(w.master) }).click();
    await expect(resultCount(page)).toHaveText(w.jobs(2));
    await expect(page).toHaveURL(new RegExp(`category=software&term=summer-${year}${comma}fall-${year}$`));
    await page.getByRole('button', { name: w.remove(w.summer) }).click();
    await expect(resultCount(page)).toHaveText(w.jobs(1));
    await page.getByRole('button', { name: w.clearAll }).click();
    await expect(chips).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${encodeURIComponent(company).replace(/%20/g, '\\+')}$`));
    await expect(resultCount(page)).toHaveText(w.jobs(5));
  });

  test(`[${locale}] at 1280 px: filter by family, term and degree from the bar, the URL reloads, chips remove`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, `bar-${locale}`, locale);
    await openBoard(page);
    await expect(page.getByTestId('job-filters-open')).toHaveCount(0);

    await page.getByTestId('job-category-filter').click();
    const categories = page.getByRole('group', { name: w.category });
    await option(categories, w.software).click();
    await expect(resultCount(page)).toHaveText(w.jobs(2));
    await page.keyboard.press('Escape');
    // The closed options give the focus back to their own button once they have left: wait for that before moving on.
    await expect(categories).toBeHidden();
    await expect(page.getByTestId('job-category-filter')).toBeFocused();

    // Keyboard only: open the term options, tick both terms with Space.
    await page.getByTestId('job-term-filter').focus();
    await expect(page.getByTestId('job-term-filter')).toBeFocused();
    await page.keyboard.press('Enter');
    const terms = page.getByRole('group', { name: w.term });
    await expect(terms.getByRole('checkbox')).toHaveCount(2);
    await terms.getByRole('checkbox', { name: new RegExp(`^${w.summer}`) }).focus();
    await page.keyboard.press('Space');
    await terms.getByRole('checkbox', { name: new RegExp(`^${w.fall}`) }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('job-term-filter')).toHaveAttribute('data-count', '2');
    await page.keyboard.press('Escape');

    await page.getByTestId('job-degree-filter').click();
    await option(page.getByRole('group', { name: w.degree }), w.master).click();
    await expect(resultCount(page)).toHaveText(w.jobs(1));
    await shot(page, `bar-open-1280-${locale}`);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`[?&]${expectedUrl}$`));
    await expect(page.getByTestId('job-filter-chip')).toHaveText([w.software, w.summer, w.fall, w.master]);
    await shot(page, `chips-1280-${locale}`);

    await page.reload();
    await expect(resultCount(page)).toHaveText(w.jobs(1));
    await expectOnly(page, 'Fall Software Unstated');
    await expect(page.getByTestId('job-term-filter')).toHaveAttribute('data-count', '2');

    await page.getByRole('button', { name: w.remove(w.software) }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]term=summer-${year}${comma}fall-${year}&degree=master$`));
    // Fall: the unstated software job and the data one asking for a master's.
    await expect(resultCount(page)).toHaveText(w.jobs(2));
  });
}

test('at 375 px the first job card is on the first screen, with and without chips, in English and French', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page, 'fold', 'en');
  for (const locale of ['en', 'fr'] as const) {
    await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    for (const url of ['/jobs', `/jobs?type=internship&category=software&term=summer-${year}&degree=bachelor`]) {
      await openBoard(page, url);
      await expect(cards(page).first()).toBeVisible();
      const top = await cards(page)
        .first()
        .evaluate((card) => card.getBoundingClientRect().top);
      // Its title and company at least (the card's first 60 px) are on the screen.
      expect(top, `${locale} ${url}`).toBeLessThan(667 - 60);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${locale} ${url}`).toBeLessThanOrEqual(0);
    }
  }
});

test('"Match my profile" applies the profile criteria and turning it off removes them; no criteria: a link', async ({
  page,
}) => {
  // The profile's criteria as the server answers them (the profile form that sets them is tested on its own).
  let criteria: Record<string, unknown> = {};
  await page.route('**/api/profile', async (route) => {
    const response = await route.fetch();
    const profile = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...profile, ...criteria } });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'match', 'en');
  await openBoard(page);
  await expect(page.getByRole('link', { name: 'Add what you are looking for to your profile' })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(page.getByTestId('match-profile')).toHaveCount(0);

  criteria = {
    interests: ['software'],
    targetTerms: [`fall-${year}`],
    degreeLevel: 'master',
    workAuthorization: { authorizedIn: [], needsSponsorship: 'now' },
  };
  await page.goto('/dashboard');
  await openBoard(page, `${boardUrl}&type=internship`);
  const match = page.getByTestId('match-profile').locator('input');
  await expect(match).not.toBeChecked();
  await page.getByText('Match my profile').click();
  await expect(match).toBeChecked();
  await expect(page).toHaveURL(
    new RegExp(`type=internship&q=Criteria\\+Labs&category=software&term=fall-${year}&degree=master$`),
  );
  // Never sponsorship: the student needs it, but only their own choice filters on it.
  await expect(page).not.toHaveURL(/sponsorship/);
  await expect(resultCount(page)).toHaveText('1 job');

  await page.reload();
  await expect(match).toBeChecked();
  // Changing one of its filters by hand: the board no longer matches the profile.
  await page.getByRole('button', { name: "Remove filter: Master's" }).click();
  await expect(match).not.toBeChecked();
  await page.getByText('Match my profile').click();
  await expect(match).toBeChecked();
  await page.getByText('Match my profile').click();
  await expect(match).not.toBeChecked();
  await expect(page).toHaveURL(/\/jobs\?type=internship&q=Criteria\+Labs$/);
});

test('the sheet, open on the board, has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'sheet-axe', 'en');
  await openBoard(page, `/jobs?category=software&term=summer-${year}`);
  await page.getByTestId('job-filters-open').click();
  await expect(page.getByTestId('job-filter-sheet')).toBeVisible();
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
});

test('at 375 px the sign-in language switch is 44 px tall, with a mouse or a finger', async ({ browser }) => {
  for (const touch of [false, true]) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      hasTouch: touch,
      isMobile: touch,
    });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of ['English', 'Français']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(Math.round(box!.height), `${name}, touch: ${touch}`).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  }
});

test('on a touch phone the Filters button, the chips and the sheet controls are 44 px tall', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, 'touch-sheet', 'en');
  await openBoard(page, `/jobs?category=software`);
  const heightOf = async (locator: ReturnType<Page['getByTestId']>) =>
    Math.round((await locator.boundingBox())!.height);
  expect(await heightOf(page.getByTestId('job-filters-open'))).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByTestId('job-filter-chip').first())).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByTestId('job-filters-clear'))).toBeGreaterThanOrEqual(44);
  await page.getByTestId('job-filters-open').click();
  const sheet = page.getByTestId('job-filter-sheet');
  await expect(sheet).toBeVisible();
  for (const testId of ['job-type-filter', 'job-mode-filter', 'job-posted-filter', 'job-sort', 'job-country-filter'])
    expect(await heightOf(sheet.getByTestId(testId)), testId).toBeGreaterThanOrEqual(44);
  const checkboxes = await sheet.locator('label:has(input[type=checkbox])').all();
  expect(checkboxes.length).toBeGreaterThan(0);
  for (const checkbox of checkboxes)
    expect(Math.round((await checkbox.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByTestId('job-filters-show'))).toBeGreaterThanOrEqual(44);
  expect(await heightOf(page.getByRole('button', { name: 'Close filters' }))).toBeGreaterThanOrEqual(44);
  await context.close();
});

test('screenshots of the board, its sheet and an open multi-select at 375 and 1280 px, in English and French', async ({
  page,
  context,
}) => {
  await signIn(page, 'filter-shots', 'en');
  for (const locale of ['en', 'fr'] as const) {
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 900 });
      await openBoard(page, `/jobs?type=internship&category=software&term=summer-${year}&degree=bachelor`);
      await expect(cards(page).first()).toBeVisible();
      await shot(page, `board-${width}-${locale}`);
      if (width === 375) {
        await page.getByTestId('job-filters-open').click();
        await expect(page.getByTestId('job-filter-sheet')).toBeVisible();
        await shot(page, `sheet-open-${width}-${locale}`);
        await page.getByTestId('job-filters-show').click();
        await expect(page.getByTestId('job-filter-sheet')).toBeHidden();
      } else {
        await page.getByTestId('job-term-filter').click();
        await expect(page.getByTestId('job-term-filter-options')).toBeVisible();
        await shot(page, `bar-term-open-${width}-${locale}`);
        await page.keyboard.press('Escape');
      }
    }
  }
});

test('screenshots of the sign-in page at 375 px, in English and French', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  for (const locale of ['en', 'fr'] as const) {
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, `sign-in-375-${locale}`);
  }
});
