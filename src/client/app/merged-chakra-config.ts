/**
 * The mark `appSystem` (theme.ts) puts, as `Symbol.for(mergedChakraConfigMark)`, on a config it merged with Chakra's
 * own `mergeConfigs` in an earlier task. The browser build's `createSystem` takes such a config as it is instead of
 * cloning and merging it again (scripts/vite-plugin-lazy-chakra-global.ts). Merging is idempotent, so where
 * `createSystem` is not rewritten (the prerender's build, tests) the config is only merged twice.
 */
export const mergedChakraConfigMark = 'campus-jobs:merged-chakra-config';
