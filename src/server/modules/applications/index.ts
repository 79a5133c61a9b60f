export { listAppliedJobIds } from './applications.repository.ts';
export { applicationsRoutes } from './applications.routes.ts';
