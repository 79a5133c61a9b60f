export { configRoutes } from './config.routes.ts';
export { emulatorUrlFor, toPublicConfig } from './public-config.ts';
