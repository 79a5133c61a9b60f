export { messagesRoutes } from './messages.routes.ts';
export { createStudentMessenger } from './messages.service.ts';
