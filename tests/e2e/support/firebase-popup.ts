import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from '@playwright/test';

// Firebase Auth popups (signInWithPopup / linkWithPopup with Google, GitHub, ...) against the Auth emulator,
// in an offline browser. See gapi-stand-in.js for why Google's api.js has to be replaced.
//
// Usage:
//   await routeGapiStandIn(context);                       // before the app page loads the SDK's popup code
//   const popupPromise = context.waitForEvent('page');
//   await page.getByRole('button', { name: 'Continue with Google' }).click();
//   await completeEmulatorPopup(await popupPromise, { email: 'ada@example.edu', displayName: 'Ada' });
//   // ...then assert the app shows the signed-in user.

const standInPath = fileURLToPath(new URL('./gapi-stand-in.js', import.meta.url));
let standInSource: Promise<string> | undefined;

/**
 * Serves gapi-stand-in.js for https://apis.google.com/js/api.js (any query, e.g. ?onload=iframefcb123) to
 * every page, iframe and popup of `target`, and aborts everything else the Google script hosts would be asked
 * for, at once instead of waiting for the offline network to fail. Also aborts the Material Components CSS/JS
 * (unpkg.com) and Google Fonts that the emulator's account chooser links: it works without them.
 *
 * Call it once per context (or page) before the code under test opens a popup. Requests made by a service
 * worker are only routed when PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1 (playwright.config.ts sets it).
 */
export async function routeGapiStandIn(target: BrowserContext | Page): Promise<void> {
  standInSource ??= readFile(standInPath, 'utf8');
  const body = await standInSource;

  await target.route('https://apis.google.com/**', async (route: Route) => {
    if (new URL(route.request().url()).pathname === '/js/api.js') {
      await route.fulfill({
        status: 200,
        contentType: 'text/javascript; charset=utf-8',
        headers: { 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
        body,
      });
    } else {
      await route.abort('blockedbyclient');
    }
  });
  await target.route('https://www.gstatic.com/**', (route: Route) => route.abort('blockedbyclient'));
  await target.route('https://unpkg.com/material-components-web@*/**', (route: Route) =>
    route.abort('blockedbyclient'),
  );
  await target.route('https://fonts.googleapis.com/**', (route: Route) => route.abort('blockedbyclient'));
  await target.route('https://fonts.gstatic.com/**', (route: Route) => route.abort('blockedbyclient'));
}

export interface EmulatorPopupUser {
  email: string;
  displayName?: string;
  /** The provider's screen name (GitHub login, for example). */
  screenName?: string;
  photoUrl?: string;
}

/**
 * Signs in through the Auth emulator's fake account chooser (firebase-tools, lib/emulator/auth/widget_ui.js),
 * which the emulator shows for every provider (google.com, github.com, ...), and waits until the SDK closes
 * the popup.
 *
 * If the chooser already lists an account with this email for the provider, that account is picked, so a
 * second sign-in is the same provider account (same uid); otherwise "Add new account" creates one with the
 * given fields. The emulator gives GitHub the access token 'FirebaseAuthEmulatorFakeAccessToken_github.com'.
 */
export async function completeEmulatorPopup(popup: Page, user: EmulatorPopupUser): Promise<void> {
  // The chooser's inline script (which wires the buttons) has run by DOMContentLoaded.
  await popup.waitForURL(/\/emulator\/auth\/handler\?/, { waitUntil: 'domcontentloaded' });

  const closed = popup.waitForEvent('close', { timeout: 15_000 }).then(
    () => true,
    () => popup.isClosed(),
  );
  // The SDK closes the popup as soon as it has the result, possibly while Playwright is still clicking.
  const clickUnlessClosed = async (click: Promise<void>): Promise<void> => {
    await click.catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  };

  const existing = popup.locator('li.js-reuse-account').filter({ has: popup.getByText(user.email, { exact: true }) });
  if ((await existing.count()) > 0) {
    await clickUnlessClosed(existing.first().click());
  } else {
    await popup.locator('#add-account-button button').click(); // "Add new account"
    await popup.locator('#email-input').fill(user.email);
    if (user.displayName !== undefined) await popup.locator('#display-name-input').fill(user.displayName);
    if (user.screenName !== undefined) await popup.locator('#screen-name-input').fill(user.screenName);
    if (user.photoUrl !== undefined) await popup.locator('#profile-photo-input').fill(user.photoUrl);
    await clickUnlessClosed(popup.locator('#sign-in').click()); // "Sign in with Google.com" / "Github.com"
  }

  if (!(await closed)) {
    // The chooser replaces its body with the error text when something fails (e.g. "No matching frame":
    // the app page has no emulator iframe, i.e. the gapi stand-in was not routed before the popup opened).
    const text = await popup
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `The Auth emulator popup did not close after signing in as ${user.email}. Popup says: ${text.slice(0, 500)}`,
    );
  }
}
