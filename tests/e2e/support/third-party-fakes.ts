// Started by playwright.config.ts as a web server: local servers that answer like GitHub's APIs and Devpost's pages
// (the same fakes the API tests use), on the ports the app server is pointed at. Runs until Playwright stops it.
import { writeFileSync } from 'node:fs';
import { startFakeDevpost } from '../../api-setup/fake-devpost.ts';
import { startFakeGithub } from '../../api-setup/fake-github.ts';
import { startLocalPushService } from '../../api-setup/local-push-service.ts';
import { sendJson, startStubServer } from '../../api-setup/stub-http-server.ts';
import { emulatorGithubToken, fakeGithubLogin, thirdPartyEnvFor } from './third-party-env.ts';

// Hand-checked: 2026-11-01 is a Sunday. Counts hit every colour level (0, 1-2, 3-5, 6-10, >10); the longest streak is
// 7 days (11-02..11-08), the current one 3 days (11-10..11-12), 44 contributions in all.
const fakeCalendar = { start: '2026-11-01', counts: [0, 1, 2, 3, 5, 6, 10, 11, 0, 2, 2, 2] };

// playwright.config.ts starts one of these per server, with that server's port in E2E_PORT.
const thirdPartyEnv = thirdPartyEnvFor(Number(process.env.E2E_PORT ?? 3100));

const github = await startFakeGithub(
  [
    {
      token: emulatorGithubToken,
      login: fakeGithubLogin,
      name: 'Ada E2E',
      bio: 'Writes compilers for fun',
      followers: 12,
      pullRequests: 34,
      calendar: fakeCalendar,
      repositories: [
        {
          name: 'analytical-engine',
          stars: 50,
          languages: [
            { name: 'Rust', size: 6000 },
            { name: 'Python', size: 1000 },
          ],
        },
        { name: 'notes', stars: 3, languages: [{ name: 'TypeScript', size: 2000 }] },
        {
          name: 'bernoulli',
          stars: 20,
          languages: [
            { name: 'Go', size: 500 },
            { name: 'Shell', size: 300 },
          ],
        },
        { name: 'dotfiles', stars: 1, languages: [{ name: 'Lua', size: 200 }] },
      ],
    },
  ],
  thirdPartyEnv.githubPort,
);
// A browser's push service: headless Chromium has none, so the browser tests subscribe here (see push.spec.ts),
// read what the app sent through the control door, and hand it to the service worker over the DevTools protocol.
// Started before Devpost, whose address Playwright waits for: the certificate file exists before the app starts.
const push = await startLocalPushService(thirdPartyEnv.pushServicePort);
writeFileSync(thirdPartyEnv.pushCertificateFile, push.certificate);
const pushControl = await startStubServer((request, response) => {
  const url = new URL(request.path, 'http://control');
  if (request.method === 'POST' && url.pathname === '/subscriptions') return sendJson(response, 200, push.subscribe());
  if (request.method === 'GET' && url.pathname === '/received') {
    const endpoint = url.searchParams.get('endpoint');
    return sendJson(
      response,
      200,
      push.received
        .filter((message) => message.endpoint === endpoint)
        .map(({ payload, status }) => ({ payload, status })),
    );
  }
  sendJson(response, 404, { error: 'no such control route' });
}, thirdPartyEnv.pushControlPort);
const devpost = await startFakeDevpost(thirdPartyEnv.devpostPort);
console.log(`[fakes] GitHub on ${github.apiUrl}, Devpost on ${devpost.origin}, push service on ${push.origin}`);

async function stop() {
  await Promise.allSettled([github.close(), devpost.close(), push.close(), pushControl.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
