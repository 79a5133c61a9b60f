import { describe, expect, it } from 'vitest';
import { createTally, failureText } from './test-reports.mjs';

// Shapes as vitest's and Playwright's JSON reporters write them (fields the tally reads, with their real names).
const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/src/shared/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'a adds', status: 'passed', failureMessages: [] },
        {
          fullName: 'a subtracts',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n\n- Expected\n+ Received\n\n    at a.test.ts:9:5'],
        },
        { fullName: 'a later', status: 'skipped', failureMessages: [] },
      ],
    },
    {
      name: '/repo/src/server/b.api.test.ts',
      status: 'failed',
      message: 'Hook timed out in 60000ms.',
      assertionResults: [],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 2, unexpected: 1, flaky: 0, skipped: 1 },
  suites: [
    {
      title: 'pipeline-board.spec.ts',
      specs: [
        {
          title: 'the pipeline board moves cards',
          file: 'pipeline-board.spec.ts',
          line: 118,
          tests: [
            {
              status: 'unexpected',
              results: [
                {
                  errors: [
                    {
                      message:
                        "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByText('Ada Lovelace moved to Screening')\nExpected: visible\nTimeout: 20000ms",
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      suites: [
        {
          title: 'offline',
          specs: [
            { title: 'later', file: 'pipeline-board.spec.ts', line: 300, tests: [{ status: 'skipped', results: [] }] },
            { title: 'works', file: 'pipeline-board.spec.ts', line: 310, tests: [{ status: 'expected', results: [] }] },
          ],
        },
      ],
    },
  ],
};

describe("npm test's tally of the runners' reports", () => {
  it('counts passed, failed and skipped tests across reports', () => {
    const tally = createTally('/repo');
    tally.addVitest(vitestReport, 'PGlite');
    tally.addPlaywright(playwrightReport);
    expect([tally.passed, tally.failed, tally.skipped]).toEqual([5, 2, 2]);
    expect(tally.skippedNames).toEqual(['PGlite: a later', 'browser: pipeline-board.spec.ts > offline > later']);
  });

  it('keeps each failed test with the start of its error, colour codes removed, and a file that failed in a hook', () => {
    const tally = createTally('/repo');
    tally.addVitest(vitestReport, 'PostgreSQL');
    tally.addPlaywright(playwrightReport);
    expect(tally.failedTests).toEqual([
      'PostgreSQL: a subtracts\n    AssertionError: expected 1 to be 2\n    - Expected\n    + Received\n        at a.test.ts:9:5',
      'PostgreSQL: src/server/b.api.test.ts\n    Hook timed out in 60000ms.',
      'browser: pipeline-board.spec.ts > the pipeline board moves cards (pipeline-board.spec.ts:118)\n' +
        '    Error: expect(locator).toBeVisible() failed\n' +
        "    Locator: getByText('Ada Lovelace moved to Screening')\n" +
        '    Expected: visible\n' +
        '    Timeout: 20000ms',
    ]);
  });

  it('cuts a long error to its first lines and a long line to 200 characters', () => {
    const message = ['first', 'x'.repeat(300), ...Array.from({ length: 20 }, (_, i) => `line ${i}`)].join('\n');
    const text = failureText('a test', message, 3).split('\n');
    expect(text).toEqual(['a test', '    first', `    ${'x'.repeat(200)}`, '    line 0']);
    expect(failureText('no message', undefined)).toBe('no message');
  });
});
