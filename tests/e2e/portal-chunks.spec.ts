import { expect, test, type Page } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';

// The company portal is its own set of chunks (under assets/portal/ in the build): a student's landing page and job
// board download none of them, and the service worker does not precache them. Checked on the built product.
test.use({ serviceWorkers: 'block' });

/** Strings only the portal's code holds (its API paths and its strings), to catch portal code in any other chunk. */
const portalMarkers = ['/company/applications/bulk-status', 'Company Portal home', 'applicants.csv'];

function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js'))
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function scriptTexts(page: Page, paths: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const path of new Set(paths)) texts.set(path, await (await page.request.get(path)).text());
  return texts;
}

test('the landing page and the job board download no portal chunk; the portal does', async ({ page, browser }) => {
  const scripts = collectScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await signInWithEmailLink(page, uniqueEmail('chunks'), '/jobs');
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByTestId('job-results-count')).toBeVisible();
  await page.goto('/jobs/applied');
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const studentScripts = [...new Set(scripts)];
  expect(studentScripts.length).toBeGreaterThan(3);
  expect(studentScripts.filter((path) => /\/assets\/portal\//.test(path))).toEqual([]);
  for (const [path, text] of await scriptTexts(page, studentScripts)) {
    for (const marker of portalMarkers)
      expect(text.includes(marker), `${path} holds portal code (${marker})`).toBe(false);
  }

  // The service worker's precache list leaves the portal out.
  const sw = await (await page.request.get('/sw.js')).text();
  expect(sw).toContain('assets/');
  expect(sw).not.toMatch(/assets\/portal\//);

  // The check can fail: the portal's own pages do load portal chunks, holding those markers.
  const portal = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  const portalScripts = collectScripts(portal);
  await portal.goto('/company/sign-in');
  await expect(portal.getByRole('heading', { level: 1, name: 'Company Portal' })).toBeVisible();
  await portal.waitForLoadState('networkidle');
  expect(portalScripts.filter((path) => /\/assets\/portal\//.test(path)).length).toBeGreaterThan(0);
  const portalTexts = [...(await scriptTexts(portal, portalScripts)).values()].join('\n');
  expect(portalTexts).toContain('Company Portal home');
});
