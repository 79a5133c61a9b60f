import { clientPaths } from '../../../shared/client-routes.ts';

/** The alerts page. */
export const alertsPath = clientPaths.alerts;
