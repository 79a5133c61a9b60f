import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { featuredJobs, idToken } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Resume autofill (issue 31), in English and French with axe and screenshots:
// - a new student, during onboarding, chooses a two-column French resume; it is read on the device with the
//   connection cut (the page's requests fail: service workers are blocked there), the review sheet shows each value
//   beside the profile's, the student applies them online and the dashboard's checklist shows those fields done;
// - in the apply wizard, a student whose profile has no details attaches the resume in the Resume step: the step
//   offers to fill the profile from it, the review saves it, and the wizard's blank answers take the new values while
//   what the student typed stays;
// - in a later session opened with no network at all (the service worker serves the app and the reader), a resume
//   is still read.
// (Overwrites left unticked and values the rules refuse are covered by
// src/client/features/profile/resume-autofill/autofill-proposals.test.ts.)

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/resume-autofill');
const frenchTwoColumnResume = path.resolve('tests/fixtures/resumes/02-fr-sidebar-left.pdf');

const words = {
  en: {
    apply: (count: number) => `Apply ${count} selected`,
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    university: 'University',
    major: 'Major',
    graduationYear: 'Graduation year',
    github: 'GitHub username (optional)',
    resumeFile: 'Resume file',
    next: 'Next',
    back: 'Back',
    steps: { github: 'GitHub Profile', hackathons: 'Hackathons', resume: 'Resume', personal: 'Personal Info' },
    canFill: /Your resume can fill \d+ fields of your profile/,
    filled: 'Your profile was filled from this resume.',
  },
  fr: {
    apply: (count: number) => `Appliquer ${count} ${count === 1 ? 'sélection' : 'sélections'}`,
    firstName: 'Prénom',
    lastName: 'Nom',
    phone: 'Numéro de téléphone',
    university: 'Université',
    major: "Programme d'études",
    graduationYear: 'Année de diplomation',
    github: "Nom d'utilisateur GitHub (facultatif)",
    resumeFile: 'Fichier du CV',
    next: 'Suivant',
    back: 'Retour',
    steps: { github: 'Profil GitHub', hackathons: 'Hackathons', resume: 'CV', personal: 'Informations personnelles' },
    canFill: /Votre CV peut remplir \d+ champs de votre profil/,
    filled: 'Votre profil a été rempli à partir de ce CV.',
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

/** The page at both widths: no sideways scrolling, axe clean, a full-page screenshot each. */
async function shotsOfPage(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `no sideways scroll at ${width} px`).toBe(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
}

/** The signed-in student's profile as the server keeps it. */
async function serverProfile(page: Page): Promise<Record<string, unknown>> {
  const res = await fetch(`${e2eEnv.baseUrl}/api/profile`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const row = (page: Page, field: string) => page.getByTestId(`review-${field}`);

test.describe('with the service worker blocked', () => {
  test.use({ serviceWorkers: 'block' });

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

  for (const locale of ['en', 'fr'] as const) {
    test(`the apply wizard offers to fill an empty profile from the attached resume (${locale})`, async ({
      page,
      context,
    }) => {
      test.slow();
      const w = words[locale];
      const [job] = await featuredJobs();
      await signInWithEmailLink(page, uniqueEmail(`autofill-wizard-${locale}`));
      await expect(page).toHaveURL(/\/dashboard$/);
      await context.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
      await page.goto(`/jobs/${job!.slug}/apply`);
      const heading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
      const next = async (step: string) => {
        await page.getByRole('button', { name: w.next }).click();
        await expect(heading(step)).toBeVisible();
      };
      const back = async (step: string) => {
        await page.getByRole('button', { name: w.back }).click();
        await expect(heading(step)).toBeVisible();
      };

      // The student types Personal Info (a phone and a program of their own), and leaves GitHub blank.
      await expect(heading(w.steps.personal)).toBeVisible({ timeout: 30_000 });
      await page.getByLabel(w.firstName).fill('José');
      await page.getByLabel(new RegExp(`^${w.lastName}`)).fill('Álvarez-Núñez');
      await page.getByLabel(w.phone).fill('+1 438 555 0100');
      await page.getByLabel(w.university).fill('Polytechnique Montréal');
      await page.getByLabel(w.major).fill('Génie informatique');
      await page.getByLabel(w.graduationYear).fill('2025');
      await next(w.steps.github);
      await next(w.steps.hackathons);
      await next(w.steps.resume);

      // Attaching the resume reads it on the device and offers to fill the profile (nothing opens by itself).
      await page.getByLabel(w.resumeFile).setInputFiles(frenchTwoColumnResume);
      const offer = page.getByTestId('autofill-offer');
      await expect(offer).toContainText(w.canFill, { timeout: 30_000 });
      await expect(page.getByTestId('resume-review')).toBeHidden();
      await shotsOfPage(page, `wizard-offer-${locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByTestId('autofill-offer-review').click();
      const review = page.getByTestId('resume-review');
      await expect(review).toBeVisible();
      // The profile has no details: every value fills a blank and is ticked.
      for (const [field, value] of Object.entries({
        phone: '514-555-0142',
        program: 'Science des données',
        githubUsername: 'josealva',
      })) {
        await expect(row(page, field).getByTestId('review-proposed')).toContainText(value);
        await expect(row(page, field).getByRole('checkbox')).toBeChecked();
      }
      await page.getByTestId('review-apply').click();
      await expect(review).toBeHidden({ timeout: 30_000 });
      await expect(page.getByTestId('autofill-offer-applied')).toHaveText(w.filled);
      // The attachment is still the one chosen.
      await expect(page.getByTestId('resume-file')).toContainText('02-fr-sidebar-left.pdf');

      // Saved to the profile through its rules.
      const saved = await serverProfile(page);
      expect(saved).toMatchObject({
        phone: '514-555-0142',
        school: 'Polytechnique Montréal',
        program: 'Science des données',
        graduationYear: '2025',
        githubUsername: 'josealva',
      });
      expect(String(saved.skills)).toContain('Kotlin');

      // The wizard: the blank GitHub answer took the profile's new value; what the student typed stayed.
      await back(w.steps.hackathons);
      await back(w.steps.github);
      await expect(page.getByLabel(w.github)).toHaveValue('josealva');
      await back(w.steps.personal);
      await expect(page.getByLabel(w.phone)).toHaveValue('+1 438 555 0100');
      await expect(page.getByLabel(w.major)).toHaveValue('Génie informatique');
    });
  }
});

test.describe('in a later session with no network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a resume is read on the device when the app was opened offline', async ({ page, context }) => {
    test.slow();
    await signInWithEmailLink(page, uniqueEmail('autofill-offline'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByTestId('onboarding')).toBeVisible({ timeout: 30_000 });
    // The service worker has installed (its precache holds the app and the resume reader) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByTestId('onboarding')).toBeVisible({ timeout: 30_000 });
    await page.close();

    // A new session, with no network at all: every request the browser makes fails unless the worker answers it.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    const later = await context.newPage();
    await later.goto('/account');
    // Offline, the profile is this device's copy, read-only: a resume is still read for review.
    await expect(later.getByTestId('account-offline')).toBeVisible({ timeout: 30_000 });
    await later.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(later.getByTestId('offline-autofill')).toBeVisible();
    await expect(later.getByTestId('autofill-button')).toHaveAttribute('data-reader-ready', 'true', {
      timeout: 30_000,
    });
    await later.getByTestId('autofill-input').setInputFiles(frenchTwoColumnResume);
    const review = later.getByTestId('resume-review');
    await expect(review).toBeVisible();
    await expect(row(later, 'lastName').getByTestId('review-proposed')).toContainText('Álvarez-Núñez');
    await expect(row(later, 'school').getByTestId('review-proposed')).toContainText('Polytechnique Montréal');
    // Saving needs the network: the sheet says so and waits.
    await expect(later.getByTestId('review-offline')).toBeVisible();
    await expect(later.getByTestId('review-apply')).toBeDisabled();
    await expectNoAxeViolations(later);

    // Back online, the values read offline are applied and the page shows the saved profile.
    await context.unroute('**/*');
    await context.setOffline(false);
    await expect(later.getByTestId('review-offline')).toBeHidden();
    await later.getByTestId('review-apply').click();
    await expect(review).toBeHidden({ timeout: 30_000 });
    await expect(later.getByTestId('account-offline')).toBeHidden();
    await expect(later.getByTestId('profile-full-name')).toHaveText('José Álvarez-Núñez');
    expect(await serverProfile(later)).toMatchObject({ school: 'Polytechnique Montréal', phone: '514-555-0142' });
  });
});
