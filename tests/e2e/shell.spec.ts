import { expect, test } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';

test.describe('landing and public pages', () => {
  test('the landing page shows the mega-menus, the Log in link and the calls to action', async ({ page }) => {
    await page.goto('/');
    for (const menu of ['Product', 'Solutions', 'Resources']) {
      await expect(page.getByRole('button', { name: menu, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await expect(page.getByRole('link', { name: /blog/i }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('menu pages exist and unknown routes get a 404 page', async ({ page }) => {
    for (const path of [
      '/pricing',
      '/blog',
      '/blog/lovable-case-study',
      '/team',
      '/terms-and-conditions',
      '/privacy',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/page not found/i)).toHaveCount(0);
    }
    await page.goto('/no-such-page');
    await expect(page.getByText(/page not found/i).first()).toBeVisible();
  });

  test('on a phone the menu opens from the left', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: /open menu/i }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // It slides in from the left edge: once the animation settles it sits at x = 0, narrower than the screen.
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
    expect((await drawer.boundingBox())!.width).toBeLessThan(375);
  });
});

test.describe('locale', () => {
  test('switching en -> fr -> en writes the cookie, reloads and translates the page', async ({ page, context }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in or create your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: 'Connectez-vous ou créez votre compte' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('fr');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(34_560_000 - 120);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connectez-vous ou créez votre compte' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in or create your account' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
  });
});

test.describe('dashboard shell', () => {
  test('Ctrl+B collapses and expands the sidebar and the state survives a reload through a 7-day cookie', async ({
    page,
    context,
  }) => {
    await signInWithEmailLink(page, uniqueEmail('sidebar'));
    await expect(page).toHaveURL(/\/dashboard$/);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect((await sidebar.boundingBox())!.width).toBe(256);
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(Math.round((cookie!.expires - Date.now() / 1000) / 86400)).toBe(7);
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  test('at 375 px the sidebar is a sheet opened by the toggle', async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail('mobile'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('link', { name: 'Job Board' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(288);
    await expect(sheet.getByRole('link', { name: 'Job Board' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'My Applications' })).toBeVisible();
  });

  test('the header gains a shadow after 30 px of scroll', async ({ page }) => {
    await signInWithEmailLink(page, uniqueEmail('shadow'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 1280, height: 300 });
    const header = page.getByTestId('dashboard-header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    // 20 px is still under the threshold; 200 px is past it; back at the top the shadow goes away.
    // The page grows as the dashboard's job list loads: scroll again on every poll until the page is tall enough.
    const scrollTo = (y: number) =>
      page.evaluate((top) => {
        window.scrollTo(0, top);
        return window.scrollY;
      }, y);
    await expect.poll(() => scrollTo(20)).toBe(20);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(() => scrollTo(200)).toBe(200);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});
