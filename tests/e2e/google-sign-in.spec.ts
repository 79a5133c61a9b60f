import { expect, test } from './support/test.ts';
import { emulatorAccounts, uniqueEmail } from './support/auth.ts';
import { completeEmulatorPopup, routeGapiStandIn } from './support/firebase-popup.ts';

test('Continue with Google opens the popup, signs in through the emulator, creates the account and lands on /dashboard', async ({
  page,
  context,
}) => {
  await routeGapiStandIn(context);
  const email = uniqueEmail('google');
  await page.goto('/sign-in');
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await completeEmulatorPopup(popup, { email, displayName: 'Ada Lovelace' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(email).first()).toBeVisible();
  const account = (await emulatorAccounts()).find((a) => a.email === email);
  expect(account).toBeTruthy();
});

test('closing the Google popup shows the failure toast and keeps the visitor on /sign-in', async ({
  page,
  context,
}) => {
  await routeGapiStandIn(context);
  await page.goto('/sign-in');
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.close();
  await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});
