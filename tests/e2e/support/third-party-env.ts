import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Ports of the local stand-ins for GitHub, Devpost and a browser push service in browser tests, next to the app's own
// port so runs with different E2E_PORT values never collide. No side effects: the fake servers' script imports it too.
// Each browser-test server (tests/e2e/support/e2e-env.ts) has its own stand-ins, its port + 1 .. + 4.
export function thirdPartyEnvFor(appPort: number) {
  return {
    githubPort: appPort + 1,
    devpostPort: appPort + 2,
    githubApiUrl: `http://127.0.0.1:${appPort + 1}`,
    githubGraphqlUrl: `http://127.0.0.1:${appPort + 1}/graphql`,
    devpostBaseUrl: `http://127.0.0.1:${appPort + 2}`,
    /** The push service (HTTPS, a certificate made at start) the app sends Web Push to. */
    pushServicePort: appPort + 3,
    /** Its test-side door (plain HTTP): new subscriptions, and what the app sent to them, decrypted. */
    pushControlPort: appPort + 4,
    pushControlUrl: `http://127.0.0.1:${appPort + 4}`,
    /** Where the push service writes its certificate, which the app server trusts (NODE_EXTRA_CA_CERTS). */
    pushCertificateFile: join(tmpdir(), `campus-jobs-e2e-push-${appPort}.pem`),
  };
}

/** The GitHub account behind the Auth emulator's GitHub popup (its access token is always this one). */
export const emulatorGithubToken = 'FirebaseAuthEmulatorFakeAccessToken_github.com';
export const fakeGithubLogin = 'ada-e2e';
