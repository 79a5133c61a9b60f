export {
  adminEndpointFileName,
  createAdminToken,
  loopbackUrl,
  publishAdminEndpoint,
  readAdminEndpoint,
  withdrawAdminEndpoint,
  type AdminEndpoint,
} from './admin-endpoint.ts';
export { adminRoutes } from './admin.routes.ts';
