import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { GithubProfile } from '../../../shared/github/github-profile.ts';
import { computeGithubProfile, type GithubRepository } from '../../../shared/github/github-stats.ts';

// Reads a GitHub account with the person's OAuth token (scope read:user): one GraphQL query for the profile, the
// contribution calendar and the owned repositories (more pages when there are more than 100), and the REST `/user`
// resource for the `blog` field the profile calls so. The token is used for these calls only, never stored or logged.

export type GithubLookup = { ok: true; profile: GithubProfile } | { ok: false; reason: 'unauthorized' | 'unavailable' };

export type GithubService = {
  fetchProfile(token: string): Promise<GithubLookup>;
};

export type GithubServiceOptions = {
  /** GITHUB_GRAPHQL_URL, https://api.github.com/graphql */
  graphqlUrl: string;
  /** GITHUB_API_URL, https://api.github.com */
  apiUrl: string;
  log?: FastifyBaseLogger;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  timeoutMs?: number;
  /** Pages of 100 repositories read at most (stars and languages cover those). */
  maxRepositoryPages?: number;
};

const repositoryArguments =
  'first: 100, ownerAffiliations: OWNER, isFork: false, orderBy: { field: STARGAZERS, direction: DESC }';

const repositoryFields = `
  name
  url
  stargazerCount
  primaryLanguage { name }
  languages(first: 20, orderBy: { field: SIZE, direction: DESC }) { edges { size node { name } } }
`;

const profileQuery = `query CampusJobsGithubProfile {
  viewer {
    login name bio avatarUrl location websiteUrl twitterUsername createdAt
    followers { totalCount }
    pullRequests { totalCount }
    repositories(${repositoryArguments}) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { ${repositoryFields} }
    }
    contributionsCollection {
      contributionCalendar {
        totalContributions
        weeks { contributionDays { date contributionCount } }
      }
    }
  }
}`;

const repositoriesPageQuery = `query CampusJobsGithubRepositories($cursor: String!) {
  viewer {
    repositories(${repositoryArguments}, after: $cursor) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { ${repositoryFields} }
    }
  }
}`;

const count = z.object({ totalCount: z.number().int().nonnegative() });

const repositoryConnection = z.object({
  totalCount: z.number().int().nonnegative(),
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  nodes: z.array(
    z
      .object({
        name: z.string(),
        url: z.string(),
        stargazerCount: z.number().int().nonnegative(),
        primaryLanguage: z.object({ name: z.string() }).nullish(),
        languages: z
          .object({
            edges: z
              .array(z.object({ size: z.number().nonnegative(), node: z.object({ name: z.string() }) }))
              .nullish(),
          })
          .nullish(),
      })
      .nullable(),
  ),
});

const profileResponse = z.object({
  data: z.object({
    viewer: z.object({
      login: z.string(),
      name: z.string().nullish(),
      bio: z.string().nullish(),
      avatarUrl: z.string().nullish(),
      location: z.string().nullish(),
      websiteUrl: z.string().nullish(),
      twitterUsername: z.string().nullish(),
      createdAt: z.string().nullish(),
      followers: count,
      pullRequests: count,
      repositories: repositoryConnection,
      contributionsCollection: z.object({
        contributionCalendar: z.object({
          totalContributions: z.number().int().nonnegative(),
          weeks: z.array(
            z.object({
              contributionDays: z.array(
                z.object({
                  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
                  contributionCount: z.number().int().nonnegative(),
                }),
              ),
            }),
          ),
        }),
      }),
    }),
  }),
});

const repositoriesPageResponse = z.object({
  data: z.object({ viewer: z.object({ repositories: repositoryConnection }) }),
});

const restUser = z.object({ login: z.string(), blog: z.string().nullish() });

class GithubUnauthorizedError extends Error {
  override name = 'GithubUnauthorizedError';
}

function toRepositories(connection: z.infer<typeof repositoryConnection>): GithubRepository[] {
  return connection.nodes
    .filter((node) => node !== null)
    .map((node) => ({
      name: node.name,
      url: node.url,
      stars: node.stargazerCount,
      primaryLanguage: node.primaryLanguage?.name ?? null,
      languages: (node.languages?.edges ?? []).map((edge) => ({ name: edge.node.name, size: edge.size })),
    }));
}

export function createGithubService({
  graphqlUrl,
  apiUrl,
  log,
  fetch = globalThis.fetch,
  now = () => new Date(),
  timeoutMs = 15_000,
  maxRepositoryPages = 5,
}: GithubServiceOptions): GithubService {
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    // GitHub refuses requests without a User-Agent.
    'user-agent': 'CampusJobs',
  });

  async function call(url: string, token: string, init: RequestInit = {}): Promise<unknown> {
    const response = await fetch(url, {
      ...init,
      headers: { ...headers(token), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401) {
      await response.body?.cancel();
      throw new GithubUnauthorizedError('GitHub answered 401');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`GitHub answered ${response.status} for ${new URL(url).pathname}`);
    }
    return response.json();
  }

  async function graphql<T>(token: string, query: string, variables: object, schema: z.ZodType<T>): Promise<T> {
    const body = (await call(graphqlUrl, token, { method: 'POST', body: JSON.stringify({ query, variables }) })) as {
      errors?: { message?: string }[];
    };
    // GraphQL reports its errors with a 200.
    if (Array.isArray(body?.errors) && body.errors.length > 0) {
      throw new Error(`GitHub GraphQL errors: ${body.errors.map((error) => error.message).join('; ')}`);
    }
    return schema.parse(body);
  }

  return {
    async fetchProfile(token) {
      try {
        const restUrl = `${apiUrl.replace(/\/+$/, '')}/user`;
        const [first, rest] = await Promise.all([
          graphql(token, profileQuery, {}, profileResponse),
          // Only the blog comes from here: a failure other than 401 costs that field, not the connection.
          call(restUrl, token).then(
            (body) => restUser.parse(body),
            (error: unknown) => {
              if (error instanceof GithubUnauthorizedError) throw error;
              log?.warn({ err: error }, 'GitHub REST /user failed; continuing without it');
              return null;
            },
          ),
        ]);
        const viewer = first.data.viewer;
        const repositories = toRepositories(viewer.repositories);
        let pageInfo = viewer.repositories.pageInfo;
        for (let page = 1; page < maxRepositoryPages && pageInfo.hasNextPage && pageInfo.endCursor; page += 1) {
          const variables = { cursor: pageInfo.endCursor };
          const next = await graphql(token, repositoriesPageQuery, variables, repositoriesPageResponse);
          repositories.push(...toRepositories(next.data.viewer.repositories));
          pageInfo = next.data.viewer.repositories.pageInfo;
        }
        const profile = computeGithubProfile(
          {
            login: viewer.login,
            name: viewer.name ?? null,
            bio: viewer.bio ?? null,
            avatarUrl: viewer.avatarUrl ?? null,
            location: viewer.location ?? null,
            websiteUrl: rest?.blog || viewer.websiteUrl || null,
            twitterUsername: viewer.twitterUsername ?? null,
            createdAt: viewer.createdAt ?? null,
            followers: viewer.followers.totalCount,
            pullRequests: viewer.pullRequests.totalCount,
            repoCount: viewer.repositories.totalCount,
            repositories,
            calendar: viewer.contributionsCollection.contributionCalendar,
          },
          { now: now() },
        );
        return { ok: true, profile };
      } catch (error) {
        if (error instanceof GithubUnauthorizedError) return { ok: false, reason: 'unauthorized' };
        log?.warn({ err: error }, 'GitHub profile could not be read');
        return { ok: false, reason: 'unavailable' };
      }
    },
  };
}
