import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail, waitForMail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Interview scheduling (decision 038): a member proposes two times, the student books one in My Applications, both
// get the e-mail with its calendar invitation in the mail outbox, the member moves it (an update, SEQUENCE 1) and
// cancels it (METHOD:CANCEL). Times show in the viewer's zone (the browsers here are in Montréal). Axe on each
// screen; screenshots at 375 and 1280 px in English and French under test-results/interviews.
test.use({ serviceWorkers: 'block', timezoneId: 'America/Toronto' });
test.setTimeout(600_000);

const dir = 'test-results/interviews';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ serviceWorkers: 'block', timezoneId: 'America/Toronto' })).newPage();
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

/** A `datetime-local` value `days` from today at `hour`:00 (the browser's wall clock). */
function localTime(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

async function openApplication(owner: Page, jobId: string): Promise<void> {
  await owner.goto(`/company/jobs/${jobId}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').first().click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
}

async function propose(owner: Page, times: string[]): Promise<void> {
  const card = owner.getByTestId('interviews');
  await card.getByTestId('interview-propose').click();
  const form = card.getByTestId('interview-form');
  for (const [index, time] of times.entries()) {
    if (index > 0) await form.getByTestId('interview-add-time').click();
    await form.getByTestId(`interview-time-${index}`).fill(time);
  }
  await form.getByTestId('interview-duration').selectOption('30');
  await form.getByTestId('interview-location').fill('Room 4, 1 Main St.');
  await form.getByTestId('interview-video').fill('https://meet.example.com/abc-defg-hij');
  await form.getByTestId('interviewer-choice').first().click();
  await form.getByTestId('interview-submit').click();
  await expect(form).toBeHidden();
}

test('proposed -> booked -> invitations in the outbox -> moved -> cancelled', async ({ browser }) => {
  mkdirSync(dir, { recursive: true });
  const organization = `Interview Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('interviews-owner');
  const owner = await newPage(browser);
  await owner.setViewportSize({ width: 1280, height: 900 });
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const title = `Firmware Intern ${Date.now()}`;
  const jobId = await postJob(owner, { title });

  const student = await newPage(browser);
  const studentEmail = uniqueEmail('interviews-student');
  await signInWithEmailLink(student, studentEmail, `/jobs/${jobId}/apply`);
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();

  // The member proposes two times, in their own zone.
  await openApplication(owner, jobId);
  const card = owner.getByTestId('interviews');
  await expect(card.getByText('No interview yet.', { exact: false })).toBeVisible();
  await card.getByTestId('interview-propose').click();
  await expect(card.getByText('In your time zone (America/Toronto).', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();
  await propose(owner, [localTime(2, 10), localTime(3, 14)]);
  const interview = card.getByTestId('interview');
  await expect(interview.getByTestId('interview-status')).toHaveText('Times proposed');
  await expect(interview.getByTestId('interview-slot')).toHaveCount(2);
  await expect(interview.getByTestId('interview-slot').first()).toContainText('10:00');
  await expect(interview.getByTestId('interview-slot').first()).toContainText('EST');
  await expectNoAxeViolations(owner);
  await shoot(owner, 'company-proposed', 'en');
  await waitForMail(studentEmail, /would like to interview you for Firmware Intern/);

  // The student books the second time in My Applications.
  await student.goto('/jobs/applied');
  const mine = student.getByTestId('my-interview');
  await expect(mine.getByTestId('interview-slot-choice')).toHaveCount(2);
  await expect(mine.getByTestId('interview-book')).toBeDisabled();
  await expectNoAxeViolations(student);
  await shoot(student, 'student-pick', 'en');
  await mine.getByTestId('interview-slot-choice').nth(1).click();
  await mine.getByTestId('interview-book').click();
  await expect(mine.getByTestId('my-interview-status')).toHaveText('Booked');
  await expect(mine.getByTestId('my-interview-time')).toContainText('2:00');
  await expect(mine.getByTestId('interview-slot-choice')).toHaveCount(0);
  await expectNoAxeViolations(student);
  await shoot(student, 'student-booked', 'en');

  // Both sides have the invitation: a text/calendar REQUEST and an .ics attachment.
  for (const mail of [
    await waitForMail(studentEmail, /is booked: /),
    await waitForMail(ownerEmail, /booked an interview for Firmware Intern/),
  ]) {
    expect(mail.text).toContain('text/calendar; charset=utf-8; method=REQUEST');
    expect(mail.text).toMatch(/filename="?interview\.ics/);
    expect(mail.text).toContain('METHOD:REQUEST');
    expect(mail.text).toContain('SEQUENCE:0');
  }

  // The member moves it: an update of the same event (SEQUENCE 1).
  await owner.reload();
  await expect(interview.getByTestId('interview-status')).toHaveText('Booked');
  await interview.getByTestId('interview-move').click();
  await interview.getByTestId('interview-move-time').fill(localTime(4, 11));
  await interview.getByTestId('interview-move-submit').click();
  await expect(interview.getByTestId('interview-move-form')).toBeHidden();
  await expect(interview.getByTestId('interview-history')).toContainText('moved it to');
  for (const mail of [
    await waitForMail(studentEmail, /has moved to/),
    await waitForMail(ownerEmail, /Interview moved: /),
  ]) {
    expect(mail.text).toContain('METHOD:REQUEST');
    expect(mail.text).toContain('SEQUENCE:1');
  }

  // Cancelled, after a confirmation: METHOD:CANCEL to both sides.
  await interview.getByTestId('interview-cancel').click();
  const confirm = owner.getByRole('alertdialog');
  await expect(confirm).toContainText('removes it from their calendars');
  await expectNoAxeViolations(owner);
  await confirm.getByRole('button', { name: 'Cancel the interview' }).click();
  await expect(interview.getByTestId('interview-status')).toHaveText('Cancelled');
  for (const mail of [
    await waitForMail(studentEmail, /cancelled your interview for Firmware Intern/),
    await waitForMail(ownerEmail, /Interview cancelled: /),
  ]) {
    // (The header's "method=CANCEL" reads as quoted-printable "=CA" once decoded: the calendar's own line is checked.)
    expect(mail.text).toContain('Content-Type: text/calendar; charset=utf-8; method');
    expect(mail.text).toContain('METHOD:CANCEL');
    expect(mail.text).toContain('STATUS:CANCELLED');
    expect(mail.text).toContain('SEQUENCE:2');
  }
  await student.reload();
  await expect(student.getByTestId('my-interview-status')).toHaveText('Cancelled');
  await shoot(owner, 'company-cancelled', 'en');

  // The same screens in French, with new times to pick from.
  for (const page of [owner, student]) {
    await page.context().addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
  }
  await owner.reload();
  await expect(card.getByRole('heading', { name: 'Entretiens' })).toBeVisible();
  await card.getByTestId('interview-propose').click();
  const form = card.getByTestId('interview-form');
  await form.getByTestId('interview-time-0').fill(localTime(5, 9));
  await form.getByTestId('interview-video').fill('https://meet.example.com/xyz');
  await form.getByTestId('interviewer-choice').first().click();
  await expectNoAxeViolations(owner);
  await shoot(owner, 'company-form', 'fr');
  await form.getByTestId('interview-submit').click();
  await expect(form).toBeHidden();
  await expect(card.getByTestId('interview-status').first()).toHaveText('Créneaux proposés');
  await expectNoAxeViolations(owner);
  await shoot(owner, 'company-proposed', 'fr');
  await student.goto('/jobs/applied');
  await expect(student.getByTestId('my-interview').first().getByTestId('interview-slot-choice')).toHaveCount(1);
  await expect(student.getByRole('button', { name: 'Réserver ce créneau' })).toBeVisible();
  await expectNoAxeViolations(student);
  await shoot(student, 'student-pick', 'fr');
  await owner.context().addCookies([{ name: 'locale', value: 'en', url: e2eEnv.baseUrl }]);
  await owner.reload();
  await owner.getByTestId('interviews').getByTestId('interview-propose').click();
  await shoot(owner, 'company-form', 'en');
});
