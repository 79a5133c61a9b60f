export { readAuditLog } from './moderation.repository.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { hideJob, type ModerationActor, readModerationOverview, restoreJob } from './moderation.service.ts';
