export { applicationRetentionTask, retentionTaskName } from './retention.service.ts';
