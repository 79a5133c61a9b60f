export { savedJobsRoutes } from './saved-jobs.routes.ts';
