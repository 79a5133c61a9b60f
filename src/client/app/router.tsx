import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { clientPaths, infoPagePath, infoPageSlugs } from '../../shared/client-routes.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';
import { LandingPage } from '../features/marketing/routes/landing-page.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { SignedInOr } from '../features/auth/components/signed-in-or.tsx';
import { RouteFallback } from '../components/ui/route-fallback.tsx';
import { RouteError } from '../components/ui/route-error.tsx';
import { lazyInSteps } from './lazy-in-steps.ts';

// Everything behind sign-in is split off so the landing page stays light
// (no Firebase, no Dexie on its critical path).
const SignInPage = lazy(() => import('../features/auth/routes/sign-in-page.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/routes/auth-callback-page.tsx'));
const DashboardLayout = lazyInSteps(
  [() => import('dexie'), () => import('../db/app-db.ts'), () => import('../../shared/profile/profile-schema.ts')],
  () => import('./layouts/dashboard-layout.tsx'),
);
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page.tsx'));
const JobBoardPage = lazy(() => import('../features/jobs/routes/job-board-page.tsx'));
const JobDetailPage = lazy(() => import('../features/jobs/routes/job-detail-page.tsx'));
const PublicJobDetailPage = lazy(() => import('../features/jobs/routes/public-job-detail-page.tsx'));
const SavedJobsPage = lazy(() => import('../features/saved-jobs/routes/saved-jobs-page.tsx'));
const DismissedJobsPage = lazy(() => import('../features/dismissed-jobs/routes/dismissed-jobs-page.tsx'));
const AlertsPage = lazy(() => import('../features/alerts/routes/alerts-page.tsx'));
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
const CompanyActivityPage = lazy(() => import('../features/company/routes/company-activity-page.tsx'));
// The operators' moderation page: its own chunk, never in the students' pages.
const AdminPage = lazy(() => import('../features/moderation/routes/admin-page.tsx'));

// Paths come from src/shared/client-routes.ts, which the server also reads to answer 404 for unknown addresses.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteFallback />,
    // A page that throws, or a lazy chunk gone after a deploy, gets a readable page with a Reload button.
    errorElement: <RouteError />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { path: clientPaths.landing, element: <LandingPage /> },
          ...infoPageSlugs.map((slug) => ({ path: infoPagePath(slug), element: <InfoPage slug={slug} /> })),
          { path: clientPaths.terms, element: <TermsPage /> },
          { path: clientPaths.privacy, element: <PrivacyPage /> },
        ],
      },
      { path: clientPaths.signIn, element: <SignInPage /> },
      { path: clientPaths.authCallback, element: <AuthCallbackPage /> },
      { path: clientPaths.apply, element: <ApplyPage /> },
      // A public job link: readable by visitors; a signed-in student gets it inside the dashboard.
      // Also reached as /jobs/{id}/ from featured cards: a trailing slash matches the same route.
      {
        path: clientPaths.jobDetail,
        element: <SignedInOr visitor={<PublicJobDetailPage />} />,
        children: [{ element: <DashboardLayout />, children: [{ index: true, element: <JobDetailPage /> }] }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { path: clientPaths.dashboard, element: <DashboardPage /> },
              { path: clientPaths.account, element: <AccountPage /> },
              { path: clientPaths.jobs, element: <JobBoardPage /> },
              { path: clientPaths.appliedJobs, element: <MyApplicationsPage /> },
              { path: clientPaths.savedJobs, element: <SavedJobsPage /> },
              { path: clientPaths.dismissedJobs, element: <DismissedJobsPage /> },
              { path: clientPaths.alerts, element: <AlertsPage /> },
            ],
          },
        ],
      },
      { path: clientPaths.companySignIn, element: <CompanySignInPage /> },
      { path: clientPaths.companyJoin, element: <CompanyJoinPage /> },
      {
        element: <CompanyLayout />,
        children: [
          { path: clientPaths.companyJobs, element: <CompanyJobsPage /> },
          { path: clientPaths.companyNewJob, element: <CompanyJobFormPage /> },
          { path: clientPaths.companyJob, element: <CompanyJobPage /> },
          { path: clientPaths.companyEditJob, element: <CompanyJobFormPage /> },
          { path: clientPaths.companyApplication, element: <CompanyApplicationPage /> },
          { path: clientPaths.companyMembers, element: <CompanyMembersPage /> },
          { path: clientPaths.companySettings, element: <CompanySettingsPage /> },
          { path: clientPaths.companyActivity, element: <CompanyActivityPage /> },
        ],
      },
      { path: clientPaths.admin, element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser's router (never created at import: the build renders `routes` in Node with a memory router). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
