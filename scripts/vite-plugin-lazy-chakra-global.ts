import type { Plugin } from 'vite';
import { mergedChakraConfigMark } from '../src/client/app/merged-chakra-config.ts';

/** Chakra's module that builds the system (`createSystem`), in the browser build. */
const systemModule = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** The eager line in Chakra 3.37's `createSystem`, and the property that hands its result out. */
const eagerGlobal = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const globalProperty = /^(\s*)_global,$/m;

/** The first line of `createSystem`: it clones and merges its configs, a quarter of its time on a cold start. */
const eagerMerge = 'const config = mergeConfigs(...configs);';
const marked = `configs.length === 1 && configs[0]?.[Symbol.for(${JSON.stringify(mergedChakraConfigMark)})] === true`;
const markedMerge = `const config = ${marked} ? configs[0] : mergeConfigs(...configs);`;

/**
 * Two rewrites of Chakra's `createSystem`, so that a phone spends less of the app's start in that one long task.
 *
 * The first makes the system's `_global` (the reset, the base styles and every design token as a CSS variable, which
 * only `ChakraProvider` reads) a getter computed on first read instead of inside `createSystem`. A prerendered page
 * already carries that CSS in its <head>, so the app never reads it there (`appSystem` in src/client/app/theme.ts),
 * and a phone skips about half of `createSystem` (decision record 019).
 *
 * The second lets `createSystem` take a config already merged by `mergeConfigs` (marked with
 * `mergedChakraConfigMark`) as it is: the app merges its config in a task of its own, and the system is created in the
 * next one (decision record 020).
 *
 * The build fails if the code it rewrites is not found, so a Chakra upgrade cannot drop either change silently.
 */
export function lazyChakraGlobalCss(): Plugin {
  return {
    name: 'campus-jobs:lazy-chakra-global-css',
    enforce: 'pre',
    transform(code, id) {
      if (!systemModule.test(id)) return null;
      if (!code.includes(eagerGlobal) || !globalProperty.test(code) || !code.includes(eagerMerge)) {
        this.error(`${id} no longer has the code this plugin rewrites: check what Chakra's createSystem does now`);
      }
      return {
        code: code
          .replace(eagerMerge, markedMerge)
          .replace(eagerGlobal, 'let _global;')
          .replace(
            globalProperty,
            '$1get _global() {\n$1  return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n$1},',
          ),
        map: null,
      };
    },
  };
}
