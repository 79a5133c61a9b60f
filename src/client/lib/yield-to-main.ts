interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Gives the main thread back to the browser (input, rendering) before long work goes on: `scheduler.yield()` where
 * the browser has it (the rest of the work keeps its place in the queue), a new task elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
