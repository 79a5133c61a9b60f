export { applicationNoticesUnsubscribeKind } from './application-notices-unsubscribe.ts';
export {
  applicationSummaryTask,
  type ApplicationNotices,
  createApplicationNotices,
  noticesUnsubscribeSubject,
  runApplicationSummaries,
  summaryTaskName,
} from './company-notifications.service.ts';
export {
  type MemberPreferencesRow,
  memberNotificationChoice,
  setMemberNotificationChoice,
  setMemberPreferences,
} from './company-notifications.repository.ts';
