import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { adminPost } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// Alerts (issue 26): a student saves the board's search as an alert from the filter bar (desktop) or the filter
// sheet (phone), finds it on /alerts with the jobs new since, edits, pauses and deletes it, in English and French.
// The alerts page has no axe violations; screenshots of the page and the dialog at 375 and 1280 px.

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/alerts');
const company = 'Alert Labs';
const newest = Math.floor(Date.now() / 1000) - 86_400;

function listing(index: number, title: string, category = 'Software'): FeedListing {
  return feedListing({
    id: `e2e-alerts-${index}`,
    title,
    company_name: company,
    category,
    date_posted: newest - index * 60,
    url: `https://careers.example.com/alerts/${index}`,
  });
}

const board = [
  listing(1, 'Robotics Software Intern'),
  listing(2, 'Platform Software Intern'),
  listing(3, 'Chip Design Intern', 'Hardware'),
];

async function ingest(records: FeedListing[]): Promise<void> {
  await adminPost('ingest', { sources: [{ name: 'e2e-alerts-internships.json', type: 'internship', records }] });
}

test.beforeAll(async () => {
  await ingest(board);
});

// Service workers blocked: going offline then cuts every request of the page for real.
test.use({ serviceWorkers: 'block' });

const words = {
  en: {
    create: 'Get alerts for this search',
    filters: 'Filters',
    summary: '“Alert Labs” · Software',
    saved: 'Alert saved',
    alerts: 'Alerts',
    sinceCreated: (count: number) => `${count} new ${count === 1 ? 'job' : 'jobs'} since you created it`,
    weekly: 'Weekly',
    schedule: 'Weekly, on Mondays · E-mail, Push',
    edit: (name: string) => `Edit “${name}”`,
    pause: (name: string) => `Pause “${name}”`,
    resume: (name: string) => `Resume “${name}”`,
    remove: (name: string) => `Delete “${name}”`,
    seeJobs: (name: string) => `See the jobs of “${name}” on the board`,
    saveChanges: 'Save changes',
    confirmDelete: 'Delete',
    empty: 'No alerts yet',
    failed: 'The change could not be saved',
    network: 'The server could not be reached. Check your connection and try again.',
  },
  fr: {
    create: 'Recevoir des alertes pour cette recherche',
    filters: 'Filtres',
    summary: '« Alert Labs » · Logiciel',
    saved: 'Alerte enregistrée',
    alerts: 'Alertes',
    sinceCreated: (count: number) =>
      `${count} ${count <= 1 ? 'nouvelle offre' : 'nouvelles offres'} depuis sa création`,
    weekly: 'Chaque semaine',
    schedule: 'Chaque semaine, le lundi · E-mail, Notification',
    edit: (name: string) => `Modifier « ${name} »`,
    pause: (name: string) => `Mettre « ${name} » en pause`,
    resume: (name: string) => `Reprendre « ${name} »`,
    remove: (name: string) => `Supprimer « ${name} »`,
    seeJobs: (name: string) => `Voir les offres de « ${name} »`,
    saveChanges: 'Enregistrer',
    confirmDelete: 'Supprimer',
    empty: 'Aucune alerte pour l’instant',
    failed: 'La modification n’a pas pu être enregistrée',
    network: '',
  },
} as const;

type Locale = keyof typeof words;

const boardUrl = `/jobs?q=${encodeURIComponent(company)}&category=software`;
const alertCards = (page: Page) => page.getByTestId('alert-card');

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

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

async function signIn(page: Page, label: string, locale: Locale): Promise<void> {
  await signInWithEmailLink(page, uniqueEmail(label));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

async function openBoard(page: Page): Promise<void> {
  await page.goto(boardUrl);
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /^(local|remote)$/);
  await expect(page.getByTestId('job-card').first()).toBeVisible();
}

/** Fills the open dialog: weekly, e-mail and push; checks the name it suggests from the search. */
async function saveAlertFromDialog(page: Page, locale: Locale, shotName: string): Promise<void> {
  const w = words[locale];
  const dialog = page.getByRole('dialog', { name: w.create });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('alert-dialog-summary')).toHaveText(w.summary);
  await expect(dialog.getByTestId('alert-name')).toHaveValue(w.summary);
  await shot(page, shotName);
  await dialog.getByText(w.weekly, { exact: false }).first().click();
  await dialog.getByTestId('alert-channel-push').click();
  await dialog.getByTestId('alert-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(w.saved)).toBeVisible();
}

test('[en] desktop: save the search from the filter bar, see what is new, edit, pause, open the jobs, delete', async ({
  page,
}) => {
  test.slow();
  const w = words.en;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'alerts-en', 'en');
  await openBoard(page);
  const create = page.getByRole('button', { name: w.create });
  await expect(create).toHaveCSS('min-height', '44px');
  await create.click();
  await saveAlertFromDialog(page, 'en', 'create-dialog-en-1280');

  // The signed-in navigation leads to the alerts page.
  await page.getByRole('navigation').getByRole('link', { name: w.alerts }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(alertCards(page)).toHaveCount(1);
  const card = alertCards(page).first();
  const name = w.summary;
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(name);
  // Named after its search, the alert does not repeat the search under the name.
  await expect(card.getByTestId('alert-summary')).toHaveCount(0);
  await expect(card.getByTestId('alert-schedule')).toContainText(w.schedule);
  await expect(card.getByTestId('alert-new-count')).toHaveText(w.sinceCreated(0));

  // A job that matches enters the board, and one that does not: one new.
  await ingest([...board, listing(4, 'Compiler Software Intern'), listing(5, 'Board Layout Intern', 'Hardware')]);
  await page.reload();
  await expect(card.getByTestId('alert-new-count')).toHaveText(w.sinceCreated(1));
  await shot(page, 'alerts-page-en-1280');
  await expectNoAxeViolations(page);

  // Edit: another name, e-mail only.
  await card.getByRole('button', { name: w.edit(name) }).click();
  const edit = page.getByRole('dialog', { name: 'Edit alert' });
  await edit.getByTestId('alert-name').fill('Software at Alert Labs');
  await edit.getByTestId('alert-channel-push').click();
  await edit.getByRole('button', { name: w.saveChanges }).click();
  await expect(edit).toBeHidden();
  const renamed = 'Software at Alert Labs';
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(renamed);
  await expect(card.getByTestId('alert-summary')).toHaveText(w.summary);
  await expect(card.getByTestId('alert-schedule')).toHaveText(/Weekly, on Mondays · E-mail$/);

  // Pause and resume; a change made offline says why it failed and changes nothing.
  await card.getByRole('button', { name: w.pause(renamed) }).click();
  await expect(card.getByTestId('alert-paused')).toBeVisible();
  await expect(card.getByRole('button', { name: w.resume(renamed) })).toBeVisible();
  await page.context().setOffline(true);
  await card.getByRole('button', { name: w.resume(renamed) }).click();
  await expect(page.getByText(w.failed)).toBeVisible();
  await expect(page.getByText(w.network)).toBeVisible();
  await expect(card.getByTestId('alert-paused')).toBeVisible();
  await page.context().setOffline(false);
  await card.getByRole('button', { name: w.resume(renamed) }).click();
  await expect(card.getByTestId('alert-paused')).toHaveCount(0);
  await page.reload();
  await expect(card.getByTestId('alert-paused')).toHaveCount(0);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(renamed);

  // "See these jobs" opens the board with the alert's search and filters.
  await card.getByRole('link', { name: w.seeJobs(renamed) }).click();
  await expect(page).toHaveURL(/\/jobs\?q=Alert\+Labs&category=software$/);
  await expect(page.getByTestId('job-card')).toHaveCount(3);
  await page.goBack();

  // Keyboard: the delete button, then its confirmation, without a mouse.
  await card.getByRole('button', { name: w.remove(renamed) }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: w.confirmDelete }).click();
  await expect(alertCards(page)).toHaveCount(0);
  await expect(page.getByText(w.empty)).toBeVisible();
  await page.reload();
  await expect(page.getByText(w.empty)).toBeVisible();
});

test('[fr] phone: the account follows the language, save the search from the filter sheet, the page in French', async ({
  page,
}) => {
  test.slow();
  const w = words.fr;
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'alerts-fr', 'fr');
  // Signed in in English, now in French: the signed-in app tells the account once.
  const told = page.waitForRequest(
    (request) => request.url().endsWith('/api/auth/account') && request.method() === 'PATCH',
  );
  await openBoard(page);
  const patch = await told;
  expect(patch.postDataJSON()).toEqual({ locale: 'fr' });
  expect((await patch.response())?.status()).toBe(200);

  await page.getByTestId('job-filters-open').click();
  const sheet = page.getByTestId('job-filter-sheet');
  await expect(sheet).toBeVisible();
  const create = sheet.getByRole('button', { name: w.create });
  await expect(create).toHaveCSS('min-height', '44px');
  await create.click();
  await saveAlertFromDialog(page, 'fr', 'create-dialog-fr-375');

  await page.goto('/alerts');
  await expect(alertCards(page)).toHaveCount(1);
  const card = alertCards(page).first();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(w.summary);
  await expect(card.getByTestId('alert-schedule')).toContainText(w.schedule);
  await expect(card.getByTestId('alert-new-count')).toHaveText(w.sinceCreated(0));
  // Every action is a 44 px target and nothing overflows the phone's width.
  for (const action of ['alert-see-jobs', 'alert-edit', 'alert-pause', 'alert-delete']) {
    const box = await card.getByTestId(action).boundingBox();
    expect(box!.height, action).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'alerts-page-fr-375');
  await expectNoAxeViolations(page);

  await card.getByRole('button', { name: w.pause(w.summary) }).click();
  await expect(card.getByTestId('alert-paused')).toContainText('En pause depuis le');
  await card.getByRole('button', { name: w.edit(w.summary) }).click();
  await expect(page.getByRole('dialog', { name: 'Modifier l’alerte' })).toBeVisible();
  await shot(page, 'edit-dialog-fr-375');
  await page.keyboard.press('Escape');

  // The other sizes for the screenshots: the page at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'alerts-page-fr-1280');
  await card.getByRole('button', { name: w.remove(w.summary) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: w.confirmDelete }).click();
  await expect(page.getByText(w.empty)).toBeVisible();
});

test('screenshots: the dialog at 375 px in English and at 1280 px in French, the page at 375 px in English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'alerts-shots', 'en');
  await openBoard(page);
  await page.getByTestId('job-filters-open').click();
  await page.getByTestId('job-filter-sheet').getByRole('button', { name: words.en.create }).click();
  await saveAlertFromDialog(page, 'en', 'create-dialog-en-375');
  await page.goto('/alerts');
  await expect(alertCards(page)).toHaveCount(1);
  await shot(page, 'alerts-page-en-375');

  await page.context().addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoard(page);
  await page.getByRole('button', { name: words.fr.create }).click();
  const dialog = page.getByRole('dialog', { name: words.fr.create });
  await expect(dialog).toBeVisible();
  await shot(page, 'create-dialog-fr-1280');
});
