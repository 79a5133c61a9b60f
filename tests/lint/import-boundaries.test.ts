import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Runs the project's own ESLint config on small sources placed at real paths, so the boundary rules are shown to fail.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses a client feature importing another feature’s file instead of its index.ts', async () => {
    const code = "import { JobList } from '../../jobs/components/job-list.tsx';\nexport const list = JobList;\n";
    expect(await ruleIdsFor(code, 'src/client/features/dashboard/components/new-card.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('accepts the same import through the feature’s public entry', async () => {
    const code = "import { JobList } from '../../jobs/index.ts';\nexport const list = JobList;\n";
    expect(await ruleIdsFor(code, 'src/client/features/dashboard/components/new-card.tsx')).toEqual([]);
  });

  it('refuses a server module importing another module’s repository', async () => {
    const code =
      "import { findOpenFeaturedJob } from '../jobs/jobs.repository.ts';\nexport const find = findOpenFeaturedJob;\n";
    expect(await ruleIdsFor(code, 'src/server/modules/apply/new-thing.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses an upward import (shared -> server, client -> server)', async () => {
    const fromShared = "import { HttpError } from '../server/http/http-error.ts';\nexport const error = HttpError;\n";
    expect(await ruleIdsFor(fromShared, 'src/shared/new-rule.ts')).toContain('import-x/no-restricted-paths');
    const fromClient =
      "import { HttpError } from '../../server/http/http-error.ts';\nexport const error = HttpError;\n";
    expect(await ruleIdsFor(fromClient, 'src/client/lib/new-helper.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([`${root}/tests/lint/fixtures/cycle-a.ts`]);
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
