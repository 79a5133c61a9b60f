interface Scheduler {
  postTask?: (callback: () => void, options: { priority: 'background' | 'user-visible' | 'user-blocking' }) => unknown;
}

/**
 * Gives the main thread back before more background work (the board's search index, "jobs for you", validating a
 * downloaded board): everything else waiting goes first, input and the page's own rendering included. With
 * `scheduler.postTask` the rest of the work is queued at background priority, behind React's render of a page the
 * student just opened; elsewhere it is a new task at the end of the queue. (`scheduler.yield()` would do the
 * opposite: its continuation jumps ahead of the tasks already queued.)
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    return new Promise((resolve) => {
      scheduler.postTask!(resolve, { priority: 'background' });
    });
  }
  return nextTask();
}

/**
 * Resolves in a new task at the end of the queue, so the browser can paint and handle input in between: the app's
 * start-up steps (main.tsx, app/lazy-in-steps.ts), which are on the page's critical path and so not background work.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
