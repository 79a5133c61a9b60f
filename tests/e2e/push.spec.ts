import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test.ts';
import { fillWizardToJobDetails } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { createOrganization, joinOrganization, postJob, uniqueCompanyEmail } from './support/company.ts';
import { e2eEnv } from './support/e2e-env.ts';
import { thirdPartyEnvFor } from './support/third-party-env.ts';

// Web Push in the browser (issue 26): a student turns push on for an alert (the permission is asked then, not
// before), a company moves their application, and the notification the server sent is shown by the service worker,
// in the student's language, opening the application in My Applications.
//
// Headless Chromium has no push service (pushManager.subscribe fails with "Registration failed"), so the test stands
// in for the browser's: an init script answers pushManager.subscribe with a subscription on the local push service
// of third-party-fakes.ts, where the server really sends (web-push, VAPID, aes128gcm); the test reads what arrived,
// decrypted, and delivers it to the registered service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage), which is what the push service would do.

// The push service beside this worker's server.
const thirdPartyEnv = thirdPartyEnvFor(e2eEnv.port);
const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/push');

type LocalSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type ReceivedPush = { payload: { title: string; body: string; url: string; tag?: string }; status: number };
type ShownNotification = {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: { url: string };
};

async function newSubscription(): Promise<LocalSubscription> {
  const response = await fetch(`${thirdPartyEnv.pushControlUrl}/subscriptions`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as LocalSubscription;
}

async function receivedAt(endpoint: string): Promise<ReceivedPush[]> {
  const response = await fetch(`${thirdPartyEnv.pushControlUrl}/received?endpoint=${encodeURIComponent(endpoint)}`);
  return (await response.json()) as ReceivedPush[];
}

/**
 * Runs in the page before the app: pushManager answers with `subscription` (kept across reloads in localStorage),
 * and records the applicationServerKey the app subscribed with.
 */
function standInForPushService(subscription: LocalSubscription): void {
  const subscribedKey = 'e2e-push-subscribed';
  const fake = () =>
    ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(subscribedKey);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof Uint8Array ? key : new Uint8Array(key as ArrayBuffer);
    localStorage.setItem(subscribedKey, btoa(String.fromCharCode(...bytes)));
    return fake();
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem(subscribedKey) ? fake() : null;
  };
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/**
 * The app's service worker as the DevTools protocol's ServiceWorker domain sees it (its session, registration id and
 * versions), once the registration has an activated version (a push for a registration without one is dropped).
 */
async function activeServiceWorker(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) versions.set(version.versionId, version);
  });
  await cdp.send('ServiceWorker.enable');
  const scope = `${e2eEnv.baseUrl}/`;
  await expect.poll(() => registrations.some((entry) => entry.scopeURL === scope && !entry.isDeleted)).toBe(true);
  const { registrationId } = registrations.find((entry) => entry.scopeURL === scope && !entry.isDeleted)!;
  await expect
    .poll(() =>
      [...versions.values()].some((entry) => entry.registrationId === registrationId && entry.status === 'activated'),
    )
    .toBe(true);
  const describeVersions = () =>
    [...versions.values()]
      .filter((entry) => entry.registrationId === registrationId)
      .map((entry) => `${entry.status}/${entry.runningStatus}`)
      .join(', ');
  return { cdp, registrationId, describeVersions };
}

/**
 * Delivers `payload` to the service worker as the push service would, until the notifications shown are `titles`.
 * The DevTools command answers before the worker has the event and drops any failure to deliver it (the browser's
 * push router is given a callback that ignores the delivery status), where a push service keeps a message until the
 * browser takes it; so a message not shown within a few seconds is delivered again, as a push service retries. The
 * server's notifications carry a tag, so a repeat replaces the first rather than adding one: the titles still prove
 * it. A repeat is noted on the test's report with the worker's state.
 */
async function deliverUntilShown(
  worker: Awaited<ReturnType<typeof activeServiceWorker>>,
  page: Page,
  payload: ReceivedPush['payload'],
  titles: string[],
): Promise<void> {
  let attempts = 0;
  await expect(async () => {
    attempts += 1;
    if (attempts > 1) {
      test.info().annotations.push({
        type: 'push delivered again',
        description: `attempt ${attempts}; worker versions: ${worker.describeVersions()}`,
      });
    }
    await worker.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2eEnv.baseUrl,
      registrationId: worker.registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((notification) => notification.title), { timeout: 8_000 })
      .toEqual(titles);
  }).toPass({ timeout: 40_000 });
}

/** What the push service got for `endpoint` after `count` earlier messages, once it arrived. */
async function nextPush(endpoint: string, count: number): Promise<ReceivedPush> {
  await expect
    .poll(async () => (await receivedAt(endpoint)).length, {
      message: 'the push reached the push service',
      timeout: 30_000,
    })
    .toBe(count + 1);
  return (await receivedAt(endpoint))[count]!;
}

async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: (notification as Notification & { badge: string }).badge,
      data: notification.data as { url: string },
    }));
  });
}

/**
 * A picture of a shown notification as a phone or a desktop draws one (the system's own UI cannot be captured
 * headless): its icon, title, body and site, from the notification's own fields.
 */
async function notificationShot(browser: Browser, notification: ShownNotification, name: string, width: number) {
  // The notification's own icon and badge, inlined so the picture needs nothing from the network.
  const inline = async (url: string) =>
    `data:image/png;base64,${Buffer.from(await (await fetch(url)).arrayBuffer()).toString('base64')}`;
  const [icon, badge] = await Promise.all([inline(notification.icon), inline(notification.badge)]);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  await page.setContent(
    `<!doctype html><html lang="en"><body style="margin:0;padding:16px;background:#e5e7eb;font-family:system-ui,sans-serif">
    <div style="max-width:360px;${width > 600 ? 'margin-left:auto;' : 'margin:0 auto;'}background:#fff;border-radius:14px;
      box-shadow:0 4px 16px rgba(0,0,0,.18);padding:12px 14px;display:flex;gap:12px;align-items:flex-start">
      <img src="${icon}" width="40" height="40" style="border-radius:8px" alt="">
      <div style="min-width:0">
        <div style="font-size:12px;color:#6b7280;display:flex;gap:6px;align-items:center">
          <span style="display:inline-block;width:14px;height:14px;background:#c2410c;
            -webkit-mask:url(${badge}) center/contain no-repeat;mask:url(${badge}) center/contain no-repeat"></span>
          Campus Jobs · ${new URL(e2eEnv.baseUrl).host}
        </div>
        <div style="font-weight:600;font-size:15px;margin-top:2px">${escape(notification.title)}</div>
        <div style="font-size:14px;color:#374151;margin-top:2px">${escape(notification.body)}</div>
      </div>
    </div></body></html>`,
    { waitUntil: 'domcontentloaded' },
  );
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
  await page.close();
}

/** The owner moves the student's application on the portal's applicant page. */
async function moveApplication(owner: Page, jobId: string, status: string, label: string): Promise<void> {
  await owner.goto(`/company/jobs/${jobId}`);
  await owner.getByTestId('applicant-row').filter({ hasText: 'Ada Lovelace' }).getByRole('link').first().click();
  await owner.getByTestId('status-select').selectOption(status);
  await owner.getByTestId('message-select').selectOption('status');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByTestId('application-status').first()).toHaveText(label);
}

test('push for an alert, then a status change: the notification is shown in the student’s language and opens the application', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const organization = `Push Robotics ${Date.now()}`;
  const ownerEmail = uniqueCompanyEmail('push-owner');
  const title = `Push Robotics Intern ${Date.now()}`;

  // A company with a published job.
  const ownerContext = await browser.newContext({ serviceWorkers: 'block' });
  const owner = await ownerContext.newPage();
  await joinOrganization(owner, ownerEmail, createOrganization(organization, ownerEmail), organization);
  const jobId = await postJob(owner, { title });

  // The student's browser: notifications allowed when asked, the push service stood in for.
  const subscription = await newSubscription();
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  await context.addInitScript(standInForPushService, subscription);
  const student = await context.newPage();
  await student.setViewportSize({ width: 1280, height: 900 });
  const studentEmail = uniqueEmail('push-student');
  await signInWithEmailLink(student, studentEmail);
  await expect(student).toHaveURL(/\/dashboard$/);
  // Nothing asked on load: no subscription until the student chooses push.
  expect(await student.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).toBeNull();

  // An alert with push: choosing push subscribes this browser with the server's key and tells the server.
  await student.goto(`/jobs?q=${encodeURIComponent('Push Robotics')}`);
  await student.getByRole('button', { name: 'Get alerts for this search' }).click();
  const dialog = student.getByRole('dialog', { name: 'Get alerts for this search' });
  const saved = student.waitForResponse(
    (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
  );
  await dialog.getByTestId('alert-channel-push').click();
  expect((await saved).status()).toBe(204);
  const publicKey = ((await (await fetch(`${e2eEnv.baseUrl}/api/push/public-key`)).json()) as { publicKey: string })
    .publicKey;
  const usedKey = await student.evaluate(() => localStorage.getItem('e2e-push-subscribed'));
  expect(Buffer.from(usedKey!, 'base64').toString('base64url')).toBe(publicKey);
  await expect(dialog.getByTestId('push-notice')).toHaveCount(0);
  await dialog.getByTestId('alert-save').click();
  await expect(dialog).toBeHidden();

  await student.goto('/alerts');
  const device = student.getByTestId('push-device');
  await expect(device).toHaveAttribute('data-state', 'on');
  await expect(device).toContainText('Push notifications are on for this device.');
  await expect(device.getByRole('button', { name: 'Turn off for this device' })).toHaveCSS('min-height', '44px');
  await shot(student, 'alerts-push-on-en-1280');
  await expectNoAxeViolations(student);
  await student.setViewportSize({ width: 375, height: 800 });
  await shot(student, 'alerts-push-on-en-375');
  await student.setViewportSize({ width: 1280, height: 900 });

  // The student applies; the company moves the application to Interview.
  await student.goto(`/jobs/${jobId}`);
  await student.getByRole('link', { name: 'Apply for this position' }).first().click();
  await fillWizardToJobDetails(student);
  await student.getByRole('button', { name: 'Submit Application' }).click();
  await expect(student.getByText('Application Submitted!')).toBeVisible();
  await moveApplication(owner, jobId, 'interview', 'Interview');

  // The server sent it to the push service, encrypted for this browser; decrypted, it names the application.
  const english = await nextPush(subscription.endpoint, 0);
  expect(english.payload).toEqual({
    title: `Application update: ${title}`,
    body: `Your application at ${organization} is now: Interview.`,
    url: expect.stringMatching(/^\/jobs\/applied#application-[0-9a-f-]{36}$/),
    tag: expect.stringMatching(/^application-/),
  });

  // Delivered to the service worker, it is shown with the app's icon and badge and the page to open.
  const worker = await activeServiceWorker(context, student);
  await deliverUntilShown(worker, student, english.payload, [english.payload.title]);
  const [shown] = await shownNotifications(student);
  expect(shown).toEqual({
    title: english.payload.title,
    body: english.payload.body,
    tag: english.payload.tag,
    icon: `${e2eEnv.baseUrl}/icons/icon-192.png`,
    badge: `${e2eEnv.baseUrl}/icons/badge-96.png`,
    data: { url: english.payload.url },
  });
  await notificationShot(browser, shown!, 'notification-en-1280', 1280);
  await notificationShot(browser, shown!, 'notification-en-375', 375);

  // Its page: the application in My Applications, brought into view.
  await student.setViewportSize({ width: 375, height: 700 });
  await student.goto(shown!.data.url);
  const applicationId = shown!.data.url.split('#application-')[1]!;
  const card = student.locator(`[id="application-${applicationId}"]`);
  await expect(card).toContainText(title);
  await expect(card.getByTestId('application-status')).toHaveText('Interview');
  await expect(card).toBeInViewport();

  // In French: the student switches language; the next change comes in French and replaces the first (same tag).
  await context.addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
  const told = student.waitForResponse(
    (response) => response.url().endsWith('/api/auth/account') && response.request().method() === 'PATCH',
  );
  await student.setViewportSize({ width: 1280, height: 900 });
  await student.goto('/alerts');
  expect((await told).status()).toBeLessThan(300);
  await expect(device).toContainText('Les notifications push sont activées sur cet appareil.');
  await shot(student, 'alerts-push-on-fr-1280');
  await expectNoAxeViolations(student);
  await student.setViewportSize({ width: 375, height: 800 });
  await shot(student, 'alerts-push-on-fr-375');

  await moveApplication(owner, jobId, 'offer', 'Offer');
  const french = await nextPush(subscription.endpoint, 1);
  expect(french.payload).toEqual({
    title: `Candidature mise à jour : ${title}`,
    body: `Statut de votre candidature chez ${organization} : Offre.`,
    url: english.payload.url,
    tag: english.payload.tag,
  });
  await deliverUntilShown(worker, student, french.payload, [french.payload.title]);
  const [shownInFrench] = await shownNotifications(student);
  await notificationShot(browser, shownInFrench!, 'notification-fr-1280', 1280);
  await notificationShot(browser, shownInFrench!, 'notification-fr-375', 375);

  // Turning push off for this device: the server forgets it, so nothing more is sent there.
  await student.setViewportSize({ width: 1280, height: 900 });
  const removed = student.waitForResponse(
    (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
  );
  await device.getByRole('button', { name: 'Désactiver sur cet appareil' }).click();
  expect((await removed).status()).toBe(204);
  await expect(device).toHaveAttribute('data-state', 'off');
  expect(await student.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).toBeNull();
  // The alert still asks for push, so the page offers to turn it back on here.
  const again = student.waitForResponse(
    (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
  );
  await device.getByRole('button', { name: 'Activer sur cet appareil' }).click();
  expect((await again).status()).toBe(204);
  await expect(device).toHaveAttribute('data-state', 'on');

  // Logging out releases this browser: the server forgets it and the browser drops the subscription, so a shared
  // computer does not show the next person this student's notifications.
  const released = student.waitForResponse(
    (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
  );
  await student
    .getByRole('button', { name: new RegExp(studentEmail.split('@')[0]!.slice(0, 8), 'i') })
    .first()
    .click();
  await student.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  expect((await released).status()).toBe(204);
  await expect(student).toHaveURL(/\/sign-in/);
  expect(await student.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).toBeNull();

  await context.close();
  await ownerContext.close();
});

/** Opens "Get alerts for this search" from the filter bar (1280 px) or the phone's filter sheet (375 px). */
async function openCreateDialog(page: Page, create: string, width: 375 | 1280) {
  await page.setViewportSize(width === 375 ? { width: 375, height: 812 } : { width: 1280, height: 900 });
  await page.goto('/jobs?q=Push');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', /^(local|remote)$/);
  if (width === 375) {
    await page.getByTestId('job-filters-open').click();
    await page.getByTestId('job-filter-sheet').getByRole('button', { name: create }).click();
  } else {
    await page.getByRole('button', { name: create }).click();
  }
  const dialog = page.getByRole('dialog', { name: create });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const locale of ['en', 'fr'] as const) {
  const words = {
    en: {
      create: 'Get alerts for this search',
      denied: 'Notifications are blocked for this site',
      homeScreen: 'On iPhone and iPad, add Campus Jobs to your Home Screen first',
    },
    fr: {
      create: 'Recevoir des alertes pour cette recherche',
      denied: 'Les notifications sont bloquées pour ce site',
      homeScreen: 'Sur iPhone et iPad, ajoutez d’abord Campus Jobs à l’écran d’accueil',
    },
  }[locale];

  test(`[${locale}] a browser that refuses notifications, and an iPhone in a Safari tab: the dialog says why and what to do`, async ({
    browser,
  }) => {
    test.slow();
    // Notifications not granted: headless Chromium refuses the permission request.
    const refusing = await browser.newContext();
    const page = await refusing.newPage();
    await signInWithEmailLink(page, uniqueEmail(`push-refused-${locale}`));
    await expect(page).toHaveURL(/\/dashboard$/);
    await refusing.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    for (const width of [1280, 375] as const) {
      const dialog = await openCreateDialog(page, words.create, width);
      await expect(dialog.getByTestId('push-notice')).toHaveCount(0);
      await dialog.getByTestId('alert-channel-push').click();
      await expect(dialog.getByTestId('push-notice')).toHaveAttribute('data-reason', 'denied');
      await expect(dialog.getByTestId('push-notice')).toContainText(words.denied);
      // The choice stands (other devices may get it); this one is explained.
      await expect(dialog.getByTestId('alert-channel-push').locator('input')).toBeChecked();
      await shot(page, `dialog-push-denied-${locale}-${width}`);
      await expectNoAxeViolations(page);
    }
    await refusing.close();

    // An iPhone in a Safari tab: no Push API there (it comes with the app on the Home Screen, iOS 16.4+).
    const iphone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    await iphone.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const phone = await iphone.newPage();
    await signInWithEmailLink(phone, uniqueEmail(`push-iphone-${locale}`));
    await expect(phone).toHaveURL(/\/dashboard$/);
    await iphone.addCookies([{ name: 'locale', value: locale, url: e2eEnv.baseUrl }]);
    for (const width of [375, 1280] as const) {
      const dialog = await openCreateDialog(phone, words.create, width);
      await dialog.getByTestId('alert-channel-push').click();
      await expect(dialog.getByTestId('push-notice')).toHaveAttribute('data-reason', 'needs-home-screen');
      await expect(dialog.getByTestId('push-notice')).toContainText(words.homeScreen);
      await shot(phone, `dialog-push-iphone-${locale}-${width}`);
      await expectNoAxeViolations(phone);
    }
    await iphone.close();
  });
}
