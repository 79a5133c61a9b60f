import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';
import { LandingPage } from '../features/marketing/routes/landing-page.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { SignedInOr } from '../features/auth/components/signed-in-or.tsx';
import { RouteFallback } from '../components/ui/route-fallback.tsx';
import { RouteError } from '../components/ui/route-error.tsx';

// Everything behind sign-in is split off so the landing page stays light
// (no Firebase, no Dexie on its critical path).
const SignInPage = lazy(() => import('../features/auth/routes/sign-in-page.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/routes/auth-callback-page.tsx'));
const DashboardLayout = lazy(() => import('./layouts/dashboard-layout.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page.tsx'));
const JobBoardPage = lazy(() => import('../features/jobs/routes/job-board-page.tsx'));
const JobDetailPage = lazy(() => import('../features/jobs/routes/job-detail-page.tsx'));
const PublicJobDetailPage = lazy(() => import('../features/jobs/routes/public-job-detail-page.tsx'));
const SavedJobsPage = lazy(() => import('../features/saved-jobs/routes/saved-jobs-page.tsx'));
const AccountPage = lazy(() => import('../features/profile/routes/account-page.tsx'));
const MyApplicationsPage = lazy(() => import('../features/applications/routes/my-applications-page.tsx'));
// The apply page handles a signed-out visitor itself (spec: its own sign-in prompt), so it is not behind RequireAuth.
const ApplyPage = lazy(() => import('../features/apply/routes/apply-page.tsx'));
const InfoPage = lazy(() => import('../features/marketing/routes/info-page.tsx'));
const TermsPage = lazy(() => import('../features/marketing/routes/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/marketing/routes/privacy-page.tsx'));
const NotFoundPage = lazy(() => import('../features/marketing/routes/not-found-page.tsx'));
// The company portal: its own chunks, none of which a student's page downloads.
const CompanySignInPage = lazy(() => import('../features/company/routes/company-sign-in-page.tsx'));
const CompanyJoinPage = lazy(() => import('../features/company/routes/company-join-page.tsx'));
const CompanyLayout = lazy(() => import('../features/company/routes/company-layout.tsx'));
const CompanyJobsPage = lazy(() => import('../features/company/routes/company-jobs-page.tsx'));
const CompanyJobFormPage = lazy(() => import('../features/company/routes/company-job-form-page.tsx'));
const CompanyJobPage = lazy(() => import('../features/company/routes/company-job-page.tsx'));
const CompanyApplicationPage = lazy(() => import('../features/company/routes/company-application-page.tsx'));
const CompanyMembersPage = lazy(() => import('../features/company/routes/company-members-page.tsx'));
const CompanySettingsPage = lazy(() => import('../features/company/routes/company-settings-page.tsx'));

/** Marketing pages linked from the mega-menus; each renders a tidy page from the `marketing` namespace. */
export const infoPageSlugs = [
  'catalog', 'pricing', 'blog', 'blog/lovable-case-study', 'origin', 'mission-value', 'team', 'careers',
  'sustainability', 'contact', 'metric-benchmark', 'press-release', 'fox-profile', 'fox-comics', 'fox-shop',
  'docs/CODE_OF_CONDUCT.md', 'CONTRIBUTING.md',
] as const;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteFallback />,
    // A page that throws, or a lazy chunk gone after a deploy, gets a readable page with a Reload button.
    errorElement: <RouteError />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          ...infoPageSlugs.map((slug) => ({ path: `/${slug}`, element: <InfoPage slug={slug} /> })),
          { path: '/terms-and-conditions', element: <TermsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
        ],
      },
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/jobs/:slug/apply', element: <ApplyPage /> },
      // A public job link: readable by visitors; a signed-in student gets it inside the dashboard.
      // Also reached as /jobs/{id}/ from featured cards: a trailing slash matches the same route.
      {
        path: '/jobs/:slug',
        element: <SignedInOr visitor={<PublicJobDetailPage />} />,
        children: [{ element: <DashboardLayout />, children: [{ index: true, element: <JobDetailPage /> }] }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/account', element: <AccountPage /> },
              { path: '/jobs', element: <JobBoardPage /> },
              { path: '/jobs/applied', element: <MyApplicationsPage /> },
              { path: '/jobs/saved', element: <SavedJobsPage /> },
            ],
          },
        ],
      },
      { path: '/company/sign-in', element: <CompanySignInPage /> },
      { path: '/company/join/:token', element: <CompanyJoinPage /> },
      {
        path: '/company',
        element: <CompanyLayout />,
        children: [
          { index: true, element: <CompanyJobsPage /> },
          { path: 'jobs/new', element: <CompanyJobFormPage /> },
          { path: 'jobs/:jobId', element: <CompanyJobPage /> },
          { path: 'jobs/:jobId/edit', element: <CompanyJobFormPage /> },
          { path: 'applications/:applicationId', element: <CompanyApplicationPage /> },
          { path: 'members', element: <CompanyMembersPage /> },
          { path: 'settings', element: <CompanySettingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
