export { interviewsRoutes } from './interviews.routes.ts';
