export { trackedApplicationsRoutes } from './tracked-applications.routes.ts';
export { nextStepReminderTask, nextStepTaskName } from './next-step-reminders.ts';
