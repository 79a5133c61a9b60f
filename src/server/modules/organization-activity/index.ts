export { organizationActivityRoutes } from './organization-activity.routes.ts';
