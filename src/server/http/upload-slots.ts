// How many uploads each account may have in flight at once. An upload's body is held in memory while it arrives
// (at most ~5 MB), so without a cap one account opening many slow uploads could hold hundreds of megabytes.
// Per instance, in memory: enough to stop one client from exhausting one server.

export type UploadSlots = {
  /** A slot for `key` (an account's uid), or null when it already has `perKey` uploads in flight. */
  acquire(key: string): (() => void) | null;
  /** Uploads in flight on this instance (tests and the benchmark read it). */
  active(): number;
};

export function createUploadSlots(perKey: number): UploadSlots {
  const inFlight = new Map<string, number>();
  let total = 0;
  return {
    acquire(key) {
      const current = inFlight.get(key) ?? 0;
      if (current >= perKey) return null;
      inFlight.set(key, current + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left === 0) inFlight.delete(key);
        else inFlight.set(key, left);
      };
    },
    active: () => total,
  };
}
