import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Signed-in shells (decision record 016): on a visit the service worker does not answer, /dashboard and /jobs are a
// picture of the page rendered at build time, with the returning student's name filled in from this browser's
// storage, painted before any of the app's scripts; the app swaps its own render in. A browser that never had a
// student signed in goes straight to the prerendered sign-in page instead.

// A visit the service worker does not answer: the server's HTML, as on a first visit.
test.use({ serviceWorkers: 'block' });

const storedStudent = { uid: 'shell-student', email: 'maya.tremblay@students.example.edu', displayName: null };

async function rememberStudent(page: Page, user: object = storedStudent) {
  await page.goto('/privacy');
  await page.evaluate((stored) => {
    localStorage.setItem('signed-in-hint', '1');
    localStorage.setItem('signed-in-user', JSON.stringify({ photoURL: null, ...stored }));
  }, user);
}

/** The shell's visible view (it is inert, so outside the accessibility tree: found by its markup). */
const shown = (page: Page, selector: string) => page.locator(`#signed-in-shell ${selector}:visible`);

/** No script of the app runs: only what the HTML itself paints. */
async function withoutAppScripts(context: BrowserContext) {
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
}

test.describe('before any of the app scripts has run', () => {
  test('the dashboard greets the stored student by name, in English and French', async ({ page, context }) => {
    await withoutAppScripts(context);
    await rememberStudent(page);
    await page.goto('/dashboard');
    await expect(shown(page, 'h1')).toHaveText('Welcome, maya.tremblay');
    await expect(shown(page, 'h2').filter({ hasText: 'Latest jobs' })).toBeVisible();
    // A picture only: nothing in it can be focused or clicked.
    await expect(page.locator('#signed-in-shell')).toHaveAttribute('inert', '');
    // The app's own render has not happened: its root is still empty.
    await expect(page.locator('#root')).toBeEmpty();

    await context.addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
    await page.goto('/jobs');
    await expect(shown(page, 'h1')).toHaveText("Offres d'emploi");
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the name the app last showed is the one painted, and only for that student', async ({ page, context }) => {
    await withoutAppScripts(context);
    await rememberStudent(page);
    await page.evaluate(() =>
      localStorage.setItem(
        'signed-in-shell-text',
        JSON.stringify({ uid: 'shell-student', greeting: 'Maya', name: 'Maya Tremblay', initials: 'MT', email: 'x' }),
      ),
    );
    await page.goto('/dashboard');
    await expect(shown(page, 'h1')).toHaveText('Welcome, Maya');

    // Another student signed in on this browser since: the stored texts are not theirs.
    await rememberStudent(page, { uid: 'someone-else', email: 'sam@students.example.edu', displayName: 'Sam Roy' });
    await page.goto('/dashboard');
    await expect(shown(page, 'h1')).toHaveText('Welcome, Sam Roy');
  });

  test('a phone gets the sheet layout and a desktop the sidebar', async ({ browser }) => {
    for (const [width, sidebarShown, collapsedCookie, keptView] of [
      [375, false, false, 'mobile'],
      [1280, true, false, 'expanded'],
      [1280, true, true, 'collapsed'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, serviceWorkers: 'block' });
      await withoutAppScripts(context);
      if (collapsedCookie) await context.addCookies([{ name: 'sidebar_state', value: 'false', url: e2eEnv.baseUrl }]);
      const page = await context.newPage();
      await rememberStudent(page);
      await page.goto('/dashboard');
      await expect(shown(page, 'a').filter({ hasText: 'Job Board' })).toHaveCount(
        sidebarShown && !collapsedCookie ? 1 : 0,
      );
      await expect(shown(page, 'h1')).toBeVisible();
      const box = await shown(page, 'h1').boundingBox();
      expect(box?.x ?? 0).toBeGreaterThan(sidebarShown ? (collapsedCookie ? 40 : 250) : 0);
      // Only the view this screen shows stays in the page (fewer elements for every later style pass)...
      const views = page.locator('#signed-in-shell > [data-shell-view]');
      await expect(views).toHaveCount(1);
      await expect(views).toHaveAttribute('data-shell-view', keptView);
      // ...and it stays on screen if the screen turns before the app takes over.
      await page.setViewportSize({ width: width === 375 ? 1280 : 375, height: 800 });
      await expect(shown(page, 'h1')).toBeVisible();
      await context.close();
    }
  });

  test('a browser that never had a student signed in goes to the prerendered sign-in page', async ({
    page,
    context,
  }) => {
    await withoutAppScripts(context);
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fjobs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in or create your account');
    // Its sign-up link keeps the way back to the board.
    await expect(page.locator('a[href^="/sign-in?mode=email"]')).toHaveAttribute(
      'href',
      '/sign-in?mode=email&redirectUrl=%2Fjobs',
    );
  });
});

test.describe('with the app running', () => {
  test('the app replaces the picture with its own page, and remembers the greeting for next time', async ({ page }) => {
    const email = uniqueEmail('shell');
    await signInWithEmailLink(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.locator('#signed-in-shell')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-signed-in-shell');
    // A tap right after the load reaches the app's control, never the picture's.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('signed-in-shell-text') ?? 'null'));
    expect(stored).toMatchObject({ greeting: email.split('@')[0], email });

    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await expect(page.locator('#signed-in-shell')).toHaveCount(0);
  });

  test('the sign-in page reached from a guard sends the student back where they were going', async ({ page }) => {
    const email = uniqueEmail('shell-return');
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fjobs$/);
    await signInWithEmailLink(page, email, '/jobs');
    await expect(page).toHaveURL(/\/jobs$/);
  });

  test('logging out forgets the texts and the cards painted for the student', async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail('shell-out'));
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signed-in-shell-text'))).not.toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signed-in-shell-cards'))).not.toBeNull();
    await page.getByTestId('sidebar').getByRole('button').last().click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signed-in-shell-text'))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signed-in-shell-cards'))).toBeNull();
  });
});

// The last cards (decision record 017): the board's and the dashboard's first job cards, as the app last showed them
// to this student, are painted by the shell before any script, and kept by the app's list until its own are ready.
test.describe('the last job cards', () => {
  /** Signs in, opens the board and returns its first card's title and its count line, once they are kept. */
  async function visitBoard(page: Page) {
    await signInWithEmailLink(page, uniqueEmail('shell-cards'));
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await page.goto('/jobs');
    const title = (await page.getByTestId('job-card').first().locator('h3').textContent()) ?? '';
    const count = (await page.getByTestId('job-results-count').textContent()) ?? '';
    expect(title).not.toBe('');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('signed-in-shell-cards') ?? '{}').lists?.board))
      .toBeTruthy();
    return { title, count };
  }

  test('are painted by the shell before any script, for the same student and language only', async ({
    page,
    context,
  }) => {
    const { title, count } = await visitBoard(page);
    await withoutAppScripts(context);
    await page.goto('/jobs');
    await expect(shown(page, '.job-card h3').first()).toHaveText(title);
    await expect(shown(page, '[data-shell-count="board"]')).toHaveText(count);
    await expect(shown(page, '[data-shell-skeletons]')).toHaveCount(0);
    // A picture: no test ids a second list could be mistaken for, nothing to focus or click.
    await expect(page.locator('#signed-in-shell [data-testid]')).toHaveCount(0);
    await expect(page.locator('#signed-in-shell')).toHaveAttribute('inert', '');

    // The cards were shown in English: the French page keeps its skeletons.
    await context.addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
    await page.goto('/jobs');
    await expect(shown(page, '[data-shell-skeletons]')).toHaveCount(1);
    await expect(shown(page, '.job-card')).toHaveCount(0);
    await context.clearCookies({ name: 'locale' });

    // Cards kept with another build's list styles are not shown.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('signed-in-shell-cards') ?? '{}');
      localStorage.setItem('signed-in-shell-cards', JSON.stringify({ ...stored, listClass: 'css-older' }));
    });
    await page.goto('/jobs');
    await expect(shown(page, '[data-shell-skeletons]')).toHaveCount(1);
    await expect(shown(page, '.job-card')).toHaveCount(0);

    // Another student on this browser: not their cards.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('signed-in-shell-cards') ?? '{}');
      localStorage.setItem('signed-in-shell-cards', JSON.stringify({ ...stored, uid: 'someone-else' }));
    });
    await page.goto('/jobs');
    await expect(shown(page, '.job-card')).toHaveCount(0);
  });

  test("stay, inert, in the app's list until its own cards are ready", async ({ page, context }) => {
    const { title } = await visitBoard(page);
    // The board's data is held back: no stored copy on this device, and the server's page waits.
    await page.evaluate(async () => {
      for (const database of await indexedDB.databases()) {
        if (database.name && database.name !== 'firebaseLocalStorageDb') indexedDB.deleteDatabase(database.name);
      }
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/api\/public\/board/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/jobs');
    await expect(page.locator('#signed-in-shell')).toHaveCount(0);
    const picture = page.locator('#root [aria-busy="true"][inert] .job-card h3');
    await expect(picture.first()).toHaveText(title);
    await expect(page.getByTestId('job-card')).toHaveCount(0);
    // The rest of the page is the app's own, and works.
    await expect(page.getByTestId('saved-jobs-link')).toBeVisible();

    release();
    await expect(page.getByTestId('job-card').first().locator('h3')).toHaveText(title);
    await expect(picture).toHaveCount(0);
  });
});
