import { expect, type Browser, type Page } from '@playwright/test';
import { buildContinueUrl, emailForSignInKey } from '../../../src/client/features/auth/sign-in-links.ts';
import { e2eEnv } from './e2e-env.ts';

type OobCode = { email: string; requestType: string; oobLink: string; oobCode: string };

/** Reads the sign-in links the Auth emulator issued (it sends no mail). */
export async function emulatorOobCodes(): Promise<OobCode[]> {
  const res = await fetch(`${e2eEnv.emulatorUrl}/emulator/v1/projects/${e2eEnv.projectId}/oobCodes`);
  expect(res.ok).toBe(true);
  const body = (await res.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

export async function latestSignInLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const codes = (await emulatorOobCodes()).filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN');
        link = codes.at(-1)?.oobLink;
        return link;
      },
      { message: `a sign-in link for ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** Every account the emulator holds (anonymous ones included). */
export async function emulatorAccounts(): Promise<
  Array<{ localId: string; email?: string; providerUserInfo?: unknown[] }>
> {
  const res = await fetch(
    `${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${e2eEnv.projectId}/accounts:query`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnUserInfo: true }),
    },
  );
  expect(res.ok).toBe(true);
  const body = (await res.json()) as { userInfo?: Array<{ localId: string; email?: string }> };
  return body.userInfo ?? [];
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@students.example.edu`;
}

/** Requests a link on /sign-in (optionally with a redirectUrl) and returns it, without opening it. */
export async function requestEmailLink(page: Page, email: string, redirectUrl?: string): Promise<string> {
  const query = redirectUrl === undefined ? '' : `?redirectUrl=${encodeURIComponent(redirectUrl)}`;
  await page.goto(`/sign-in${query}`);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Check your email for the login link').first()).toBeVisible();
  return latestSignInLink(email);
}

/** Full e-mail-link sign-in through the sign-in page's form and the emulator; ends wherever the app sends the user. */
export async function signInThroughSignInPage(page: Page, email: string, redirectUrl?: string): Promise<void> {
  const link = await requestEmailLink(page, email, redirectUrl);
  await page.goto(link);
}

/**
 * A sign-in link for `email`, asked of the Auth emulator directly (its REST API, as the web SDK's
 * sendSignInLinkToEmail asks it), with the continue URL the app builds: our callback and the destination.
 */
export async function emailSignInLink(email: string, redirectUrl?: string): Promise<string> {
  const res = await fetch(
    `${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${e2eEnv.projectId}/accounts:sendOobCode`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requestType: 'EMAIL_SIGNIN',
        email,
        continueUrl: buildContinueUrl(e2eEnv.baseUrl, redirectUrl),
        canHandleCodeInApp: true,
        returnOobLink: true,
      }),
    },
  );
  expect(res.ok, `the emulator should issue a sign-in link: ${res.status}`).toBe(true);
  const { oobLink } = (await res.json()) as { oobLink?: string };
  expect(oobLink, 'a sign-in link in the emulator answer').toBeTruthy();
  return oobLink!;
}

/**
 * E-mail-link sign-in as a student who asked for the link on this device and opens it from their mailbox: the link
 * comes from the emulator, the device remembers the e-mail it was asked for (what the sign-in form stores), and the
 * page opens the link, so the app's callback signs in and creates the account; ends wherever the app sends the user.
 * The sign-in form itself has its own tests (auth.spec.ts, company-portal.spec.ts); the others start here, one page
 * load instead of two.
 */
export async function signInWithEmailLink(page: Page, email: string, redirectUrl?: string): Promise<void> {
  const link = await emailSignInLink(email, redirectUrl);
  // Stored when the callback opens with this link's one-time code, as the sign-in form stores it before the link is
  // opened; a later sign-in in the same page brings its own code.
  await page.addInitScript(
    ({ key, value, code }) => {
      if (window.location.pathname !== '/auth/callback') return;
      if (new URLSearchParams(window.location.search).get('oobCode') !== code) return;
      localStorage.setItem(key, value);
    },
    { key: emailForSignInKey, value: email, code: new URL(link).searchParams.get('oobCode') },
  );
  await page.goto(link);
  await page.waitForURL((url) => url.pathname !== '/auth/callback');
  // A student who came through the sign-in page had the app's service worker installed by now (that page registered
  // it): where the context allows workers, wait for it to be active, so that the test starts from the same device.
  await page.evaluate(async () => {
    const allowed =
      'serviceWorker' in navigator && ServiceWorkerContainer.prototype.register.toString().includes('[native code]');
    if (allowed) await navigator.serviceWorker.ready;
  });
}

/**
 * The same account signed in on a second device: a new browser context (its own storage, service workers blocked so
 * that going offline cuts every request), through the e-mail link. Ends on the dashboard.
 */
export async function signInSecondDevice(browser: Browser, email: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInWithEmailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}
