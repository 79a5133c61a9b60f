import { expect, test } from './support/test.ts';
import { emulatorAccounts, requestEmailLink, signInThroughSignInPage, uniqueEmail } from './support/auth.ts';

test.describe('e-mail link sign-in', () => {
  test('requesting a link and opening it signs the student in, creates the account and lands on /dashboard', async ({
    page,
  }) => {
    const email = uniqueEmail('link');
    await signInThroughSignInPage(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(email).first()).toBeVisible();
    // The callback cleared what the request stored.
    expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
    const account = (await emulatorAccounts()).find((a) => a.email === email);
    expect(account).toBeTruthy();
  });

  test('a signed-out visitor of a protected page is sent to sign-in and comes back there afterwards', async ({
    page,
  }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Faccount$/);
    await expect(page.getByRole('heading', { name: 'Sign in or create your account' })).toBeVisible();
    const link = await requestEmailLink(page, uniqueEmail('return'), '/account');
    await page.goto(link);
    await expect(page).toHaveURL(/\/account$/);
  });

  test('an off-site redirectUrl is ignored and the student lands on /dashboard', async ({ page }) => {
    await signInThroughSignInPage(page, uniqueEmail('evil'), 'https://evil.example/phish');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('a protocol-relative redirectUrl is ignored too', async ({ page }) => {
    await signInThroughSignInPage(page, uniqueEmail('evil2'), '//evil.example/phish');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('opening the link in another browser asks for the e-mail, refuses an empty answer, then signs in', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('other-device');
    const link = await requestEmailLink(page, email);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    const submit = otherPage.getByRole('button', { name: /continue|confirm|sign in/i });
    await expect(submit).toBeVisible();
    await submit.click();
    await expect(otherPage.getByText('Email is required')).toBeVisible();
    await otherPage.getByLabel(/email/i).fill(email);
    await submit.click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await expect(otherPage.getByText(email).first()).toBeVisible();
    await other.close();
  });

  test('the callback page does nothing for a URL that is not a sign-in link', async ({ page }) => {
    await page.goto('/auth/callback?redirectUrl=%2Faccount');
    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fdashboard$/);
  });

  test('an invalid e-mail address is refused before anything is sent', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel(/email/i).fill('not-an-email');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByRole('button', { name: 'Back to social login' }).click();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
  });

  test('the local "Open my sign-in link" shortcut completes the sign-in without a mailbox', async ({ page }) => {
    await page.goto('/sign-in?redirectUrl=%2Fdashboard');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    const email = uniqueEmail('shortcut');
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Open my sign-in link' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(email).first()).toBeVisible();
  });
});

/** The Firebase user persisted by the web SDK in this page's IndexedDB (what survives a reload). */
async function persistedFirebaseUser(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it empty and break the SDK's own upgrade.
    if (!(await indexedDB.databases()).some((d) => d.name === 'firebaseLocalStorageDb')) return null;
    return new Promise<{ uid: string; isAnonymous: boolean } | null>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
          resolve(null);
          return;
        }
        const all = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll();
        all.onsuccess = () => {
          const entry = (all.result as Array<{ fbase_key: string; value: { uid: string; isAnonymous: boolean } }>).find(
            (e) => e.fbase_key.startsWith('firebase:authUser:'),
          );
          resolve(entry ? { uid: entry.value.uid, isAnonymous: entry.value.isAnonymous } : null);
        };
      };
    });
  });
}

test.describe('session', () => {
  test('a visitor gets an anonymous session in the background that never counts as signed in', async ({ page }) => {
    const before = new Set((await emulatorAccounts()).map((a) => a.localId));
    await page.goto('/sign-in');
    // The prerendered page starts the app at the visitor's first interaction (decision record 012), before any
    // sign-in method can be picked.
    await page.mouse.move(20, 20);
    await expect.poll(() => persistedFirebaseUser(page)).toMatchObject({ isAnonymous: true });
    const anonymous = (await persistedFirebaseUser(page))!;
    expect(before.has(anonymous.uid)).toBe(false);
    const account = (await emulatorAccounts()).find((a) => a.localId === anonymous.uid);
    expect(account).toBeTruthy();
    expect(account!.email).toBeUndefined();
    // Told apart from an identified user: protected pages still ask for sign-in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fdashboard$/);
    // Signing in replaces it with an identified session.
    const email = uniqueEmail('after-anon');
    await signInThroughSignInPage(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => persistedFirebaseUser(page)).toMatchObject({ isAnonymous: false });
  });

  test('log out signs out, goes to /dashboard and the refreshed session sends the visitor to sign-in', async ({
    page,
  }) => {
    const email = uniqueEmail('logout');
    await signInThroughSignInPage(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page
      .getByRole('button', { name: new RegExp(email.split('@')[0]!.slice(0, 8), 'i') })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fdashboard$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Faccount$/);
    // Logging out forgot who was signed in: nothing is painted for them any more.
    expect(
      await page.evaluate(() => [localStorage.getItem('signed-in-hint'), localStorage.getItem('signed-in-user')]),
    ).toEqual([null, null]);
  });

  test('a returning student sees the dashboard before Firebase has restored the session, and requests wait for its token', async ({
    browser,
  }) => {
    // No service worker, so every request (Firebase's code included) goes through the routes below.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const email = uniqueEmail('returning');
    await signInThroughSignInPage(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Leave the signed-in page first: its own late requests (with its token) must not count for the next load.
    await page.goto('about:blank');

    // The next load cannot start Firebase until released.
    let release!: () => void;
    const firebaseHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/firebase-[^/]+\.js$/, async (route) => {
      await firebaseHeld;
      await route.continue();
    });
    const profileAuthorizations: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/profile')
        profileAuthorizations.push(request.headers().authorization);
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    // Nothing went to the API without the student's token.
    expect(profileAuthorizations).toEqual([]);

    release();
    await expect.poll(() => profileAuthorizations.length).toBeGreaterThan(0);
    expect(profileAuthorizations.every((value) => value?.startsWith('Bearer '))).toBe(true);
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test('a signed-in hint without a session behind it sends the visitor to sign-in and is forgotten', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await page.evaluate(() => {
      localStorage.setItem('signed-in-hint', '1');
      localStorage.setItem(
        'signed-in-user',
        JSON.stringify({ uid: 'gone', email: 'gone@students.example.edu', displayName: null, photoURL: null }),
      );
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirectUrl=%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Sign in or create your account' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signed-in-user'))).toBeNull();
  });
});
