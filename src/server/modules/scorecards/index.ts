export { scorecardsRoutes } from './scorecards.routes.ts';
