import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { createOrganization, joinOrganization, uniqueCompanyEmail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// A company member posts an internship saying who it is for (family, term, degrees) and that it sponsors visas; a
// student sees it on the board as "Sponsors visas" with the criteria in one line, and on the job page. Screenshots of
// the form's section, the card and the job page at 375 and 1280 px in English and French.
test.use({ serviceWorkers: 'block' });
test.setTimeout(240_000);

const dir = process.env.SHOTS_DIR ?? 'test-results/screens';
const widths = [375, 1280] as const;

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

async function setLocale(page: Page, locale: 'en' | 'fr') {
  await page.context().addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
}

/** At each width: no sideways scroll, then a picture of `target` (the whole page when it is the page). */
async function shoot(page: Page, target: Locator | null, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return document.documentElement.scrollWidth - document.documentElement.clientWidth;
          }),
        { message: `${name} at ${width}px scrolls sideways` },
      )
      .toBe(0);
    const path = `${dir}/${name}-${width}.png`;
    // From the top of the page, clipped to the element: an element's own screenshot scrolls it under the sticky header.
    await page.evaluate(() => window.scrollTo(0, 0));
    const clip = target
      ? await target.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
        })
      : undefined;
    await page.screenshot({ path, fullPage: true, clip });
  }
}

/** The job's card on a freshly loaded board, once the list shows the app's own results (not the shell's picture). */
async function boardCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByTestId('job-card').filter({ hasText: title });
  await expect
    .poll(
      async () => {
        await page.goto(`/jobs?q=${encodeURIComponent(title)}`);
        await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /local|remote/);
        return card.count();
      },
      { message: `"${title}" on the board`, timeout: 30_000, intervals: [1000, 2000] },
    )
    .toBe(1);
  return card;
}

test('a member posts an internship with its criteria and visa sponsorship; the board and the job page show them', async ({
  browser,
}) => {
  mkdirSync(dir, { recursive: true });
  const organization = `Criteria Labs ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('criteria-owner');
  const owner = await newPage(browser);
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const title = `Machine Learning Intern ${Date.now()}`;

  await owner.goto('/company/jobs/new');
  await owner.getByLabel('Title').fill(title);
  await owner.getByLabel('Type').selectOption('Internship');
  await owner.getByLabel('Location').fill('Montréal, QC, Canada');
  await owner.getByLabel('Description').fill('Train the models behind our search.');
  await owner.getByLabel('Requirements').fill('Python and statistics.');
  const criteriaFields = owner.getByTestId('job-criteria-fields');
  // Terms are for internships only.
  await owner.getByLabel('Type').selectOption('Full-time');
  await expect(criteriaFields.getByTestId('job-terms')).toHaveCount(0);
  await owner.getByLabel('Type').selectOption('Internship');
  await owner.getByLabel('Role family').selectOption({ label: 'AI, ML & Data' });
  const summer = criteriaFields
    .getByTestId('job-terms')
    .getByText(/^Summer \d{4}$/)
    .first();
  const term = (await summer.textContent())!;
  await summer.click();
  await criteriaFields.getByTestId('job-degrees').getByText("Bachelor's", { exact: true }).click();
  await criteriaFields.getByTestId('job-degrees').getByText("Master's", { exact: true }).click();
  await criteriaFields.getByTestId('job-sponsorship-choice').getByText('Yes', { exact: true }).click();
  await shoot(owner, criteriaFields, 'job-form-criteria-en');
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const jobId = /\/company\/jobs\/([^/?]+)/.exec(owner.url())![1]!;
  // The company's own page of the job says who it is for, as the board will.
  await expect(owner.getByTestId('company-job-criteria')).toHaveText(
    `AI, ML & Data · ${term} · Bachelor's, Master's · Sponsors visas`,
  );

  // The edit form reads the choices back (in French here).
  await setLocale(owner, 'fr');
  await owner.goto(`/company/jobs/${jobId}/edit`);
  const frenchFields = owner.getByTestId('job-criteria-fields');
  await expect(owner.getByLabel('Famille de métiers')).toHaveValue('ai-ml-data');
  const frenchTerm = term.replace('Summer', 'Été');
  await expect(frenchFields.getByTestId('job-terms').getByRole('checkbox', { name: frenchTerm })).toBeChecked();
  await expect(frenchFields.getByTestId('job-degrees').getByRole('checkbox', { name: 'Maîtrise' })).toBeChecked();
  await expect(frenchFields.getByTestId('job-degrees').getByRole('checkbox', { name: 'Doctorat' })).not.toBeChecked();
  await expect(frenchFields.getByRole('radio', { name: 'Oui' })).toBeChecked();
  await shoot(owner, frenchFields, 'job-form-criteria-fr');

  const criteria = `AI, ML & Data · ${term} · Bachelor's, Master's`;
  const student = await newPage(browser);
  await signInWithEmailLink(student, uniqueEmail('criteria-student'), '/jobs');
  await expect(student).toHaveURL(/\/jobs$/);
  const card = await boardCard(student, title);
  await expect(card.getByTestId('job-card-sponsorship')).toHaveText('Sponsors visas');
  await expect(card.getByTestId('job-card-criteria')).toHaveText(criteria);
  await shoot(student, card, 'job-card-en');

  await card.getByRole('link', { name: title }).click();
  const detail = student.getByTestId('job-detail');
  await expect(detail.getByTestId('job-criteria')).toHaveText(criteria);
  await expect(detail.getByTestId('job-sponsorship')).toHaveText('Sponsors visas');
  await shoot(student, null, 'job-page-en');

  await setLocale(student, 'fr');
  await student.reload();
  await expect(detail.getByTestId('job-criteria')).toHaveText(
    `IA, ML et données · ${frenchTerm} · Baccalauréat, Maîtrise`,
  );
  await expect(detail.getByTestId('job-sponsorship')).toHaveText('Parraine les visas');
  await shoot(student, null, 'job-page-fr');
  const frenchCard = await boardCard(student, title);
  await expect(frenchCard.getByTestId('job-card-sponsorship')).toHaveText('Parraine les visas');
  await shoot(student, frenchCard, 'job-card-fr');
});
