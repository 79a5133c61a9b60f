/**
 * Lets the event loop run (pending requests, timers) before continuing. The embedded PGlite answers without real
 * I/O, so a chain of its queries runs as one uninterrupted task: writing 20,000 listings blocked every request for
 * 1.5 s. Long database jobs call this between steps; against PostgreSQL it costs one turn of the loop.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
