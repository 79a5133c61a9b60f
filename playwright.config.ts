import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { type E2eServer, e2eEnv, e2eServers, e2eWorkers } from './tests/e2e/support/e2e-env.ts';
import { thirdPartyEnvFor } from './tests/e2e/support/third-party-env.ts';

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
  // Files are shared out among the workers; each worker has its own server (tests/e2e/support/e2e-env.ts), so tests
  // that count what their server holds see only the files of their own worker.
  fullyParallel: false,
  workers: e2eWorkers,
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
  webServer: e2eServers.flatMap(webServers),
});

// Each worker's server: the stand-ins for GitHub, Devpost and a push service, and the app (tests/e2e/support/e2e-env.ts).
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

function webServers(server: E2eServer): WebServer[] {
  const thirdParty = thirdPartyEnvFor(server.port);
  return [
    {
      // Local stand-ins for GitHub's APIs and Devpost's pages (the account page's connections); ports next to PORT.
      command: 'node --experimental-strip-types tests/e2e/support/third-party-fakes.ts',
      url: `${thirdParty.devpostBaseUrl}/jane_doe`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(server.port) },
    },
    {
      command: 'node scripts/start.mjs --no-build',
      url: `${server.baseUrl}/api/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        AUTH_EMULATOR_PORT: String(server.emulatorPort),
        FIREBASE_PROJECT_ID: server.projectId,
        LOG_LEVEL: 'warn',
        // Browser tests import their own feed files through the admin route; no outside network.
        FEEDS_ENABLED: 'false',
        GITHUB_API_URL: thirdParty.githubApiUrl,
        GITHUB_GRAPHQL_URL: thirdParty.githubGraphqlUrl,
        DEVPOST_BASE_URL: thirdParty.devpostBaseUrl,
        // Web Push goes to the local push service of third-party-fakes.ts, whose certificate the server trusts.
        PUSH_ALLOWED_HOSTS: '127.0.0.1',
        ADMIN_EMAILS: server.operatorEmail,
        NODE_EXTRA_CA_CERTS: thirdParty.pushCertificateFile,
      },
    },
  ];
}
