export type { UnsubscribeKind, UnsubscribeTarget, UnsubscribeTexts } from './unsubscribe-kind.ts';
export { unsubscribeRoutes } from './unsubscribe.routes.ts';
