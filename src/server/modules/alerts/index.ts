export { alertsRoutes } from './alerts.routes.ts';
export { alertNewSince, newJobsOfAlert, toAlert } from './alerts.service.ts';
export { listAlertRows } from './alerts.repository.ts';
