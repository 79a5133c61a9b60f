import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyChakraGlobalCss } from './vite-plugin-lazy-chakra-global.ts';

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => { code: string } | null | undefined;

const require = createRequire(import.meta.url);
const systemFile = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);
const transform = lazyChakraGlobalCss().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('lazyChakraGlobalCss', () => {
  it("turns the installed Chakra's eager global CSS into a getter computed on first read", () => {
    const result = transform.call(context, readFileSync(systemFile, 'utf8'), systemFile);
    expect(result?.code).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(result?.code).toContain('let _global;');
    expect(result?.code).toMatch(
      /get _global\(\) \{\s+return _global \?\?= \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\];\s+\},/,
    );
  });

  it('lets createSystem take a config the app marked as merged as it is, and merge anything else as before', () => {
    const code = transform.call(context, readFileSync(systemFile, 'utf8'), systemFile)?.code ?? '';
    expect(code).not.toContain('const config = mergeConfigs(...configs);');
    expect(code).toContain(
      'const config = configs.length === 1 && configs[0]?.[Symbol.for("campus-jobs:merged-chakra-config")] === true ' +
        '? configs[0] : mergeConfigs(...configs);',
    );
  });

  it('fails the build when Chakra no longer merges its configs on the line it rewrites', () => {
    const source = readFileSync(systemFile, 'utf8').replace('const config = mergeConfigs(...configs);', '');
    expect(() => transform.call(context, source, systemFile)).toThrow(/no longer has the code this plugin rewrites/);
  });

  it('fails the build when Chakra no longer has the code it rewrites', () => {
    expect(() => transform.call(context, 'export function createSystem() { return {}; }', systemFile)).toThrow(
      /no longer has the code this plugin rewrites/,
    );
  });

  it('leaves every other module alone', () => {
    expect(transform.call(context, 'const _global = 1;', '/app/src/client/main.tsx')).toBeNull();
  });
});
