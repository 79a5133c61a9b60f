export { authRoutes } from './auth.routes.ts';
export { accountExists, upsertAccount } from './auth.service.ts';
