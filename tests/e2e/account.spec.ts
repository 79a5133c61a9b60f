import { expect, test, type BrowserContext, type Locator, type Page, type Route } from './support/test.ts';
import { emulatorAccounts, signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { completeEmulatorPopup, routeGapiStandIn } from './support/firebase-popup.ts';
import { fakeGithubLogin } from './support/third-party-env.ts';

// The account page (/account) against the real server, the Auth emulator, and local stand-ins for GitHub and Devpost
// (tests/e2e/support/third-party-fakes.ts, started by playwright.config.ts).

// One page: the server opens every resume with a PDF reader.
const minimalPdf = (padding = 0) =>
  Buffer.from(
    `%PDF-1.4\n${'%'.repeat(padding)}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** A new e-mail-link account: it has no name yet, so the account page starts with onboarding. */
async function signInNewStudent(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function completeOnboarding(page: Page, firstName = 'Ada', lastName = 'Lovelace'): Promise<void> {
  await page.goto('/account');
  await expect(page.getByTestId('onboarding')).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  // Nothing announced on this page yet: the notifications region is mounted with the first toast, not at start-up.
  await expect(page.getByRole('region', { name: /notifications/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('profile-full-name')).toHaveText(`${firstName} ${lastName}`);
  await expect(toast(page, `Welcome, ${firstName}!`)).toBeVisible();
}

async function signInWithProfile(page: Page, label: string): Promise<string> {
  const email = await signInNewStudent(page, label);
  await completeOnboarding(page);
  return email;
}

const saveBar = (page: Page) => page.getByTestId('save-bar');
const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .getByText(text, { exact: true })
    .first();

async function openSection(page: Page, name: string): Promise<void> {
  const trigger = page.getByRole('button', { name, exact: true });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
}

async function editField(page: Page, label: string, value: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toBeEditable();
  await input.fill(value);
  return input;
}

test.describe('account page', () => {
  test('onboarding asks a new account for its first and last name before anything else', async ({ page }) => {
    await signInNewStudent(page, 'onboarding');
    await page.goto('/account');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Account');
    await expect(page.getByTestId('onboarding')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Personal Information' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await page.getByLabel('First name').fill('User');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your real name')).toBeVisible();

    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('profile-full-name')).toHaveText('Ada Lovelace');
    await expect(page.getByRole('img', { name: 'Profile picture placeholder' })).toBeVisible();
    // Personal Information is open by default; the other sections are collapsed.
    await expect(page.getByRole('button', { name: 'Personal Information' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Connections', 'Skills', 'Resume']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'false');
    }
    // First name, last name and e-mail are read-only and have no edit button.
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('First name')).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Edit First name' })).toHaveCount(0);

    // Sections open and close from the keyboard.
    const connections = page.getByRole('button', { name: 'Connections', exact: true });
    await connections.focus();
    await page.keyboard.press('Enter');
    await expect(connections).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Connect GitHub' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(connections).toHaveAttribute('aria-expanded', 'false');

    await page.reload();
    await expect(page.getByTestId('profile-full-name')).toHaveText('Ada Lovelace');
    await expect(page.getByTestId('onboarding')).toHaveCount(0);
  });

  test('a profile that cannot be loaded shows the reason and a retry that loads it', async ({ page }) => {
    // The network drops every profile request from the start (the signed-in app also reads the profile when it
    // opens), so nothing was kept on this device yet.
    await page.route('**/api/profile', (route) => route.abort('internetdisconnected'));
    await signInNewStudent(page, 'load-error');
    await page.goto('/account');
    await expect(page.getByTestId('account-error')).toContainText("Your profile hasn't been saved on this device yet.");
    await page.unroute('**/api/profile');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('onboarding')).toBeVisible();
  });

  test('edit, discard, cancel and save: the Save/Cancel bar shows only while something differs', async ({ page }) => {
    await signInWithProfile(page, 'edit-save');
    const phone = page.getByLabel('Phone', { exact: true });
    await expect(phone).not.toBeEditable();
    await expect(saveBar(page)).toHaveCount(0);

    await editField(page, 'Phone', '+1 (555) 123-4567');
    await expect(saveBar(page)).toContainText('You have 1 unsaved change');
    await page.getByRole('button', { name: 'Discard changes to Phone' }).click();
    await expect(phone).toHaveValue('');
    await expect(phone).not.toBeEditable();
    await expect(saveBar(page)).toHaveCount(0);

    // Typing the saved value back is not a change either.
    const school = await editField(page, 'School', 'McGill University');
    await expect(saveBar(page)).toBeVisible();
    await school.fill('');
    await expect(saveBar(page)).toHaveCount(0);

    await school.fill('McGill University');
    await editField(page, 'Program', 'Computer Science');
    await expect(saveBar(page)).toContainText('You have 2 unsaved changes');
    await saveBar(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Changes discarded')).toBeVisible();
    await expect(school).toHaveValue('');
    await expect(page.getByLabel('Program', { exact: true })).toHaveValue('');
    await expect(saveBar(page)).toHaveCount(0);

    await editField(page, 'Phone', '  +1 (555) 123-4567 ');
    await editField(page, 'School', 'McGill University');
    await editField(page, 'Graduation year', '2027');
    await editField(page, 'LinkedIn URL', 'https://www.linkedin.com/in/ada-lovelace');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(saveBar(page)).toHaveCount(0);
    // Trimmed before sending, and read-only again.
    await expect(phone).toHaveValue('+1 (555) 123-4567');
    await expect(phone).not.toBeEditable();

    await page.reload();
    await expect(phone).toHaveValue('+1 (555) 123-4567');
    await expect(page.getByLabel('School', { exact: true })).toHaveValue('McGill University');
    await expect(page.getByLabel('Graduation year', { exact: true })).toHaveValue('2027');
    await expect(page.getByLabel('LinkedIn URL', { exact: true })).toHaveValue(
      'https://www.linkedin.com/in/ada-lovelace',
    );
    await expect(saveBar(page)).toHaveCount(0);
  });

  test('a field opened and typed in while a save is on its way stays open, with its text, when the answer comes', async ({
    page,
  }) => {
    await signInWithProfile(page, 'save-in-flight');
    // The save's answer is held until the student has opened and typed in another field (a slow network).
    let holdSave: (route: Route) => void = () => undefined;
    const saveHeld = new Promise<Route>((resolve) => (holdSave = resolve));
    await page.route('**/api/profile/update', (route) => holdSave(route), { times: 1 });

    await editField(page, 'Phone', '+1 (555) 123-4567');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    const save = await saveHeld;
    const school = await editField(page, 'School', 'McGill Univ');
    await save.continue();

    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+1 (555) 123-4567');
    await expect(page.getByLabel('Phone', { exact: true })).not.toBeEditable();
    await expect(school).toHaveValue('McGill Univ');
    await expect(school).toBeEditable();
    await expect(saveBar(page)).toContainText('You have 1 unsaved change');
    await school.fill('McGill University');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(saveBar(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('School', { exact: true })).toHaveValue('McGill University');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+1 (555) 123-4567');
  });

  test('each invalid field shows its rule on the field and in a toast, and nothing is saved', async ({ page }) => {
    await signInWithProfile(page, 'validation');
    const year = new Date().getFullYear();
    const cases: Array<{ section: string; label: string; value: string; title: string; message: string }> = [
      {
        section: 'Personal Information',
        label: 'Phone',
        value: '555.123.4567',
        title: 'Invalid phone number',
        message: 'Phone number can only contain digits, spaces, and +()-',
      },
      {
        section: 'Personal Information',
        label: 'Phone',
        value: '555-1234',
        title: 'Invalid phone number',
        message: 'Phone number must be at least 10 digits',
      },
      {
        section: 'Personal Information',
        label: 'Graduation year',
        value: '25',
        title: 'Invalid graduation year',
        message: 'Graduation year must be a 4-digit year (e.g., 2025)',
      },
      {
        section: 'Personal Information',
        label: 'Graduation year',
        value: String(year + 7),
        title: 'Invalid graduation year',
        message: `Graduation year must be between ${year - 50} and ${year + 6}`,
      },
      {
        section: 'Personal Information',
        label: 'LinkedIn URL',
        value: 'linkedin.com/in/ada',
        title: 'Invalid LinkedIn URL',
        message: 'LinkedIn URL must be in format: linkedin.com/in/username',
      },
      {
        section: 'Personal Information',
        label: 'Portfolio URL',
        value: 'https://localhost',
        title: 'Invalid Portfolio URL',
        message: 'Portfolio URL must be a valid URL (e.g., example.com)',
      },
      {
        section: 'Connections',
        label: 'GitHub username',
        value: '-ada',
        title: 'Invalid GitHub username',
        message: 'GitHub username must be 1-39 letters, digits or hyphens, and cannot start or end with a hyphen',
      },
      {
        section: 'Connections',
        label: 'Devpost username',
        value: 'ada lovelace',
        title: 'Invalid Devpost username',
        message: 'Devpost username can only contain letters, digits, hyphens and underscores',
      },
      {
        section: 'Connections',
        label: 'Devpost username',
        value: 'jane_doe',
        title: 'Devpost verification required',
        message: 'Please verify your Devpost username before saving',
      },
    ];
    for (const { section, label, value, title, message } of cases) {
      await openSection(page, section);
      await editField(page, label, value);
      await saveBar(page).getByRole('button', { name: 'Save' }).click();
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      await expect(toast(page, title)).toBeVisible();
      // Dismiss it, as a person would: a toast under the pointer pauses and could cover the next Edit button.
      await page
        .getByRole('region', { name: /notifications/i })
        .getByRole('button', { name: 'Dismiss notification' })
        .first()
        .click();
      await expect(toast(page, title)).toBeHidden();
      await page.getByRole('button', { name: `Discard changes to ${label}` }).click();
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await expect(saveBar(page)).toHaveCount(0);
    }
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('');
  });

  test('skills: Enter adds, and empty, duplicate and a 16th skill are refused; removals and the list are saved', async ({
    page,
  }) => {
    await signInWithProfile(page, 'skills');
    await openSection(page, 'Skills');
    await page.getByRole('button', { name: 'Edit Skills' }).click();
    const input = page.getByRole('textbox', { name: 'Add a skill and press Enter' });

    await input.press('Enter');
    await expect(page.getByText('Please enter a skill', { exact: true })).toBeVisible();
    await input.fill('TypeScript');
    await input.press('Enter');
    await expect(toast(page, 'Skill added')).toBeVisible();
    await expect(page.getByTestId('skills-list').getByText('TypeScript')).toBeVisible();
    await expect(saveBar(page)).toBeVisible();
    await input.fill(' typescript ');
    await input.press('Enter');
    await expect(page.getByText('Skill already exists', { exact: true })).toBeVisible();
    for (let index = 2; index <= 15; index += 1) {
      await input.fill(`Skill ${index}`);
      await input.press('Enter');
    }
    await expect(page.getByTestId('skills-list').getByRole('listitem')).toHaveCount(15);
    await input.fill('One too many');
    await input.press('Enter');
    await expect(page.getByText('Maximum 15 skills allowed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('skills-list').getByRole('listitem')).toHaveCount(15);

    await page.getByRole('button', { name: 'Remove Skill 15' }).click();
    await expect(toast(page, 'Skill removed')).toBeVisible();
    await expect(page.getByTestId('skills-list').getByRole('listitem')).toHaveCount(14);
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await page.reload();
    await openSection(page, 'Skills');
    await expect(page.getByTestId('skills-list').getByRole('listitem')).toHaveCount(14);
    await expect(page.getByTestId('skills-list').getByRole('listitem').first()).toHaveText('TypeScript');
    await expect(page.getByTestId('field-skills')).toContainText('14 of 15');
  });

  test('resume: wrong type and bad name are refused; a PDF uploads with progress, is renamed, and opens for its owner', async ({
    page,
    context,
  }) => {
    // The page's Content-Security-Policy refuses fetch() of blob: URLs (the app never needs it): the test keeps the
    // blobs the page opens, to read the opened file's bytes without the network.
    await context.addInitScript(() => {
      const blobs = new Map<string, Blob>();
      (window as unknown as { __openedBlobs: Map<string, Blob> }).__openedBlobs = blobs;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = create(object);
        if (object instanceof Blob) blobs.set(url, object);
        return url;
      };
    });
    await signInWithProfile(page, 'resume');
    await openSection(page, 'Resume');
    await expect(page.getByTestId('no-resume')).toBeVisible();
    const input = page.getByTestId('resume-input');

    await input.setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ this is not a PDF'),
    });
    await expect(toast(page, 'Invalid file type')).toBeVisible();
    await expect(page.getByTestId('resume-error')).toHaveText('Please upload a PDF document.');

    await input.setInputFiles({ name: '2025.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect(toast(page, 'Invalid file name')).toBeVisible();
    await expect(page.getByTestId('resume-error')).toHaveText('Name must only contain letters or spaces.');

    // A slow link (Chromium's own throttling), so the upload lasts long enough to watch its progress bar.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    const content = minimalPdf(1_200_000);
    await input.setInputFiles({ name: 'My CV (final).pdf', mimeType: 'application/pdf', buffer: content });
    const progress = page.getByTestId('resume-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText('Uploading My CV final.pdf…');
    await expect(toast(page, 'Resume uploaded successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByTestId('resume-name')).toContainText('My CV final.pdf');
    await expect(page.getByTestId('resume-error')).toHaveCount(0);

    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'View current resume' }).click();
    const popup = await popupPromise;
    expect(popup.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    const opened = await page.evaluate(async (url) => {
      const blob = (window as unknown as { __openedBlobs: Map<string, Blob> }).__openedBlobs.get(url);
      if (!blob) throw new Error(`no blob was created for ${url}`);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return { size: bytes.length, head: new TextDecoder().decode(bytes.slice(0, 8)) };
    }, popup.url());
    expect(opened).toEqual({ size: content.length, head: '%PDF-1.4' });
    await popup.close();

    // The file is served only with the owner's token: without it the API refuses.
    const anonymous = await page.request.get('/api/profile/resume');
    expect(anonymous.status()).toBe(401);
  });

  test('Devpost: verify against the local Devpost, a changed name needs verifying again, and the profile is saved', async ({
    page,
  }) => {
    await signInWithProfile(page, 'devpost');
    await openSection(page, 'Connections');
    await page.getByRole('button', { name: 'Edit Devpost username' }).click();
    const devpost = page.getByTestId('devpost-connection');
    await devpost.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Please enter a Devpost username first')).toBeVisible();

    await page.getByLabel('Devpost username', { exact: true }).fill('nobody_here');
    await devpost.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Verification failed')).toBeVisible();
    await expect(page.getByTestId('devpost-verify-error')).toHaveText(
      'Could not load Devpost profile. Please check the username and try again.',
    );

    await page.getByLabel('Devpost username', { exact: true }).fill('jane_doe');
    await expect(page.getByTestId('devpost-verify-error')).toHaveCount(0);
    await devpost.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Devpost profile verified!')).toBeVisible();
    await expect(page.getByText('Found 4 projects and 3 hackathons.').first()).toBeVisible();
    await expect(page.getByTestId('devpost-status')).toHaveText('Verified');
    const card = page.getByTestId('devpost-profile');
    await expect(card).toContainText('Jane Doe');
    await expect(card.getByTestId('devpost-projects').getByRole('listitem')).toHaveCount(4);
    const smartRecycle = card.getByRole('listitem').filter({ hasText: 'Smart Recycle' });
    await expect(smartRecycle.getByTestId('devpost-technologies')).toHaveText(
      /python\s*tensorflow\s*raspberry-pi\s*\+2/,
    );
    await expect(card.getByTestId('devpost-more-projects')).toHaveCount(0);

    // A changed username loses its verification, even when typed back.
    await page.getByLabel('Devpost username', { exact: true }).fill('jane_doe2');
    await expect(page.getByTestId('devpost-status')).toHaveText('Not verified');
    await expect(card).toHaveCount(0);
    await page.getByLabel('Devpost username', { exact: true }).fill('jane_doe');
    await expect(page.getByTestId('devpost-status')).toHaveText('Not verified');
    await devpost.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('devpost-status')).toHaveText('Verified');

    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(saveBar(page)).toHaveCount(0);
    await page.reload();
    await openSection(page, 'Connections');
    await expect(page.getByLabel('Devpost username', { exact: true })).toHaveValue('jane_doe');
    await expect(page.getByTestId('devpost-status')).toHaveText('Verified');
    await expect(page.getByTestId('devpost-profile')).toContainText('Smart Recycle');
  });

  test('a field error the server answers (verification superseded in another tab) is shown on the field', async ({
    page,
    context,
  }) => {
    // Two tabs, two verifications, a save and a reload: 20-55 s on two busy cores, too close to the default 60 s
    // budget. When it ran out, fill() reported "element is not editable" as its last wait.
    test.slow();
    await signInWithProfile(page, 'server-errors');
    await openSection(page, 'Connections');
    await page.getByRole('button', { name: 'Edit Devpost username' }).click();
    // The Edit tap is checked on its own, with the expect timeout, so a tap that does not open the field fails here.
    await expect(page.getByLabel('Devpost username', { exact: true })).toBeEditable();
    await page.getByLabel('Devpost username', { exact: true }).fill('jane_doe');
    await page.getByTestId('devpost-connection').getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('devpost-status')).toHaveText('Verified');

    // The same account verifies another name in a second tab: the server now expects that one.
    const other = await context.newPage();
    await other.goto('/account');
    await openSection(other, 'Connections');
    await other.getByRole('button', { name: 'Edit Devpost username' }).click();
    await expect(other.getByLabel('Devpost username', { exact: true })).toBeEditable();
    await other.getByLabel('Devpost username', { exact: true }).fill('new_user');
    await other.getByTestId('devpost-connection').getByRole('button', { name: 'Verify' }).click();
    await expect(other.getByTestId('devpost-status')).toHaveText('Verified');
    await other.close();

    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Devpost verification required')).toBeVisible();
    await expect(page.getByLabel('Devpost username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('field-devpostUsername')).toContainText(
      'Please verify your Devpost username before saving',
    );
    await expect(saveBar(page)).toBeVisible();
    await page.reload();
    await openSection(page, 'Connections');
    await expect(page.getByLabel('Devpost username', { exact: true })).toHaveValue('');
  });

  test('GitHub: connect through the emulator popup, show the profile, and disconnect by emptying the username', async ({
    page,
    context,
  }) => {
    await routeGapiStandIn(context);
    const email = await signInWithProfile(page, 'github');
    await openSection(page, 'Connections');
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await completeEmulatorPopup(await popupPromise, {
      email: uniqueEmail('github-account'),
      displayName: 'Ada E2E',
      screenName: fakeGithubLogin,
    });
    await expect(toast(page, 'GitHub profile connected!')).toBeVisible();
    await expect(page.getByLabel('GitHub username', { exact: true })).toHaveValue(fakeGithubLogin);
    await expect(saveBar(page)).toHaveCount(0);

    const profile = page.getByTestId('github-profile');
    await expect(profile).toContainText('Ada E2E');
    // Top 5 languages by code size (Lua, the sixth, is left out) and the 3 most starred repositories.
    await expect(profile.getByTestId('language-chart').getByRole('listitem')).toHaveCount(5);
    await expect(profile.getByTestId('language-chart').getByRole('listitem').first()).toContainText('Rust');
    await expect(profile.getByTestId('language-chart')).not.toContainText('Lua');
    await expect(profile.getByTestId('github-top-repos').getByRole('listitem')).toHaveText([
      /analytical-engine\s*50 stars/,
      /bernoulli\s*20 stars/,
      /notes\s*3 stars/,
    ]);
    // The fake calendar: 0,1,2,3,5,6,10,11,0,2,2,2 from 2026-11-01.
    await expect(profile.getByTestId('github-contributions')).toContainText('44');
    await expect(profile.getByTestId('github-max-streak')).toContainText('7 days');
    await expect(profile.getByTestId('github-current-streak')).toContainText('3 days');
    await expect(profile.getByTestId('github-prs')).toContainText('34');
    const calendar = profile.getByTestId('contribution-calendar');
    const levelOf = (date: string) => calendar.locator(`[data-date="${date}"]`);
    await expect(levelOf('2026-11-01')).toHaveAttribute('data-level', '0');
    await expect(levelOf('2026-11-03')).toHaveAttribute('data-level', '1');
    await expect(levelOf('2026-11-05')).toHaveAttribute('data-level', '2');
    await expect(levelOf('2026-11-07')).toHaveAttribute('data-level', '3');
    await expect(levelOf('2026-11-08')).toHaveAttribute('data-level', '4');

    const providers = async () =>
      ((await emulatorAccounts()).find((account) => account.email === email)?.providerUserInfo ?? []) as Array<{
        providerId: string;
      }>;
    expect((await providers()).map((provider) => provider.providerId)).toContain('github.com');

    // Emptying the username hides the profile; saving unlinks GitHub and deletes the stored profile.
    await editField(page, 'GitHub username', '');
    await expect(profile).toHaveCount(0);
    await expect(page.getByTestId('github-connection')).toContainText(
      `Saving will disconnect the GitHub profile connected as ${fakeGithubLogin}.`,
    );
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'GitHub disconnected')).toBeVisible();
    await expect
      .poll(async () => (await providers()).map((provider) => provider.providerId))
      .not.toContain('github.com');
    await page.reload();
    await openSection(page, 'Connections');
    await expect(page.getByTestId('github-profile')).toHaveCount(0);
    await expect(page.getByLabel('GitHub username', { exact: true })).toHaveValue('');
  });

  test('in French: sections, fields, validation messages and toasts are translated', async ({ page, context }) => {
    await signInWithProfile(page, 'french');
    await context.addCookies([{ name: 'locale', value: 'fr', url: page.url() }]);
    await page.reload();
    for (const name of ['Informations personnelles', 'Connexions', 'Compétences', 'CV']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: /fil d'ariane|breadcrumb/i })).toContainText('Compte');
    await page.getByRole('button', { name: 'Modifier : Téléphone' }).click();
    await page.getByLabel('Téléphone', { exact: true }).fill('555-1234');
    await expect(saveBar(page)).toContainText('Vous avez 1 modification non enregistrée');
    await saveBar(page).getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le numéro de téléphone doit comporter au moins 10 chiffres').first()).toBeVisible();
    await expect(page.getByText('Numéro de téléphone invalide').first()).toBeVisible();
    await saveBar(page).getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByText('Modifications annulées').first()).toBeVisible();
  });

  test('offline, the last loaded profile is shown read-only with a notice', async ({ page, context }) => {
    await signInWithProfile(page, 'offline');
    await editField(page, 'School', 'Concordia University');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByLabel('School', { exact: true })).toHaveValue('Concordia University');

    await goOffline(context);
    await page.reload();
    await expect(page.getByTestId('account-offline')).toContainText("You're offline");
    await expect(page.getByTestId('profile-full-name')).toHaveText('Ada Lovelace');
    await expect(page.getByLabel('School', { exact: true })).toHaveValue('Concordia University');
    await expect(page.getByLabel('School', { exact: true })).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Edit School' })).toHaveCount(0);
    await context.setOffline(false);
  });
});

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  // setOffline does not cut the service worker's own fetches (playwright #2311): abort them too.
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}
