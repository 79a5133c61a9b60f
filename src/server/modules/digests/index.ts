export { alertsUnsubscribeKind } from './alerts-unsubscribe.ts';
export {
  createDigestService,
  type DigestReport,
  type DigestService,
  digestTask,
  digestTaskName,
  maxJobsPerAlert,
} from './digests.service.ts';
export { createInstantAlertService, instantAlertTask, instantAlertTaskName } from './instant-alerts.service.ts';
