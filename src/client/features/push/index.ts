export { PushDeviceControl } from './components/push-device-control.tsx';
export { PushNotice } from './components/push-notice.tsx';
export { type PushView, usePushNotifications } from './hooks/use-push-notifications.ts';
export type { PushState } from './push-subscription.ts';
export { releasePushOnSignOut } from './push-subscription.ts';
