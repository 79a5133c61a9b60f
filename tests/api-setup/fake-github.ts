import { sendJson, startStubServer, type StubServer } from './stub-http-server.ts';

// A local server that answers like GitHub's GraphQL API (POST /graphql, `viewer`) and REST API (GET /user), in the
// documented response shapes, for the accounts a test registers under their tokens.

export type FakeRepository = {
  name: string;
  stars?: number;
  primaryLanguage?: string | null;
  languages?: { name: string; size: number }[];
};

export type FakeGithubAccount = {
  token: string;
  login: string;
  name?: string | null;
  bio?: string | null;
  location?: string | null;
  websiteUrl?: string | null;
  blog?: string;
  twitterUsername?: string | null;
  createdAt?: string;
  followers?: number;
  pullRequests?: number;
  /** Owned, non-fork repositories (GitHub filters with ownerAffiliations: OWNER, isFork: false). */
  repositories?: FakeRepository[];
  /** Consecutive days ending on the last one: counts, oldest first. */
  calendar?: { start: string; counts: number[] };
};

export type FakeGithub = {
  graphqlUrl: string;
  apiUrl: string;
  requests: StubServer['requests'];
  /** Every later GraphQL call answers this status (or a GraphQL error body with 200 for 'graphql-error'). */
  failWith(failure: number | 'graphql-error' | null): void;
  close(): Promise<void>;
};

const pageSize = 100;

const badCredentials = (api: string) => ({
  message: 'Bad credentials',
  documentation_url: `https://docs.github.com/${api}`,
});

function days(start: string, counts: number[]) {
  let time = Date.parse(`${start}T00:00:00Z`);
  return counts.map((contributionCount) => {
    const date = new Date(time).toISOString().slice(0, 10);
    time += 86_400_000;
    return { date, contributionCount };
  });
}

function weeksOf(list: { date: string; contributionCount: number }[]) {
  const weeks: { contributionDays: typeof list }[] = [];
  for (let index = 0; index < list.length; index += 7) weeks.push({ contributionDays: list.slice(index, index + 7) });
  return weeks;
}

function repositoryPage(account: FakeGithubAccount, cursor: string | null) {
  const all = account.repositories ?? [];
  const start = cursor ? Number(Buffer.from(cursor, 'base64').toString().replace('cursor:', '')) : 0;
  const slice = all.slice(start, start + pageSize);
  const end = start + slice.length;
  return {
    totalCount: all.length,
    pageInfo: {
      hasNextPage: end < all.length,
      endCursor: slice.length > 0 ? Buffer.from(`cursor:${end}`).toString('base64') : null,
    },
    nodes: slice.map((repo) => ({
      name: repo.name,
      url: `https://github.com/${account.login}/${repo.name}`,
      stargazerCount: repo.stars ?? 0,
      primaryLanguage: repo.primaryLanguage ? { name: repo.primaryLanguage, color: '#3178c6' } : null,
      languages: {
        edges: (repo.languages ?? []).map((language) => ({ size: language.size, node: { name: language.name } })),
      },
    })),
  };
}

export async function startFakeGithub(accounts: FakeGithubAccount[], port = 0): Promise<FakeGithub> {
  const byToken = new Map(accounts.map((account) => [account.token, account]));
  let failure: number | 'graphql-error' | null = null;

  const server = await startStubServer((request, response) => {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const account = token ? byToken.get(token) : undefined;

    if (request.method === 'GET' && request.path === '/user') {
      if (!account) return sendJson(response, 401, badCredentials('rest'));
      return sendJson(response, 200, {
        login: account.login,
        id: 1,
        avatar_url: `https://avatars.githubusercontent.com/u/1`,
        name: account.name ?? null,
        blog: account.blog ?? '',
        location: account.location ?? null,
        bio: account.bio ?? null,
        twitter_username: account.twitterUsername ?? null,
        public_repos: account.repositories?.length ?? 0,
        followers: account.followers ?? 0,
        created_at: account.createdAt ?? '2018-01-01T00:00:00Z',
      });
    }

    if (request.method === 'POST' && request.path === '/graphql') {
      if (!account) return sendJson(response, 401, badCredentials('graphql'));
      if (failure === 'graphql-error') {
        return sendJson(response, 200, {
          data: null,
          errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }],
        });
      }
      if (failure !== null) return sendJson(response, failure, { message: 'Server Error' });
      const { query, variables } = JSON.parse(request.body) as { query: string; variables?: { cursor?: string } };
      if (query.includes('CampusJobsGithubRepositories')) {
        return sendJson(response, 200, {
          data: { viewer: { repositories: repositoryPage(account, variables?.cursor ?? null) } },
        });
      }
      const calendar = days(account.calendar?.start ?? '2026-11-16', account.calendar?.counts ?? []);
      return sendJson(response, 200, {
        data: {
          viewer: {
            login: account.login,
            name: account.name ?? null,
            bio: account.bio ?? null,
            avatarUrl: 'https://avatars.githubusercontent.com/u/1',
            location: account.location ?? null,
            websiteUrl: account.websiteUrl ?? null,
            twitterUsername: account.twitterUsername ?? null,
            createdAt: account.createdAt ?? '2018-01-01T00:00:00Z',
            followers: { totalCount: account.followers ?? 0 },
            pullRequests: { totalCount: account.pullRequests ?? 0 },
            repositories: repositoryPage(account, null),
            contributionsCollection: {
              contributionCalendar: {
                totalContributions: calendar.reduce((sum, day) => sum + day.contributionCount, 0),
                weeks: weeksOf(calendar),
              },
            },
          },
        },
      });
    }
    return sendJson(response, 404, { message: 'Not Found' });
  }, port);

  return {
    graphqlUrl: `${server.origin}/graphql`,
    apiUrl: server.origin,
    requests: server.requests,
    failWith(next) {
      failure = next;
    },
    close: () => server.close(),
  };
}
