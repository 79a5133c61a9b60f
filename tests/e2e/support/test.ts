import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, which also closes every browser context a test opened itself (`browser.newContext()`) when it
 * ends. The browser is the worker's, shared by every file the worker runs: a context left open keeps its pages, their
 * renderer processes and timers alive until the last file, and a run on one worker had two dozen of them by its end.
 * Contexts opened in a `beforeAll` (already there when a test starts) stay for the file's other tests.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
