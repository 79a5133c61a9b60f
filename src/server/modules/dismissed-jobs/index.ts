export { dismissedJobsRoutes } from './dismissed-jobs.routes.ts';
export { dismissedJobIds, dismissedJobIdsOf } from './dismissed-jobs.repository.ts';
