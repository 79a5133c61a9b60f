export { authRoutes } from './auth.routes.ts';
export { upsertAccount } from './auth.service.ts';
