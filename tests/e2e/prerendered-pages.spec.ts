import { expect, test, type Page } from './support/test.ts';
import { reactPropsKeyPrefix } from '../../src/client/lib/held-tap.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { e2eEnv } from './support/e2e-env.ts';

// Public pages are rendered at build time, one file per language (decision record 012): their content is in the HTML
// before any script runs, and the app only hydrates it.

const headings = {
  en: {
    '/': 'Land your first job with a community behind you',
    '/sign-in': 'Sign in or create your account',
    '/privacy': 'Privacy Policy',
    '/pricing': 'Pricing',
  },
  fr: {
    '/': 'Décrochez votre premier emploi avec une communauté à vos côtés',
    '/sign-in': 'Connectez-vous ou créez votre compte',
    '/privacy': 'Politique de confidentialité',
    '/pricing': 'Tarifs',
  },
} as const;

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page already holds its main heading in English', async ({ page }) => {
    for (const [path, heading] of Object.entries(headings.en)) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });

  test('the locale cookie picks the French pages', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
    for (const [path, heading] of Object.entries(headings.fr)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    }
  });

  test('without a cookie, a French browser gets the French page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.fr['/']);
    await context.close();
  });

  test('the sign-in page shows one heading, explains sign-up and marks LinkedIn and Apple as coming soon', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading')).toHaveCount(1);
    await expect(page.getByText('With e-mail, signing up and signing in are the same step')).toBeVisible();
    for (const provider of ['LinkedIn', 'Apple']) {
      const button = page.getByRole('button', { name: `Continue with ${provider}` });
      await expect(button).toBeDisabled();
      await expect(button).toContainText('Coming soon');
    }
  });

  test('the landing page leads with Browse jobs, the repository star second', async ({ page }) => {
    await page.goto('/');
    const hero = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { level: 1 }) })
      .last();
    const actions = hero.getByRole('link', { name: /Browse jobs|Star on GitHub/ });
    await expect(actions.first()).toHaveText('Browse jobs');
    await expect(actions.first()).toHaveAttribute('href', '/jobs');
    await expect(actions.nth(1)).toHaveText(/Star on GitHub/);
  });

  test('the styles are in the page: the hero heading is laid out large and the header is a sticky bar', async ({
    page,
  }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    expect(Number.parseFloat(await heading.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThan(
      30,
    );
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((element) => getComputedStyle(element).position),
    ).toBe('sticky');
  });
});

test.describe('unknown addresses', () => {
  test('answer HTTP 404 with the 404 page; client routes answer 200', async ({ page, request }) => {
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    for (const path of ['/blog/no-such-post', '/dashboard/extra', '/jobs/a/apply/extra']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
    for (const path of [
      '/dashboard',
      '/jobs',
      '/jobs/saved',
      '/account',
      '/auth/callback',
      '/blog/lovable-case-study',
    ]) {
      expect((await request.get(path, { headers: { accept: 'text/html' } })).status(), path).toBe(200);
    }
  });

  test('the French 404 page for a French visitor', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'fr', url: e2eEnv.baseUrl }]);
    const response = await page.goto('/nulle-part');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  });
});

/** How many style rules of the document set Chakra's design tokens (the brand's solid shade stands for them all). */
function tokenRules(page: Page): Promise<number> {
  return page.evaluate(() => {
    const count = (rules: CSSRuleList): number => {
      let found = 0;
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule && rule.style.getPropertyValue('--chakra-colors-brand-700') !== '') found++;
        if ('cssRules' in rule) found += count((rule as CSSGroupingRule).cssRules);
      }
      return found;
    };
    return [...document.styleSheets].reduce((found, sheet) => found + count(sheet.cssRules), 0);
  });
}

/**
 * Counts the prerendered <style> tags taken out of the document from now on: a <style> moved in the document is a new
 * style sheet, which makes the browser style and lay out the whole page again.
 */
const watchPrerenderedStyles = (page: Page) =>
  page.addInitScript(() => {
    const counter = window as { prerenderedStylesRemoved?: number };
    counter.prerenderedStylesRemoved = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof HTMLStyleElement && node.hasAttribute('data-prerendered-css')) {
            counter.prerenderedStylesRemoved = (counter.prerenderedStylesRemoved ?? 0) + 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

/** The page's prerendered <style> tags, how many were taken out, and which of their rules the app inserted again. */
const prerenderedStyles = (page: Page) =>
  page.evaluate(() => {
    const tags = [...document.querySelectorAll('style[data-prerendered-css]')];
    const names = tags.flatMap((tag) => {
      const [key, ...rest] = (tag.getAttribute('data-prerendered-css') ?? '').split(' ');
      return key === 'css' ? rest : [];
    });
    const prerenderedClasses = new Set(names.map((name) => `.css-${name}`));
    const insertedAgain: string[] = [];
    for (const sheet of document.styleSheets) {
      if (sheet.ownerNode instanceof Element && sheet.ownerNode.hasAttribute('data-prerendered-css')) continue;
      for (const rule of sheet.cssRules) {
        if (rule instanceof CSSStyleRule && prerenderedClasses.has(rule.selectorText))
          insertedAgain.push(rule.selectorText);
      }
    }
    return {
      tags: tags.length,
      removed: (window as { prerenderedStylesRemoved?: number }).prerenderedStylesRemoved,
      insertedAgain,
    };
  });

const brandSolid = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-700').trim());

test.describe('hydration', () => {
  test('the page hydrates without a mismatch, and the first tap on a control is not lost', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().includes('[hydration]')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    // Nothing loaded the app yet: the page is plain HTML until someone interacts.
    expect(await page.evaluate(() => Boolean(window.__appStarted))).toBe(false);
    await page.getByRole('button', { name: /open menu/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('on a slow connection a tap is held until its button works, before the app starts and while it hydrates', async ({
    browser,
  }) => {
    // The sign-in page's own code arrives 6 s late, so React hydrates its buttons long after the tap.
    const slowPage = async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      let delayed = 0;
      await page.route(/\/assets\/sign-in-(page|card)-[^/]*\.js$/, async (route) => {
        delayed += 1;
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        await route.continue();
      });
      await page.goto('/sign-in');
      return { context, page, delayed: () => delayed };
    };
    const emailButton = (page: Page) => page.getByRole('button', { name: 'Continue with Email' });
    const reactHandles = (page: Page) =>
      emailButton(page).evaluate(
        (button, prefix) => Object.keys(button).some((key) => key.startsWith(prefix)),
        reactPropsKeyPrefix,
      );

    // Tapped before anything loaded the app: the tap starts it.
    const first = await slowPage();
    expect(await first.page.evaluate(() => Boolean(window.__appStarted))).toBe(false);
    await emailButton(first.page).click();
    await expect(first.page.getByLabel(/email/i)).toBeVisible({ timeout: 20_000 });
    expect(first.delayed()).toBeGreaterThan(0);
    await first.context.close();

    // Tapped once the app runs but has not hydrated the button yet.
    const second = await slowPage();
    await second.page.getByRole('heading', { level: 1 }).hover();
    await expect.poll(() => second.page.evaluate(() => Boolean(window.__appStarted))).toBe(true);
    expect(await reactHandles(second.page)).toBe(false);
    await emailButton(second.page).click();
    await expect(second.page.getByLabel(/email/i)).toBeVisible({ timeout: 20_000 });
    expect(second.delayed()).toBeGreaterThan(0);
    await second.context.close();
  });

  test("the app keeps the page's global styles and tokens instead of adding them again", async ({ page }) => {
    await watchPrerenderedStyles(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.locator('style[data-chakra-global]')).toHaveCount(1);
    await expect(page.locator('style[data-emotion]')).toHaveCount(0);
    expect(await tokenRules(page)).toBe(1);
    await page.getByRole('button', { name: /open menu/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await tokenRules(page)).toBe(1);
    expect(await brandSolid(page)).toBe('#c2410c');
    const landing = await prerenderedStyles(page);
    expect(landing.tags).toBeGreaterThanOrEqual(3);
    expect(landing).toMatchObject({ removed: 0, insertedAgain: [] });

    // A signed-in page: its shell carries the same styles, and the app's own render of the page adds none.
    await signInWithEmailLink(page, uniqueEmail('global-styles'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await expect(page.locator('#signed-in-shell')).toHaveCount(0);
    await expect(page.locator('style[data-chakra-global]')).toHaveCount(1);
    expect(await tokenRules(page)).toBe(1);
    expect(await brandSolid(page)).toBe('#c2410c');
    const board = await prerenderedStyles(page);
    expect(board.tags).toBeGreaterThanOrEqual(3);
    expect(board).toMatchObject({ removed: 0, insertedAgain: [] });

    // A page the build does not render has no styles in its HTML: the app inserts them, once.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('style[data-chakra-global]')).toHaveCount(0);
    expect(await tokenRules(page)).toBe(1);
    expect(await brandSolid(page)).toBe('#c2410c');
  });

  test('the runtime config comes with the page: no request for it before the sign-in page works', async ({ page }) => {
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/public/config') configRequests.push(request.url());
    });
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByLabel(/email/i)).toBeVisible();
    expect(configRequests).toEqual([]);
    expect(await page.evaluate(() => typeof window.__RUNTIME_CONFIG__)).toBe('object');
  });
});

test.describe('landing page for a signed-in student', () => {
  test('the header says Dashboard instead of Log in, in the same space', async ({ page }) => {
    await page.goto('/');
    const account = page.getByTestId('header-account-link');
    const signedOutBox = await account.boundingBox();
    await expect(account).toHaveAccessibleName('Log in');

    await signInWithEmailLink(page, uniqueEmail('landing'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(account).toHaveAccessibleName('Dashboard');
    await expect(account).toHaveAttribute('href', '/dashboard');
    const signedInBox = await account.boundingBox();
    expect(signedInBox?.width).toBe(signedOutBox?.width);
    expect(signedInBox?.x).toBe(signedOutBox?.x);
  });
});
