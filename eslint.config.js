import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Features (client) and modules (server) import each other only through their public index.ts; the composition
// roots (the router, app.ts, the CLI, tests) may reach route components and plugins by path.
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const publicEntryOnly = (root, names) =>
  names.flatMap((name) =>
    names
      .filter((other) => other !== name)
      .map((other) => ({
        target: `${root}/${name}`,
        from: `${root}/${other}`,
        except: ['./index.ts'],
        message: `Import ${root}/${other} through its public entry (${root}/${other}/index.ts), not its files.`,
      })),
  );
const clientFeatures = foldersIn('./src/client/features');
const serverModules = foldersIn('./src/server/modules');
const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared imports neither the client nor the server.',
  },
  { target: './src/client', from: './src/server', message: 'The client never imports the server.' },
  { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
  // App-wide layers sit below the features.
  {
    target: ['./src/client/lib', './src/client/components'],
    from: './src/client/features',
    message: 'lib/ and components/ are used by features, never the reverse.',
  },
  // The Dexie class still types its job-detail store with the jobs feature's parsed API answer.
  {
    target: './src/client/db',
    from: './src/client/features',
    except: ['./jobs/api/get-job-detail.ts'],
    message: 'The local database does not import features; record types live in db/records/.',
  },
  ...publicEntryOnly('./src/client/features', clientFeatures),
  ...publicEntryOnly('./src/server/modules', serverModules),
  ...serverModules.map((name) => ({
    target: [
      './src/server/cli',
      './src/server/http',
      './src/server/db',
      './src/server/mail',
      './src/server/storage',
      './src/server/plugins',
      './src/server/lib',
      './src/server/scheduler',
      './tests',
    ],
    from: `./src/server/modules/${name}`,
    except: ['./index.ts'],
    message: `Import src/server/modules/${name} through its public entry (index.ts).`,
  })),
];

// One-way imports: shared <- client, shared <- server. The client never reaches the server and vice versa.
const noImportsFrom = (...worlds) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: worlds.map((world) => ({
        group: [`**/${world}/**`, `**/${world}`],
        message: `Imports flow shared <- client and shared <- server; this file may not import src/${world}.`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.data-test/**',
      'test-results/**',
      'playwright-report/**',
      'tests/e2e/support/gapi-stand-in.js',
      // Deliberate violations, linted by tests/lint/import-boundaries.test.ts.
      'tests/lint/fixtures/**',
    ],
  },
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
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // Without these, dependencies are not parsed and no-cycle sees no edges.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['src/shared/**/*.ts'], rules: noImportsFrom('client', 'server') },
);
