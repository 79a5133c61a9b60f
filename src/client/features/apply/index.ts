export { OutboxStatusBadge } from './components/submission-status.tsx';
export { listOutbox } from './db/outbox-repository.ts';
