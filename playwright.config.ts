import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './tests/e2e/support/e2e-env.ts';
import { thirdPartyEnv } from './tests/e2e/support/third-party-env.ts';

// Browser tests run the real product: `npm start`'s script (already built) with its own data folder,
// its own Auth emulator port and real Debian Chromium. No browser is ever downloaded.
// Lets context.route() see (and cut) the service worker's own network requests, to test offline for real.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Two busy cores can hold a page's first load of a route chunk for more than 10 s (seen in CI runs with other
  // work on the machine): a wait that passes is as fast as before; only a failure takes longer to report.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: e2eEnv.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eEnv.chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Local stand-ins for GitHub's APIs and Devpost's pages (the account page's connections); ports next to PORT.
      command: 'node --experimental-strip-types tests/e2e/support/third-party-fakes.ts',
      url: `${thirdPartyEnv.devpostBaseUrl}/jane_doe`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(e2eEnv.port) },
    },
    {
      command: 'node scripts/start.mjs --no-build',
      url: `${e2eEnv.baseUrl}/api/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(e2eEnv.port),
        DATA_DIR: e2eEnv.dataDir,
        AUTH_EMULATOR_PORT: String(e2eEnv.emulatorPort),
        FIREBASE_PROJECT_ID: e2eEnv.projectId,
        LOG_LEVEL: 'warn',
        // Browser tests import their own feed files through the admin route; no outside network.
        FEEDS_ENABLED: 'false',
        GITHUB_API_URL: thirdPartyEnv.githubApiUrl,
        GITHUB_GRAPHQL_URL: thirdPartyEnv.githubGraphqlUrl,
        DEVPOST_BASE_URL: thirdPartyEnv.devpostBaseUrl,
        // Web Push goes to the local push service of third-party-fakes.ts, whose certificate the server trusts.
        PUSH_ALLOWED_HOSTS: '127.0.0.1',
        ADMIN_EMAILS: e2eEnv.operatorEmail,
        NODE_EXTRA_CA_CERTS: thirdPartyEnv.pushCertificateFile,
      },
    },
  ],
});
