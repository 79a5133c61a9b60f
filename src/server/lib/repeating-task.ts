/**
 * Runs `run` after the current turn (so starting the server never waits for it) and then `intervalMs` after each
 * run ends, until stop(). A failed run is passed to `onError` and the schedule goes on. stop() cancels the next run
 * at once and resolves when a running one has ended.
 */
export function startRepeatingTask(
  run: () => Promise<unknown>,
  { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    running = run()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
