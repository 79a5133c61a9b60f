export { dismissedJobsRoutes } from './dismissed-jobs.routes.ts';
export { dismissedJobIds } from './dismissed-jobs.repository.ts';
