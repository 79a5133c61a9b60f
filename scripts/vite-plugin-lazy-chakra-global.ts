import type { Plugin } from 'vite';

/** Chakra's module that builds the system (`createSystem`), in the browser build. */
const systemModule = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** The eager line in Chakra 3.37's `createSystem`, and the property that hands its result out. */
const eagerGlobal = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const globalProperty = /^(\s*)_global,$/m;

/**
 * Makes the system's `_global` (the reset, the base styles and every design token as a CSS variable, which only
 * `ChakraProvider` reads) a getter computed on first read instead of inside `createSystem`. A prerendered page
 * already carries that CSS in its <head>, so the app never reads it there (`appSystem` in src/client/app/theme.ts),
 * and a phone skips about half of `createSystem` (decision record 019).
 *
 * The build fails if the code it rewrites is not found, so a Chakra upgrade cannot drop the change silently.
 */
export function lazyChakraGlobalCss(): Plugin {
  return {
    name: 'campus-jobs:lazy-chakra-global-css',
    enforce: 'pre',
    transform(code, id) {
      if (!systemModule.test(id)) return null;
      if (!code.includes(eagerGlobal) || !globalProperty.test(code)) {
        this.error(`${id} no longer has the code this plugin rewrites: check what Chakra's createSystem does now`);
      }
      return {
        code: code
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
