export { filesRoutes } from './files.routes.ts';
export { logoUrl } from './logo-url.ts';
