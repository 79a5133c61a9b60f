import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Resume autofill (issue 31): a new student, during onboarding, chooses a two-column French resume; it is read on the
// device with the connection cut (the page's requests fail: service workers are blocked here), the review sheet shows
// each value beside the profile's, the student applies them online and the dashboard's checklist shows those fields
// done. In English and French; axe and screenshots of the sheet. (Overwrites left unticked and values the rules refuse
// are covered by src/client/features/profile/resume-autofill/autofill-proposals.test.ts.)

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/resume-autofill');
const frenchTwoColumnResume = path.resolve('tests/fixtures/resumes/02-fr-sidebar-left.pdf');

test.use({ serviceWorkers: 'block' });

const words = {
  en: {
    apply: (count: number) => `Apply ${count} selected`,
  },
  fr: {
    apply: (count: number) => `Appliquer ${count} ${count === 1 ? 'sélection' : 'sélections'}`,
  },
} as const;
type Locale = keyof typeof words;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

async function shotsOfReview(page: Page, locale: Locale): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    const sideways = await page.getByTestId('resume-review').evaluate((sheet) => sheet.scrollWidth > sheet.clientWidth);
    expect(sideways, `no sideways scroll at ${width} px`).toBe(false);
    await page.screenshot({ path: path.join(shotDir, `review-${locale}-${width}.png`) });
  }
}

const row = (page: Page, field: string) => page.getByTestId(`review-${field}`);

for (const locale of ['en', 'fr'] as const) {
  // A whole flow with a sign-in, a review and two saves: three times the default time.
  test(`a new student fills the profile from a two-column French resume during onboarding (${locale})`, async ({
    page,
    context,
  }) => {
    test.slow();
    const w = words[locale];
    await signInWithEmailLink(page, uniqueEmail(`autofill-${locale}`));
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    await page.goto('/account');
    // First visits load the account page and then PDF.js into the reader's worker: slow on a busy machine.
    await expect(page.getByTestId('onboarding')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('autofill-button')).toHaveAttribute('data-reader-ready', 'true', {
      timeout: 30_000,
    });

    // Offline: the PDF is read on the device, nothing is fetched.
    await context.setOffline(true);
    await page.getByTestId('autofill-input').setInputFiles(frenchTwoColumnResume);
    const review = page.getByTestId('resume-review');
    await expect(review).toBeVisible();
    const expected: Record<string, string> = {
      firstName: 'José',
      lastName: 'Álvarez-Núñez',
      phone: '514-555-0142',
      school: 'Polytechnique Montréal',
      program: 'Science des données',
      graduationYear: '2025',
      githubUsername: 'josealva',
      skills: 'C++, TypeScript, Go, C, Kotlin, AWS, Python, Pandas, scikit-learn, Redis, MongoDB',
    };
    for (const [field, value] of Object.entries(expected)) {
      await expect(row(page, field).getByTestId('review-proposed')).toContainText(value);
      // The profile is empty: every value fills a blank and is ticked.
      await expect(row(page, field).getByRole('checkbox')).toBeChecked();
    }
    await expectNoAxeViolations(page);
    await shotsOfReview(page, locale);

    await context.setOffline(false);
    const apply = review.getByRole('button', { name: w.apply(Object.keys(expected).length) });
    await apply.click();
    // Two saves (the name, then the rest) on a busy machine.
    await expect(review).toBeHidden({ timeout: 30_000 });
    // The name was part of it: onboarding is over.
    await expect(page.getByTestId('profile-full-name')).toHaveText('José Álvarez-Núñez');

    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-checklist')).toBeVisible({ timeout: 30_000 });
    for (const item of ['name', 'school', 'program', 'graduationYear', 'phone', 'github', 'skills']) {
      await expect(page.getByTestId(`checklist-${item}`)).toHaveAttribute('data-done', 'true');
    }
    await expect(page.getByTestId('checklist-devpost')).toHaveAttribute('data-done', 'false');
  });
}
