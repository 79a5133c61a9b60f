import { apiJson } from '../../../lib/api-client.ts';
import type { GithubProfile } from '../../../../shared/github/github-profile.ts';

/** POST /api/github/profile: the server reads GitHub with the person's access token (never stored). */
export function connectGithub(githubToken: string): Promise<GithubProfile> {
  return apiJson<GithubProfile>('/github/profile', { method: 'POST', body: JSON.stringify({ githubToken }) });
}
