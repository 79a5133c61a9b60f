import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStubServer, type StubServer } from './stub-http-server.ts';

// Serves tests/fixtures/devpost (see its README) as Devpost would: profile pages at /<username>, project pages at
// /software/<slug>, hackathon sites at /hackathons/<slug>/; anything else is a 404 page.

const fixturesDir = join(import.meta.dirname, '..', 'fixtures', 'devpost');

const routes: Record<string, string> = {
  '/jane_doe': 'profile-jane-doe.html',
  '/new_user': 'profile-new-user.html',
  '/redesigned': 'profile-redesigned.html',
  '/software/smart-recycle': 'project-smart-recycle.html',
  '/software/study-buddy': 'project-study-buddy.html',
  '/software/pixel-garden': 'project-pixel-garden.html',
  '/software/night-owl': 'project-night-owl.html',
  '/hackathons/hack-the-north-2023/': 'hackathon-hack-the-north-2023.html',
  '/hackathons/mchacks-11/': 'hackathon-mchacks-11.html',
};

export type FakeDevpost = {
  origin: string;
  requests: StubServer['requests'];
  /** What `path` answers from now on (a status, and a body). */
  override(path: string, answer: { status: number; body?: string } | null): void;
  close(): Promise<void>;
};

export async function startFakeDevpost(port = 0): Promise<FakeDevpost> {
  const overrides = new Map<string, { status: number; body?: string }>();
  let origin = '';
  const server = await startStubServer((request, response) => {
    const path = request.path.split('?')[0] ?? '/';
    const override = overrides.get(path);
    if (override) {
      response.writeHead(override.status, { 'content-type': 'text/html; charset=utf-8' }).end(override.body ?? '');
      return;
    }
    const file = routes[path];
    if (!file) {
      const notFoundPage = '<html><body><h1>Page not found</h1></body></html>';
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFoundPage);
      return;
    }
    const html = readFileSync(join(fixturesDir, file), 'utf8').replaceAll('{{BASE}}', origin);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }, port);
  origin = server.origin;
  return {
    origin,
    requests: server.requests,
    override(path, answer) {
      if (answer) overrides.set(path, answer);
      else overrides.delete(path);
    },
    close: () => server.close(),
  };
}
