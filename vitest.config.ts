import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code, fast) and `api` (the real app in-process against a real database and
// a real Firebase Auth emulator started once by tests/api-setup/auth-emulator.ts).
export default defineConfig({
  test: {
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
          globalSetup: ['tests/api-setup/auth-emulator.ts'],
          // Starting the emulator takes ~10 s on two cores; PostgreSQL database creation adds a little per file.
          hookTimeout: 60_000,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
