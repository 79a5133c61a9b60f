// What `npm test` (scripts/test.mjs) reads from the test runners' JSON reports: the counts of its closing line, the
// names of skipped tests, and each failed test with the start of its error (printed again at the end, so that a CI
// log that keeps only its last lines, where a browser test's attachments fill pages, still says what failed and why).
import path from 'node:path';

// eslint-disable-next-line no-control-regex -- the reporters' colour codes
const withoutColours = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');

/** The first lines of an error message, indented under the test's name. */
export function failureText(name, message, maxLines = 8) {
  const lines = withoutColours(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, maxLines);
  return [name, ...lines.map((line) => `    ${line.slice(0, 200)}`)].join('\n');
}

/** A running tally over several reports. `root` makes the paths of failed files relative. */
export function createTally(root) {
  const tally = { passed: 0, failed: 0, skipped: 0, skippedNames: [], failedTests: [] };

  /** A vitest JSON report (`--reporter=json`). */
  tally.addVitest = (report, label) => {
    tally.passed += report.numPassedTests ?? 0;
    tally.failed += report.numFailedTests ?? 0;
    tally.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const tests = result.assertionResults ?? [];
      for (const test of tests) {
        if (['pending', 'skipped', 'todo'].includes(test.status)) tally.skippedNames.push(`${label}: ${test.fullName}`);
        if (test.status === 'failed') {
          tally.failedTests.push(failureText(`${label}: ${test.fullName}`, test.failureMessages?.[0]));
        }
      }
      // A file that failed before its tests ran (an import or a hook) has no failed test of its own.
      if (result.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
        tally.failedTests.push(failureText(`${label}: ${path.relative(root, result.name ?? '')}`, result.message));
      }
    }
  };

  /** A Playwright JSON report. */
  tally.addPlaywright = (report) => {
    tally.passed += report.stats?.expected ?? 0;
    tally.failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    tally.skipped += report.stats?.skipped ?? 0;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        const name = `browser: ${[...titles, spec.title].join(' > ')}`;
        for (const test of spec.tests ?? []) {
          if (test.status === 'skipped') tally.skippedNames.push(name);
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const error = (test.results ?? []).flatMap((result) => result.errors ?? []).at(0);
            tally.failedTests.push(failureText(`${name} (${spec.file}:${spec.line})`, error?.message ?? error?.value));
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  };

  return tally;
}
