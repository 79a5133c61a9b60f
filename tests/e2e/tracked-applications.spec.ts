import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { adminPost, featuredJobs, idToken, pdfBytes, personalInfo } from './support/apply.ts';
import { signInSecondDevice, signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// The application tracker (issue 27): a student opens an external listing's apply link from the board, comes back
// and answers "Did you apply?"; the application is listed in My Applications with the in-app ones, moved through
// its stages, marked on the board and on a second device; one is added by hand; the CSV export downloads every
// application. In English and French, axe-clean, with screenshots at 375 and 1280 px.

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/tracked-applications');
const company = 'Tracker Labs';
const newest = Math.floor(Date.now() / 1000) - 86_400;
const postingUrl = (index: number) => `https://careers.example.com/tracker/${index}`;
const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
const listings: FeedListing[] = names.map((name, index) =>
  feedListing({
    id: `e2e-tracker-${index}`,
    title: `Trackable ${name} Intern`,
    company_name: company,
    date_posted: newest - index * 60,
    url: postingUrl(index),
  }),
);
const title = (index: number) => listings[index]!.title;

test.beforeAll(async () => {
  await adminPost('ingest', {
    sources: [{ name: 'e2e-tracker-internships.json', type: 'internship', records: listings }],
  });
});

/** The employers' sites are not reached: their pages are a line of text. */
async function fakeEmployerSites(context: BrowserContext): Promise<void> {
  await context.route('https://careers.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Posting</title><h1>Job posting</h1>' }),
  );
}

type Locale = 'en' | 'fr';

async function signIn(page: Page, label: string, locale: Locale = 'en'): Promise<string> {
  const email = uniqueEmail(label);
  await fakeEmployerSites(page.context());
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The sign-in helper reads the English page; the app is then shown in `locale`.
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
  return email;
}

const cards = (page: Page) => page.getByTestId('job-card');
const card = (page: Page, index: number) => cards(page).filter({ hasText: title(index) });
const prompt = (page: Page) => page.getByTestId('apply-prompt');
const trackedCard = (page: Page, text: string) => page.getByTestId('tracked-card').filter({ hasText: text });

async function openBoard(page: Page): Promise<void> {
  await page.goto('/jobs?q=%5ETrackable');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /^(local|remote)$/);
  await expect(cards(page).first()).toBeVisible();
}

/** Opens the listing's apply link from its card: the employer's page opens in a new tab, which is then closed. */
async function openListing(page: Page, index: number): Promise<void> {
  const popup = page.context().waitForEvent('page');
  await card(page, index).locator('.job-card-title a').click();
  const tab = await popup;
  await expect(tab).toHaveURL(postingUrl(index));
  await tab.close();
}

/**
 * Back in the app's tab: the browser shows it again and gives it the focus. Headless Chromium under Playwright keeps
 * every page focused and visible, so it sends no focus event when the posting's tab closes: the test sends the one a
 * browser sends (without it no prompt appears, which also shows the prompt waits for the student to come back).
 */
async function comeBack(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
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
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/** No element wider than the page (no sideways scrolling at 375 px). */
async function expectNoOverflow(page: Page): Promise<void> {
  // Polled: after a viewport change the chart follows its container on the next resize observation.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** The datetime-local value (this device's time zone) of `days` from now at 14:30. */
function daysAhead(days: number): { input: string; date: Date } {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setHours(14, 30, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    input: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T14:30`,
    date,
  };
}

/** Applies to a featured job in the app, through the API the wizard uses. */
async function applyInApp(page: Page, email: string): Promise<string> {
  const job = (await featuredJobs())[0]!;
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...personalInfo, email, coverLetter: 'I would love to join.' }))
    form.append(name, value);
  form.append('resume', new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }), 'Ada Resume.pdf');
  const res = await fetch(`${e2eEnv.baseUrl}/api/public/jobs/${job.slug}/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idToken(page)}`, 'idempotency-key': `tracker-${Date.now()}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return job.title;
}

test('an apply link opened from the board, "Yes, track it", moved to Interview: in My Applications, on the board and on a second device', async ({
  page,
  browser,
}) => {
  const email = await signIn(page, 'tracker-yes');
  await openBoard(page);
  await expect(prompt(page)).toHaveCount(0);

  await openListing(page, 0);
  await comeBack(page);
  await expect(prompt(page)).toHaveCount(1);
  await expect(prompt(page)).toContainText(`Did you apply to ${title(0)} at ${company}?`);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/tracked-applications') && response.request().method() === 'POST',
  );
  await prompt(page).getByRole('button', { name: 'Yes, track it' }).click();
  await expect(prompt(page)).toHaveCount(0);
  expect((await created).status()).toBe(201);
  await expect(card(page, 0).getByTestId('job-applied')).toHaveText('Applied (tracked)');

  await page.goto('/jobs/applied');
  const tracked = trackedCard(page, title(0));
  await expect(tracked).toBeVisible();
  await expect(tracked.getByTestId('tracked-stage')).toHaveText('Applied');
  await expect(tracked).toContainText(company);
  await expect(tracked.getByRole('link', { name: new RegExp(title(0)) })).toHaveAttribute('href', postingUrl(0));

  // Interview, with a note and the date of the interview.
  await tracked.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByTestId('update-tracked-dialog');
  await expect(dialog.getByRole('heading', { name: `Update ${title(0)}` })).toBeVisible();
  await dialog.getByLabel('Stage').selectOption('interview');
  await dialog.getByLabel('Note (optional)').fill('Phone screen with the team lead');
  const next = daysAhead(3);
  await dialog.getByLabel('Next step (interview, assessment deadline)').fill(next.input);
  const changed = page.waitForResponse(
    (response) =>
      /\/api\/tracked-applications\/[\w-]+$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const answer = await changed;
  expect(answer.status()).toBe(200);
  const saved = (await answer.json()) as {
    stage: string;
    nextStepAt: string;
    history: { stage: string; note: string | null }[];
  };
  expect(saved.stage).toBe('interview');
  expect(Date.parse(saved.nextStepAt)).toBe(next.date.getTime());
  expect(saved.history.map((entry) => [entry.stage, entry.note])).toEqual([
    ['applied', null],
    ['interview', 'Phone screen with the team lead'],
  ]);
  await expect(tracked.getByTestId('tracked-stage')).toHaveText('Interview');
  await expect(tracked.getByTestId('tracked-next-step-date')).toContainText('Next step:');
  await tracked.getByText('History').click();
  await expect(tracked.getByTestId('tracked-history')).toContainText('Interview · Phone screen with the team lead');

  await openBoard(page);
  await expect(card(page, 0).getByTestId('job-applied')).toHaveText('Applied (tracked) · Interview');
  await expect(card(page, 1).getByTestId('job-applied')).toHaveCount(0);

  // The same list on another device, and the same mark on its board.
  const second = await signInSecondDevice(browser, email);
  await second.page.goto('/jobs/applied');
  await expect(trackedCard(second.page, title(0)).getByTestId('tracked-stage')).toHaveText('Interview');
  await openBoard(second.page);
  await expect(card(second.page, 0).getByTestId('job-applied')).toHaveText('Applied (tracked) · Interview');
  // Its dashboard lists it with the in-app ones and counts it in the student's numbers.
  await second.page.goto('/dashboard');
  const line = second.page.getByTestId('dashboard-tracked-application');
  await expect(line).toContainText(title(0));
  await expect(line).toContainText(`${company} · tracked · applied`);
  await expect(line.getByTestId('application-status')).toHaveText('Interview');
  await expect(second.page.getByTestId('applications-count')).toHaveText('1 application');
  await expect(second.page.getByTestId('dashboard-application-numbers')).toHaveText(
    '100% answered · 1 interview · 0 offers',
  );
  await second.context.close();
});

test('one prompt at a time, "Not yet" waits for tomorrow, "Not interested" hides the job; one added by hand; the CSV export', async ({
  page,
}) => {
  await signIn(page, 'tracker-once');
  await openBoard(page);

  // Two listings opened before coming back: one question, about the last one, however often the tab is focused.
  await openListing(page, 1);
  await openListing(page, 2);
  await comeBack(page);
  await comeBack(page);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(prompt(page)).toHaveCount(1);
  await expect(prompt(page)).toContainText(title(2));
  await prompt(page).getByRole('button', { name: 'Not yet' }).click();
  await expect(prompt(page)).toHaveCount(0);

  // The same listing again today: not asked again. Another listing: asked (the question still comes).
  await openListing(page, 2);
  await comeBack(page);
  await openListing(page, 3);
  await comeBack(page);
  await expect(prompt(page)).toHaveCount(1);
  await expect(prompt(page)).toContainText(title(3));
  await prompt(page).getByRole('button', { name: 'Not interested' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(card(page, 3)).toHaveCount(0);
  // "Not yet" the day before: asked again, here when the app is opened again.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) =>
      name.startsWith('campus-jobs:apply-prompt-not-yet:'),
    )) {
      const snoozed = JSON.parse(localStorage.getItem(key)!) as Record<string, string>;
      for (const job of Object.keys(snoozed)) snoozed[job] = '2000-01-01';
      localStorage.setItem(key, JSON.stringify(snoozed));
    }
  });
  await openListing(page, 2);
  await page.reload();
  await expect(prompt(page)).toContainText(title(2));
  await prompt(page).getByRole('button', { name: 'Close' }).click();
  await expect(prompt(page)).toHaveCount(0);

  // Added by hand: the link must be an http(s) address.
  await page.goto('/jobs/applied');
  await expect(page.getByTestId('applications-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add an application' }).click();
  const dialog = page.getByTestId('add-tracked-dialog');
  // The server's text policy, said before sending: a text-direction character in a name is refused.
  await dialog.getByLabel('Company').fill('Hand Made\u202E Inc');
  await dialog.getByLabel('Job title').fill('Data Analyst Intern');
  await dialog.getByLabel('Link to the job posting').fill('https://jobs.example.org/analyst?ref=campus');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Remove the text-direction characters from this text')).toBeVisible();
  await dialog.getByLabel('Company').fill('Hand Made Inc');
  await dialog.getByLabel('Job title').fill('Data Analyst Intern');
  await dialog.getByLabel('Link to the job posting').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the address of the job posting (http:// or https://)')).toBeVisible();
  await dialog.getByLabel('Link to the job posting').fill('ftp://jobs.example.org/analyst');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the address of the job posting (http:// or https://)')).toBeVisible();
  await expect(page.getByTestId('tracked-card')).toHaveCount(0);
  await dialog.getByLabel('Link to the job posting').fill('https://jobs.example.org/analyst?ref=campus');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/tracked-applications') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect((await created).status()).toBe(201);
  const byHand = trackedCard(page, 'Data Analyst Intern');
  await expect(byHand).toContainText('Hand Made Inc');
  await expect(byHand.getByTestId('tracked-stage')).toHaveText('Applied');
  await expect(byHand.getByText('Tracked', { exact: true })).toBeVisible();
  await expect(page.getByTestId('applications-summary')).toContainText('Applications');

  // The export: RFC 4180 with a BOM, a header row in the student's language and this account's applications.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('applications.csv');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe('Kind,Company,Job title,Status,Applied,Status changed,Next step,Listing closed,Link,Note');
  expect(lines.filter((line) => line !== '')).toHaveLength(2);
  expect(lines[1]).toMatch(/^Tracked,Hand Made Inc,Data Analyst Intern,Applied,\d{4}-\d{2}-\d{2},/);
  expect(lines[1]).toContain(',https://jobs.example.org/analyst?ref=campus,');
});

test('added and moved offline: kept on the device, sent once when the network is back', async ({ page }) => {
  await signIn(page, 'tracker-offline');
  await page.goto('/jobs/applied');
  await expect(page.getByTestId('applications-empty')).toBeVisible();
  // The page's parts are loaded (the add dialog among them) before the network goes.
  await expect(page.getByRole('button', { name: 'Add an application' })).toBeVisible();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/tracked-applications') && request.method() !== 'GET') sent.push(request.method());
  });

  await page.context().setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByRole('button', { name: 'Add an application' }).click();
  const dialog = page.getByTestId('add-tracked-dialog');
  await dialog.getByLabel('Company').fill('Offline Corp');
  await dialog.getByLabel('Job title').fill('Field Engineer Intern');
  await dialog.getByLabel('Link to the job posting').fill('https://jobs.example.org/field');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const offline = trackedCard(page, 'Field Engineer Intern');
  await expect(offline.getByTestId('tracked-stage')).toHaveText('Applied');
  await expect(page.getByTestId('tracker-offline')).toBeVisible();
  await offline.getByRole('button', { name: 'Update' }).click();
  const update = page.getByTestId('update-tracked-dialog');
  await update.getByLabel('Stage').selectOption('assessment');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update).toBeHidden();
  await expect(offline.getByTestId('tracked-stage')).toHaveText('Online assessment');
  // Nothing reached the server (every attempt failed offline) and nothing is lost on a reload.
  const token = await idToken(page);
  const stored = async () => {
    const res = await fetch(`${e2eEnv.baseUrl}/api/tracked-applications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { trackedApplications: { title: string; stage: string; history: unknown[] }[] })
      .trackedApplications;
  };
  expect(await stored()).toEqual([]);

  // Back online: the application arrives once, at the stage it was moved to offline, with both changes dated.
  sent.length = 0;
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('tracker-offline')).toHaveCount(0);
  await expect
    .poll(async () => (await stored()).map((item) => [item.title, item.stage]))
    .toEqual([['Field Engineer Intern', 'assessment']]);
  expect((await stored())[0]!.history).toHaveLength(2);
  // Later syncs (a reload, the tab shown again) send nothing more: it was sent once.
  await page.reload();
  await expect(trackedCard(page, 'Field Engineer Intern').getByTestId('tracked-stage')).toHaveText('Online assessment');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => stored()).toHaveLength(1);
  expect(sent.filter((method) => method === 'POST')).toHaveLength(1);
});

test('a tracked listing that leaves the feeds is marked closed, with the date', async ({ page }) => {
  const leaving = feedListing({
    id: 'e2e-tracker-leaving',
    title: 'Vanishing Intern',
    company_name: company,
    date_posted: newest,
    url: 'https://careers.example.com/tracker/leaving',
  });
  const staying = feedListing({
    id: 'e2e-tracker-staying',
    title: 'Staying Intern',
    company_name: company,
    date_posted: newest,
    url: 'https://careers.example.com/tracker/staying',
  });
  // An import replaces the whole internship feed: the other tests' listings stay in both.
  const source = (records: FeedListing[]) => ({
    sources: [{ name: 'e2e-tracker-internships.json', type: 'internship', records: [...listings, ...records] }],
  });
  await adminPost('ingest', source([leaving, staying]));
  await signIn(page, 'tracker-closed');
  const token = await idToken(page);
  for (const listing of [leaving, staying]) {
    const res = await fetch(`${e2eEnv.baseUrl}/api/tracked-applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        jobId: listing.id,
        company,
        title: listing.title,
        url: listing.url,
        stage: 'applied',
      }),
    });
    expect(res.status, await res.text()).toBe(201);
  }
  await adminPost('ingest', source([staying]));

  await page.goto('/jobs/applied');
  const closedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  await expect(trackedCard(page, 'Vanishing Intern').getByTestId('tracked-closed')).toHaveText(
    `Listing closed ${closedOn}`,
  );
  await expect(trackedCard(page, 'Staying Intern')).toBeVisible();
  await expect(trackedCard(page, 'Staying Intern').getByTestId('tracked-closed')).toHaveCount(0);
});

test('in French: the prompt, the list and the dialog; My Applications with both kinds has no axe violations; screenshots', async ({
  page,
}) => {
  const email = await signIn(page, 'tracker-fr', 'fr');
  const inAppTitle = await applyInApp(page, email);
  await openBoard(page);
  await openListing(page, 4);
  await comeBack(page);
  await expect(prompt(page)).toContainText(`Avez-vous postulé à ${title(4)} chez ${company} ?`);
  await expect(prompt(page).getByRole('button', { name: 'Pas encore' })).toBeVisible();
  await expect(prompt(page).getByRole('button', { name: 'Pas intéressé' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoOverflow(page);
    await shot(page, `prompt-fr-${width}`);
  }
  await prompt(page).getByRole('button', { name: 'Oui, la suivre' }).click();
  await expect(card(page, 4).getByTestId('job-applied')).toHaveText('Candidature suivie');

  await page.goto('/jobs/applied');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes candidatures' })).toBeVisible();
  await expect(page.getByTestId('application-card').filter({ hasText: inAppTitle })).toBeVisible();
  const tracked = trackedCard(page, title(4));
  await expect(tracked.getByText('Suivie', { exact: true })).toBeVisible();
  await expect(tracked.getByRole('button', { name: 'Mettre à jour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter une candidature' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exporter (CSV)' })).toBeVisible();
  await expect(page.getByTestId('applications-summary')).toContainText('Mes chiffres');
  await expect(page.getByTestId('applications-week-chart')).toBeVisible();
  await expect(page.getByTestId('apply-prompt-setting')).toContainText('Avez-vous postulé ?');
  await page.getByRole('button', { name: 'Ajouter une candidature' }).click();
  await expect(page.getByRole('dialog', { name: 'Ajouter une candidature envoyée ailleurs' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await shot(page, `my-applications-fr-${width}`);
    await page.getByTestId('applications-summary').screenshot({ path: path.join(shotDir, `summary-fr-${width}.png`) });
  }

  // The dashboard's card: both kinds in one list, with the student's numbers, in French.
  await page.goto('/dashboard');
  const dashboardCard = page.getByTestId('dashboard-applications');
  await expect(dashboardCard.getByTestId('applications-count')).toHaveText('2 candidatures');
  await expect(dashboardCard.getByTestId('dashboard-tracked-application')).toContainText(
    `${company} · suivie · envoyée le`,
  );
  await expect(dashboardCard.getByTestId('dashboard-application-numbers')).toHaveText(
    /^0\s%\sde réponses · 0 entretien · 0 offre$/,
  );
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await settle(page);
    await dashboardCard.screenshot({ path: path.join(shotDir, `dashboard-card-fr-${width}.png`) });
  }
});

test('My Applications with both kinds in English: axe 0, 44 px targets, no sideways scrolling; screenshots', async ({
  page,
}) => {
  const email = await signIn(page, 'tracker-en-shots');
  const inAppTitle = await applyInApp(page, email);
  await openBoard(page);
  await openListing(page, 5);
  await comeBack(page);
  await expect(prompt(page)).toContainText(`Did you apply to ${title(5)} at ${company}?`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoOverflow(page);
    await shot(page, `prompt-en-${width}`);
  }
  for (const button of await prompt(page).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height, await button.innerText()).toBeGreaterThanOrEqual(44);
  }
  await expectNoAxeViolations(page);
  await prompt(page).getByRole('button', { name: 'Yes, track it' }).click();

  await page.goto('/jobs/applied');
  await expect(page.getByTestId('application-card').filter({ hasText: inAppTitle })).toBeVisible();
  await expect(trackedCard(page, title(5))).toBeVisible();
  // One sent 40 days ago, added by hand today: "No answer?" is suggested (30 days without news).
  await page.getByRole('button', { name: 'Add an application' }).click();
  const dialog = page.getByTestId('add-tracked-dialog');
  await dialog.getByLabel('Company').fill('Quiet Corp');
  await dialog.getByLabel('Job title').fill('Support Engineer Intern');
  await dialog.getByLabel('Link to the job posting').fill('http://quiet.example.com/jobs/7');
  await dialog.getByLabel('Applied on').fill(daysAhead(-40).input.slice(0, 10));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const quiet = trackedCard(page, 'Support Engineer Intern');
  await expect(quiet.getByTestId('ghosted-hint')).toContainText('No news for 30 days');
  await expect(trackedCard(page, title(5)).getByTestId('ghosted-hint')).toHaveCount(0);
  await expect(page.getByTestId('applications-week-chart')).toBeVisible();
  await expect(page.getByTestId('applications-summary')).toContainText('Response rate');
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    for (const button of await page.getByTestId('applications-column').getByRole('button').all()) {
      if (!(await button.isVisible())) continue;
      const box = (await button.boundingBox())!;
      expect(box.height, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    await shot(page, `my-applications-en-${width}`);
    await page.getByTestId('applications-summary').screenshot({ path: path.join(shotDir, `summary-en-${width}.png`) });
  }
  await quiet.getByRole('button', { name: 'Mark as no answer' }).click();
  await expect(quiet.getByTestId('tracked-stage')).toHaveText('No answer');
  await expect(quiet.getByTestId('ghosted-hint')).toHaveCount(0);

  // The dashboard's card lists all three, tracked ones marked, with the numbers: none answered yet.
  await page.goto('/dashboard');
  const dashboardCard = page.getByTestId('dashboard-applications');
  await expect(dashboardCard.getByTestId('applications-count')).toHaveText('3 applications');
  await expect(dashboardCard.getByTestId('dashboard-tracked-application')).toHaveCount(2);
  await expect(dashboardCard.getByTestId('dashboard-application-numbers')).toHaveText(
    '0% answered · 0 interviews · 0 offers',
  );
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await settle(page);
    await dashboardCard.screenshot({ path: path.join(shotDir, `dashboard-card-en-${width}.png`) });
  }
});
