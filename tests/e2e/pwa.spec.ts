import { expect, test } from './support/test.ts';

test('the manifest makes the app installable: name, icons incl. maskable, standalone, start_url /dashboard', async ({
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/dashboard');
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const iconRes = await request.get(icon.src);
    expect(iconRes.ok(), icon.src).toBe(true);
    expect(iconRes.headers()['content-type']).toContain(icon.type);
  }
});

test('after one visit the app shell opens with the network cut', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; make sure it controls the page before cutting the network.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in or create your account' })).toBeVisible();
  await context.setOffline(false);
});
