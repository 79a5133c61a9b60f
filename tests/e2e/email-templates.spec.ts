import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail, waitForMail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Messages the recruiter controls (decision 034): an owner saves a template from a suggestion on the settings page,
// a member moves an applicant with it after a preview in the student's language, the e-mail reaches the student in
// French (the mail outbox), the message is on the application's history and in the student's application view; a
// message without a move reaches an English-speaking student in English. Axe on the screens changed; screenshots at
// 375 and 1280 px in English and French under test-results/email-templates.
test.use({ serviceWorkers: 'block' });
test.setTimeout(600_000);

const dir = 'test-results/email-templates';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block' })).newPage();
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((n) => n.target) })),
  ).toEqual([]);
}

async function shoot(page: Page, name: string, locale: string): Promise<void> {
  for (const width of [375, 1280]) {
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
    await settle(page);
    await page.screenshot({ path: `${dir}/${name}-${locale}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A student who applies to `jobId` (the wizard in English), then uses the app in `locale`. */
async function applicant(browser: Browser, jobId: string, locale: 'en' | 'fr'): Promise<{ page: Page; email: string }> {
  const page = await newPage(browser);
  const email = uniqueEmail(`templates-student-${locale}`);
  await signInWithEmailLink(page, email, `/jobs/${jobId}/apply`);
  await fillWizardToJobDetails(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted!')).toBeVisible();
  if (locale === 'fr') {
    // The app tells the account its new language when it starts in it.
    await page.context().addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
    const told = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/auth/account'),
    );
    await page.goto('/jobs/applied');
    expect((await told).status()).toBe(200);
  }
  return { page, email };
}

test('a templated message with a preview reaches the student in their language and stays on the history', async ({
  browser,
}) => {
  mkdirSync(dir, { recursive: true });
  const organization = `Template Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('templates-owner');
  const owner = await newPage(browser);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);

  // Settings: no template yet, three suggestions; the owner starts from one and saves it.
  await owner.goto('/company/settings');
  const card = owner.getByTestId('email-templates');
  await expect(card.getByRole('heading', { name: 'E-mail templates' })).toBeVisible();
  await expect(card.getByTestId('template-starters')).toBeVisible();
  await card.getByRole('button', { name: 'Start from “Interview invitation”' }).click();
  await expect(card.getByTestId('template-subject-fr')).toHaveValue(
    '{{organization}} : un entretien pour {{jobTitle}}',
  );
  // An unknown variable is named before anything is sent.
  await card.getByTestId('template-body-en').fill('Hi {{firstname}}');
  await expect(card.getByText('Unknown variables: {{firstname}}')).toBeVisible();
  await expect(card.getByTestId('template-save')).toBeDisabled();
  await card
    .getByTestId('template-body-en')
    .fill('Hi {{firstName}},\n\nWe would like to meet you about {{jobTitle}}.\n\n{{recruiterName}}, {{organization}}');
  await card.getByTestId('template-save').click();
  await expect(owner.getByText('Template “Interview invitation” saved')).toBeVisible();
  await expect(card.getByTestId('template-entry')).toHaveCount(1);
  await expect(card.getByTestId('template-entry')).toContainText('Interview');
  await expectNoAxeViolations(owner);

  const frenchTitle = `Firmware Intern ${Date.now()}`;
  const englishTitle = `Robotics Intern ${Date.now()}`;
  const frenchJob = await postJob(owner, { title: frenchTitle });
  const englishJob = await postJob(owner, { title: englishTitle });
  const french = await applicant(browser, frenchJob, 'fr');
  const english = await applicant(browser, englishJob, 'en');

  // The move: Interview with the template (suggested for that status), previewed in the student's language.
  await owner.goto(`/company/jobs/${frenchJob}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').first().click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(owner.getByTestId('messages-empty')).toBeVisible();
  await owner.getByTestId('status-select').selectOption('interview');
  const choice = owner.getByTestId('status').getByTestId('message-select');
  await expect(choice.getByRole('option', { name: 'Template: Interview invitation (suggested)' })).toBeAttached();
  await choice.selectOption({ label: 'Template: Interview invitation (suggested)' });
  await owner.getByTestId('status').getByTestId('message-preview-button').click();
  const preview = owner.getByTestId('message-preview');
  await expect(preview).toContainText(`To ${french.email} · in French`);
  await expect(preview.getByTestId('message-preview-subject')).toHaveText(
    `${organization} : un entretien pour ${frenchTitle}`,
  );
  await expect(preview.getByTestId('message-preview-text')).toContainText('Bonjour Ada,');
  await expectNoAxeViolations(owner);
  await shoot(owner, 'application-preview', 'en');

  await owner.getByTestId('status-save').click();
  await expect(owner.getByText('The student was told by e-mail.')).toBeVisible();
  await expect(owner.getByTestId('application-status').first()).toHaveText('Interview');
  const mail = await waitForMail(french.email, /un entretien pour/);
  expect(mail.text).toContain('Bonjour Ada,');
  expect(mail.text).toContain('lang="fr"');
  // On the application's history, for the organization.
  const entry = owner.getByTestId('message-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('un entretien pour');
  await expect(entry).toContainText('Interview invitation');
  await expect(entry).toContainText(ownerEmail);

  // The student reads it in their application view (French).
  await french.page.goto('/jobs/applied');
  await french.page.getByRole('button', { name: 'Voir la candidature' }).first().click();
  const dialog = french.page.getByRole('dialog');
  await expect(dialog.getByTestId('submission-message')).toContainText('un entretien pour');
  await expect(dialog.getByTestId('submission-message')).toContainText('Bonjour Ada,');
  await expectNoAxeViolations(french.page);

  // A message without a move to the English-speaking student: written words, variables filled, in English.
  await owner.goto(`/company/jobs/${englishJob}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').first().click();
  const messages = owner.getByTestId('messages');
  await messages.getByTestId('message-write').click();
  await messages.getByTestId('message-subject').fill('Your application for {{jobTitle}}');
  await messages.getByTestId('message-body').fill('Hi {{firstName}},\n\nThank you, we will write again next week.');
  await messages.getByTestId('message-preview-button').click();
  await expect(messages.getByTestId('message-preview')).toContainText('in English');
  await expect(messages.getByTestId('message-preview-subject')).toHaveText(`Your application for ${englishTitle}`);
  await expectNoAxeViolations(owner);
  await shoot(owner, 'application-write', 'en');
  await messages.getByTestId('message-send').click();
  await expect(owner.getByText('Message sent to the student.')).toBeVisible();
  await expect(messages.getByTestId('message-entry')).toContainText('Thank you, we will write again next week.');
  const englishMail = await waitForMail(english.email, /Your application for Robotics Intern/);
  expect(englishMail.text).toContain('Hi Ada,');
  // No move: the application is still where it was.
  await expect(owner.getByTestId('applied-badge').first()).toHaveText('Applied');

  // The same screens in French.
  await owner.context().addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
  await owner.goto('/company/settings');
  await expect(
    owner.getByTestId('email-templates').getByRole('heading', { name: 'Modèles de courriels' }),
  ).toBeVisible();
  await expectNoAxeViolations(owner);
  await shoot(owner, 'settings', 'fr');
  await owner.goto(`/company/jobs/${frenchJob}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').first().click();
  await expect(owner.getByTestId('message-entry')).toHaveCount(1);
  await owner.getByTestId('status-select').selectOption('offer');
  await owner.getByTestId('status').getByTestId('message-select').selectOption('status');
  await owner.getByTestId('status').getByTestId('message-preview-button').click();
  await expect(owner.getByTestId('message-preview')).toContainText('en français');
  await expectNoAxeViolations(owner);
  await shoot(owner, 'application-preview', 'fr');
  await owner.context().addCookies([{ name: 'locale', value: 'en', url: e2eEnv.baseUrl }]);
  await owner.goto('/company/settings');
  await shoot(owner, 'settings', 'en');
});
