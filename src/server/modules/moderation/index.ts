export { readAuditLog } from './moderation.repository.ts';
export { moderationRoutes } from './moderation.routes.ts';
export {
  dismissReports,
  hideJob,
  type ModerationActor,
  readModerationOverview,
  restoreJob,
} from './moderation.service.ts';
