// A clock that moves only when a test says so, injected where the app reads the time (buildApp's `clock`), so tests
// advance time instead of sleeping and compare exact instants instead of wall-clock ranges.

export type TestClock = {
  now: () => number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
};

/** Starts at `start` (default: the real time when created, so rows stamped by the database's now() stay close). */
export function createTestClock(start = Date.now()): TestClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}
