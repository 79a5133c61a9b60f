import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code, fast) and `api` (the real app in-process against a real database and
// a real Firebase Auth emulator started once by tests/api-setup/auth-emulator.ts).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the two cores CI has, and the API files spend
    // part of their time waiting on the Auth emulator or PostgreSQL. Two workers there took the suite from 640 s to
    // 473 s (docs/decisions/036-test-suite-time.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.ts',
            'src/server/**/*.unit.test.ts',
            'tests/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['fake-indexeddb/auto'],
          // Some unit tests are property tests over thousands of generated cases (seconds of CPU work); on two busy
          // cores vitest's 5 s default turned them into timing assertions that failed CI.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.api.test.ts'],
          globalSetup: ['tests/api-setup/auth-emulator.ts', 'tests/api-setup/database-template.ts'],
          // Starting the emulator takes ~10 s on two cores; PostgreSQL database creation adds a little per file.
          hookTimeout: 60_000,
          // Tests of the command-line tools start processes (4-20 s each on two busy cores): a 20 s budget made them
          // timing assertions that failed a run on a loaded machine. A timeout only shows when a test hangs.
          testTimeout: 60_000,
          // A worker runs its files one after another in one module graph: importing the server (~2.8 s of CPU per
          // file) happens once per worker instead of once per file. Every file builds its own app and database.
          isolate: false,
        },
      },
    ],
  },
});
