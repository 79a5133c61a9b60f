import { useMemo } from 'react';
import type { RuntimeConfig } from '../../../lib/runtime-config.ts';
import { useRuntimeConfig } from '../../../lib/use-runtime-config.ts';

/** The outbound links and addresses the public pages show; they come from the deployment's runtime config. */
export type PublicLinks = Pick<
  RuntimeConfig,
  'repositoryUrl' | 'communityUrl' | 'roadmapUrl' | 'companyPortalUrl' | 'supportEmail' | 'feedbackEmail'
>;

// The server's own defaults (src/server/env.ts): the page renders with these at once and never waits on the API.
export const defaultPublicLinks: PublicLinks = {
  repositoryUrl: 'https://github.com/campusjobs/campus-jobs',
  communityUrl: 'https://github.com/campusjobs/campus-jobs/discussions',
  roadmapUrl: 'https://github.com/campusjobs/campus-jobs/milestones',
  companyPortalUrl: '/company/sign-in',
  supportEmail: 'support@campusjobs.dev',
  feedbackEmail: 'feedback@campusjobs.dev',
};

function pickLinks(config: RuntimeConfig): PublicLinks {
  const { repositoryUrl, communityUrl, roadmapUrl, companyPortalUrl, supportEmail, feedbackEmail } = config;
  return { repositoryUrl, communityUrl, roadmapUrl, companyPortalUrl, supportEmail, feedbackEmail };
}

// Header, footer and page all ask; one warning per page load is enough.
let warnedAboutDefaults = false;

function warnAboutDefaults(error: unknown): void {
  if (warnedAboutDefaults) return;
  warnedAboutDefaults = true;
  console.warn('[config] runtime config unavailable, public links use their defaults', error);
}

/** Stored config from an earlier visit (or the defaults) first, replaced by the fresh config once it arrives. */
export function usePublicLinks(): PublicLinks {
  const config = useRuntimeConfig(warnAboutDefaults);
  return useMemo(() => (config ? pickLinks(config) : defaultPublicLinks), [config]);
}
