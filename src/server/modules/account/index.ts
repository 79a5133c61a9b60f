export { accountRoutes } from './account.routes.ts';
export { accountDeletionTask, accountDeletionTaskName } from './account-deletion.service.ts';
