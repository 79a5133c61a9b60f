import { ApiError } from './api-client.ts';

// The shape every sync of an account's data on this device shares (saved and dismissed jobs, tracked applications):
// one run per account at a time; a request made during a run starts one more run after it, which sees the newest
// changes; a run that throws counts as "server not reached".

/** A refusal that will never change (the thing is gone, a bad id): the change is dropped rather than retried. */
export function isFinalRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  );
}

/** `run(uid)` made single-flight per account; the result resolves false when the server was not reached. */
export function createAccountSync(
  name: string,
  run: (uid: string) => Promise<boolean>,
): (uid: string) => Promise<boolean> {
  const running = new Map<string, Promise<boolean>>();
  const queued = new Map<string, Promise<boolean>>();

  return function sync(uid: string): Promise<boolean> {
    const current = running.get(uid);
    if (current) {
      let next = queued.get(uid);
      if (!next) {
        next = current
          .catch(() => false)
          .then(() => {
            queued.delete(uid);
            return sync(uid);
          });
        queued.set(uid, next);
      }
      return next;
    }
    const started = run(uid)
      .catch((error: unknown) => {
        console.warn(`[${name}] sync failed`, error);
        return false;
      })
      .finally(() => running.delete(uid));
    running.set(uid, started);
    return started;
  };
}
