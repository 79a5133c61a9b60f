import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One-way imports: shared <- client, shared <- server. The client never reaches the server and vice versa.
const noImportsFrom = (...worlds) => ({
  'no-restricted-imports': ['error', {
    patterns: worlds.map((world) => ({
      group: [`**/${world}/**`, `**/${world}`],
      message: `Imports flow shared <- client and shared <- server; this file may not import src/${world}.`,
    })),
  }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.data-test/**', 'test-results/**', 'playwright-report/**',
    'tests/e2e/support/gapi-stand-in.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImportsFrom('server') },
  },
  { files: ['src/server/**/*.ts'], rules: noImportsFrom('client') },
  { files: ['src/shared/**/*.ts'], rules: noImportsFrom('client', 'server') },
);
