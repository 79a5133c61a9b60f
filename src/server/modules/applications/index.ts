export { listAppliedJobIds, studentApplications } from './applications.repository.ts';
export { applicationsRoutes } from './applications.routes.ts';
