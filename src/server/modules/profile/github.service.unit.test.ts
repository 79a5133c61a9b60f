import { describe, expect, it } from 'vitest';
import { createGithubService } from './github.service.ts';

const githubTest = { graphqlUrl: 'https://api.github.test/graphql', apiUrl: 'https://api.github.test' };

describe('createGithubService', () => {
  it('answers "unavailable" when GitHub cannot be reached', async () => {
    const closedPort = 'http://127.0.0.1:9';
    const service = createGithubService({ graphqlUrl: `${closedPort}/graphql`, apiUrl: closedPort, timeoutMs: 2000 });
    expect(await service.fetchProfile('gho_x')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('answers "unavailable" when GitHub answers a shape it does not document', async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ data: { viewer: { login: 7 } } }))) as typeof globalThis.fetch;
    const service = createGithubService({ ...githubTest, fetch });
    expect(await service.fetchProfile('gho_x')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('answers "unauthorized" when the REST API refuses the token, even if GraphQL would answer', async () => {
    const fetch = (async (input: string | URL | Request) =>
      String(input).endsWith('/user')
        ? new Response('{"message":"Bad credentials"}', { status: 401 })
        : new Response('{}', { status: 200 })) as typeof globalThis.fetch;
    const service = createGithubService({ ...githubTest, fetch });
    expect(await service.fetchProfile('gho_x')).toEqual({ ok: false, reason: 'unauthorized' });
  });
});
