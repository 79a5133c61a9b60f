// Ports of the local stand-ins for GitHub and Devpost in browser tests, next to the app's own port so runs with
// different E2E_PORT values never collide. No side effects: the fake servers' script imports it too.
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const thirdPartyEnv = {
  githubPort: appPort + 1,
  devpostPort: appPort + 2,
  githubApiUrl: `http://127.0.0.1:${appPort + 1}`,
  githubGraphqlUrl: `http://127.0.0.1:${appPort + 1}/graphql`,
  devpostBaseUrl: `http://127.0.0.1:${appPort + 2}`,
};

/** The GitHub account behind the Auth emulator's GitHub popup (its access token is always this one). */
export const emulatorGithubToken = 'FirebaseAuthEmulatorFakeAccessToken_github.com';
export const fakeGithubLogin = 'ada-e2e';
