export { OutboxStatusBadge } from './components/submission-status.tsx';
export { forgetSentApplications, listOutbox } from './db/outbox-repository.ts';
