import { lazy, type ComponentType } from 'react';
import { nextTask } from '../lib/yield-to-main.ts';

/**
 * `React.lazy` for a component whose chunks take long to evaluate on a phone. The browser evaluates a dynamically
 * imported module and every module under it that has not run yet in one task, however many chunks they span; for the
 * dashboard's layout that was Dexie, the app's database, the profile's schemas and the shared UI libraries, one task
 * of 50 ms unthrottled (200 ms at 4x). `steps` import some of those dependencies first, one task each, so that the
 * last import only evaluates what is left.
 *
 * The steps change no module's behaviour (a module runs once, before anything that imports it either way). They only
 * cost time where the chunks are not yet downloaded: each step's download then starts after the previous step has
 * run. The signed-in shells preload all of them (scripts/vite-plugin-prerender.ts) and the service worker serves them
 * on a repeat visit, so list only modules those pages need.
 */
export function lazyInSteps<T extends ComponentType<object>>(
  steps: readonly (() => Promise<unknown>)[],
  load: () => Promise<{ default: T }>,
) {
  return lazy(() => importInSteps(steps, load));
}

/** Runs each of `steps` in a task after the previous one's, then `load`; what `load` resolves to. */
export async function importInSteps<T>(steps: readonly (() => Promise<unknown>)[], load: () => Promise<T>): Promise<T> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return load();
}
