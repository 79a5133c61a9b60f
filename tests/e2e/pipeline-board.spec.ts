import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { applyAs } from './support/apply.ts';
import {
  createOrganization,
  joinOrganization,
  outboxMails,
  postJob,
  uniqueCompanyEmail,
  waitForMail,
} from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// The pipeline board of a job (issue 28): counts per stage, a card moved by drag and by keyboard (Space, arrows,
// Space) in English and French, on a phone by its menu, several by bulk move; moves are silent unless the member
// ticks the e-mail choice; a card someone else moved goes back with a message; previous/next on the application page
// keeps the list's filters. Screenshots at 375 and 1280 px in both languages, axe, no sideways scrolling.
test.use({ serviceWorkers: 'block' });
test.setTimeout(300_000);

const dir = 'test-results/screens';

/** Status e-mails (not the application confirmations) sent to these students. */
const statusMails = (emails: string[]) =>
  outboxMails().filter(
    (mail) => emails.some((email) => mail.to.includes(email)) && /is now: |est maintenant :/.test(mail.text),
  );

const column = (page: Page, status: string) => page.locator(`[data-testid="pipeline-column"][data-status="${status}"]`);
const card = (page: Page, name: string) => page.getByTestId('pipeline-card').filter({ hasText: name });
const count = (page: Page, status: string) => column(page, status).getByTestId('pipeline-count');

/**
 * Two frames: the drag library measures the columns in an effect after the pick-up renders, and an arrow key pressed
 * before that finds nothing to move over (seen on a slow CI machine: "is over Screening" never came).
 */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function setLocale(page: Page, locale: string) {
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

async function noSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 375 ? 812 : 1100 });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return document.documentElement.scrollWidth - document.documentElement.clientWidth;
      }),
    )
    .toBe(0);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/** Drags a card by its handle onto a column with the mouse, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(40, to.height / 2), { steps: 12 });
  await page.mouse.up();
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

test('the pipeline board moves cards by drag, keyboard, menu and in bulk, silently, in English and French', async ({
  browser,
}) => {
  mkdirSync(dir, { recursive: true });
  const organization = 'Pipeline Robotics';
  const ownerEmail = uniqueCompanyEmail('pipeline-owner');
  const owner = await newPage(browser);
  await owner.setViewportSize({ width: 1280, height: 1100 });
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const jobId = await postJob(owner, { title: `Robotics Intern ${Date.now()}` });
  const students = [
    { first: 'Ada', last: 'Lovelace', school: 'McGill University' },
    { first: 'Grace', last: 'Hopper', school: 'Polytechnique Montréal' },
    { first: 'Alan', last: 'Turing', school: 'McGill University' },
    { first: 'Edsger', last: 'Dijkstra', school: 'Concordia University' },
  ];
  const emails: string[] = [];
  for (const student of students) emails.push(await applyAs(owner, jobId, student));

  // English: the list's view switch opens the board, four in Applied.
  await setLocale(owner, 'en');
  await owner.goto(`/company/jobs/${jobId}`);
  await owner.getByTestId('view-board').click();
  await expect(owner).toHaveURL(/view=board/);
  await expect(count(owner, 'applied')).toHaveText('4');
  await expect(card(owner, 'Ada Lovelace')).toContainText('McGill University');
  await expect(card(owner, 'Ada Lovelace')).toContainText('Not rated');
  await expect(card(owner, 'Ada Lovelace')).toContainText(/Applied \d+\s?m/);

  // Drag: Ada to Screening.
  await drag(owner, card(owner, 'Ada Lovelace').getByTestId('pipeline-drag-handle'), column(owner, 'screening'));
  await expect(column(owner, 'screening').getByTestId('pipeline-card')).toHaveText([/Ada Lovelace/]);
  await expect(count(owner, 'screening')).toHaveText('1');
  await expect(count(owner, 'applied')).toHaveText('3');
  await expect(owner.getByText('Ada Lovelace moved to Screening')).toBeVisible();

  // Keyboard: Grace picked up with Space, two columns right, dropped with Space; the live region says each step.
  const graceHandle = card(owner, 'Grace Hopper').getByTestId('pipeline-drag-handle');
  await graceHandle.focus();
  await owner.keyboard.press('Space');
  await expect(owner.getByText(/Picked up Grace Hopper in Applied/)).toBeAttached();
  await nextFrames(owner);
  await owner.keyboard.press('ArrowRight');
  await expect(owner.getByText('Grace Hopper is over Screening.')).toBeAttached();
  await owner.keyboard.press('ArrowRight');
  await expect(owner.getByText('Grace Hopper is over Interview.')).toBeAttached();
  await owner.keyboard.press('Space');
  await expect(column(owner, 'interview').getByTestId('pipeline-card')).toHaveText([/Grace Hopper/]);
  await expect(owner.getByText('Grace Hopper dropped in Interview.')).toBeAttached();
  // Escape puts a lifted card back.
  await card(owner, 'Alan Turing').getByTestId('pipeline-drag-handle').focus();
  await owner.keyboard.press('Enter');
  await owner.keyboard.press('ArrowRight');
  await owner.keyboard.press('Escape');
  await expect(owner.getByText('Move cancelled: Alan Turing stays in Applied.')).toBeAttached();
  await expect(count(owner, 'applied')).toHaveText('2');

  // Both moves were silent: the students got nothing, My Applications shows the new status.
  expect(statusMails(emails)).toEqual([]);
  await expectNoAxeViolations(owner);
  await noSidewaysScroll(owner, 1280);
  await owner.screenshot({ path: `${dir}/pipeline-board-en-1280.png`, fullPage: true });

  // Someone else moves Ada on the application page: the board's stale card goes back, with a message.
  const teammatePage = await owner.context().newPage();
  await teammatePage.goto(`/company/jobs/${jobId}?view=board`);
  await teammatePage.getByRole('link', { name: 'Ada Lovelace' }).click();
  await teammatePage.getByTestId('status-select').selectOption('offer');
  await teammatePage.getByRole('button', { name: 'Update status' }).click();
  await expect(teammatePage.getByTestId('application-status').first()).toHaveText('Offer');
  await drag(owner, card(owner, 'Ada Lovelace').getByTestId('pipeline-drag-handle'), column(owner, 'interview'));
  await expect(owner.getByText('Someone else moved Ada Lovelace')).toBeVisible();
  await expect(column(owner, 'offer').getByTestId('pipeline-card')).toHaveText([/Ada Lovelace/]);
  await expect(count(owner, 'screening')).toHaveText('0');

  // Next/previous from the application page keeps the list's filters: McGill only, newest first.
  await owner.goto(`/company/jobs/${jobId}?school=McGill+University`);
  await expect(owner.getByTestId('applicant-row')).toHaveCount(2);
  await owner.getByTestId('applicant-row').first().getByRole('link').click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Alan Turing' })).toBeVisible();
  await expect(owner.getByTestId('walk-position')).toHaveText('1 of 2');
  await owner.getByTestId('walk-next').click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(owner.getByTestId('walk-position')).toHaveText('2 of 2');
  await expect(owner.getByRole('button', { name: 'Next candidate' })).toBeDisabled();
  await owner.getByRole('link', { name: 'Previous candidate' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Alan Turing' })).toBeVisible();
  await owner
    .getByRole('link', { name: /Robotics Intern/ })
    .first()
    .click();
  await expect(owner).toHaveURL(/school=McGill/);
  await expect(owner.getByTestId('applicant-row')).toHaveCount(2);

  // French: keyboard move with the announcements in French, then bulk move of two cards, silent.
  await setLocale(owner, 'fr');
  await owner.goto(`/company/jobs/${jobId}?view=board`);
  await expect(count(owner, 'applied')).toHaveText('2');
  await card(owner, 'Alan Turing').getByTestId('pipeline-drag-handle').focus();
  await owner.keyboard.press('Space');
  await expect(owner.getByText(/Candidature de Alan Turing saisie dans « Candidature envoyée »/)).toBeAttached();
  await nextFrames(owner);
  await owner.keyboard.press('ArrowRight');
  await expect(owner.getByText('Candidature de Alan Turing au-dessus de « Présélection ».')).toBeAttached();
  await owner.keyboard.press('Enter');
  await expect(column(owner, 'screening').getByTestId('pipeline-card')).toHaveText([/Alan Turing/]);
  await expect(owner.getByText('Candidature de Alan Turing déplacée vers « Présélection »')).toBeVisible();
  await drag(owner, card(owner, 'Edsger Dijkstra').getByTestId('pipeline-drag-handle'), column(owner, 'interview'));
  await expect(column(owner, 'interview').getByTestId('pipeline-card')).toHaveCount(2);
  await expectNoAxeViolations(owner);
  await noSidewaysScroll(owner, 1280);
  await owner.screenshot({ path: `${dir}/pipeline-board-fr-1280.png`, fullPage: true });

  await card(owner, 'Edsger Dijkstra').getByTestId('pipeline-select').click();
  await card(owner, 'Grace Hopper').getByTestId('pipeline-select').click();
  await owner.getByTestId('pipeline-bulk-status').selectOption('offer');
  await owner.getByTestId('pipeline-bulk-apply').click();
  await expect(count(owner, 'offer')).toHaveText('3');
  await expect(count(owner, 'interview')).toHaveText('0');
  expect(statusMails(emails)).toEqual([]);

  // A phone: the columns stack inside the page's width, each card has a 44 px "Move to" menu.
  await noSidewaysScroll(owner, 375);
  const menu = card(owner, 'Alan Turing').getByTestId('pipeline-move-to');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(
    (await card(owner, 'Alan Turing').getByTestId('pipeline-drag-handle').boundingBox())!.height,
  ).toBeGreaterThanOrEqual(44);
  await owner.screenshot({ path: `${dir}/pipeline-board-fr-375.png`, fullPage: true });
  // With the standard e-mail chosen for moves: this one move tells the student, in their language.
  await owner.getByTestId('pipeline-message').selectOption('status');
  await menu.selectOption('interview');
  await expect(column(owner, 'interview').getByTestId('pipeline-card')).toHaveText([/Alan Turing/]);
  await waitForMail(emails[2]!, /is now: |est maintenant :/);
  expect(statusMails(emails)).toHaveLength(1);
  await expectNoAxeViolations(owner);

  await setLocale(owner, 'en');
  await owner.goto(`/company/jobs/${jobId}?view=board`);
  await expect(count(owner, 'interview')).toHaveText('1');
  await noSidewaysScroll(owner, 375);
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${dir}/pipeline-board-en-375.png`, fullPage: true });

  // A move to Rejected asks first, with a reason for the organization; "Keep where it is" leaves the card.
  const alanMenu = card(owner, 'Alan Turing').getByTestId('pipeline-move-to');
  await alanMenu.selectOption('rejected');
  const dialog = owner.getByTestId('pipeline-reject-dialog');
  await expect(dialog.getByRole('heading', { name: 'Reject Alan Turing?' })).toBeVisible();
  await expect(dialog).toContainText('Nothing is sent to the student');
  await dialog.getByRole('button', { name: 'Keep where it is' }).click();
  await expect(dialog).toBeHidden();
  await expect(column(owner, 'interview').getByTestId('pipeline-card')).toHaveText([/Alan Turing/]);
  await alanMenu.selectOption('rejected');
  await dialog.getByTestId('rejection-reason-select').selectOption('another-candidate');
  await dialog.getByTestId('rejection-note').fill('Took the offer elsewhere first');
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${dir}/pipeline-reject-en-375.png` });
  await dialog.getByTestId('pipeline-reject-confirm').click();
  await expect(column(owner, 'rejected').getByTestId('pipeline-card')).toHaveText([/Alan Turing/]);
  await expect(owner.getByText('Alan Turing moved to Rejected')).toBeVisible();
  // Silent: still the one status e-mail of the earlier move. The reason is on the application's history.
  expect(statusMails(emails)).toHaveLength(1);
  await card(owner, 'Alan Turing').getByRole('link', { name: 'Alan Turing' }).click();
  await expect(owner.getByTestId('history-reason').first()).toHaveText(
    'Reason: Another candidate was chosen · Took the offer elsewhere first',
  );

  // The list's bulk bar rejects several at once with one reason, silently.
  await owner.goto(`/company/jobs/${jobId}?view=list`);
  const row = (name: string) => owner.getByTestId('applicant-row').filter({ hasText: name });
  // The box is a label around a visually hidden input (named "Select …").
  await row('Grace Hopper').locator('label').first().click();
  await row('Edsger Dijkstra').locator('label').first().click();
  await expect(owner.getByRole('checkbox', { name: 'Select Grace Hopper' })).toBeChecked();
  const bulkBar = owner.getByTestId('bulk-bar');
  await bulkBar.getByRole('combobox', { name: 'New status for the selected applicants' }).selectOption('rejected');
  await bulkBar.getByTestId('rejection-reason-select').selectOption('position-filled');
  await bulkBar.getByTestId('bulk-apply').click();
  await expect(owner.getByText('2 applications moved to Rejected')).toBeVisible();
  expect(statusMails(emails)).toHaveLength(1);
  await owner.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(owner.getByTestId('history-reason').first()).toHaveText('Reason: Position filled or closed');
});
