// The client's page addresses, in one list the router builds its routes from and the server reads to tell a page
// that exists (200) from an unknown path (404). A pattern segment starting with ':' matches any one segment.

/** Marketing pages linked from the mega-menus; each renders a tidy page from the `marketing` namespace. */
export const infoPageSlugs = [
  'catalog',
  'pricing',
  'blog',
  'blog/lovable-case-study',
  'origin',
  'mission-value',
  'team',
  'careers',
  'sustainability',
  'contact',
  'metric-benchmark',
  'press-release',
  'fox-profile',
  'fox-comics',
  'fox-shop',
  'docs/CODE_OF_CONDUCT.md',
  'CONTRIBUTING.md',
] as const;

export type InfoPageSlug = (typeof infoPageSlugs)[number];

export const clientPaths = {
  landing: '/',
  terms: '/terms-and-conditions',
  privacy: '/privacy',
  signIn: '/sign-in',
  authCallback: '/auth/callback',
  apply: '/jobs/:slug/apply',
  jobDetail: '/jobs/:slug',
  dashboard: '/dashboard',
  account: '/account',
  jobs: '/jobs',
  appliedJobs: '/jobs/applied',
  savedJobs: '/jobs/saved',
  dismissedJobs: '/jobs/dismissed',
  alerts: '/alerts',
  companySignIn: '/company/sign-in',
  companyJoin: '/company/join/:token',
  companyJobs: '/company',
  companyNewJob: '/company/jobs/new',
  companyJob: '/company/jobs/:jobId',
  companyEditJob: '/company/jobs/:jobId/edit',
  companyApplication: '/company/applications/:applicationId',
  companyMembers: '/company/members',
  companySettings: '/company/settings',
  companyActivity: '/company/activity',
  /** The operators' moderation page (ADMIN_EMAILS). */
  admin: '/admin',
} as const;

export const infoPagePath = (slug: InfoPageSlug) => `/${slug}`;

/** Every page the client router answers (its catch-all aside). */
export const clientRoutePatterns: readonly string[] = [
  ...Object.values(clientPaths),
  ...infoPageSlugs.map(infoPagePath),
];

/**
 * Pages rendered to static HTML at build time, one file per locale: no session, no data from the API.
 * (The 404 page is prerendered too, under `notFoundPagePath`.)
 */
export const prerenderedPaths: readonly string[] = [
  clientPaths.landing,
  clientPaths.signIn,
  clientPaths.privacy,
  clientPaths.terms,
  ...infoPageSlugs.map(infoPagePath),
];

/**
 * Signed-in pages with a shell rendered at build time (layout, headings, skeletons; no data), shown on a visit the
 * service worker does not answer while the app starts (decision record 016). Without a query string only.
 */
export const signedInShellPaths: readonly string[] = [clientPaths.dashboard, clientPaths.jobs];

/**
 * The sign-in page is rendered at build time for this redirect target; the server writes the request's own
 * (`?redirectUrl=`, made safe) where it appears, so one file serves every guard's redirect.
 */
export const redirectUrlPlaceholder = '/__redirect-url__';

/** An address no route matches: rendering it gives the client's 404 page. */
export const notFoundPagePath = '/404';

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** True when `pathname` (no query; a trailing slash is ignored, as the router does) is one of the client's pages. */
export function isClientRoute(pathname: string): boolean {
  const actual = segments(pathname);
  return clientRoutePatterns.some((pattern) => {
    const expected = segments(pattern);
    return (
      expected.length === actual.length &&
      expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]))
    );
  });
}
