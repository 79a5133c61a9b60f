export { getStudentApplications } from './api/student-applications.ts';
export { ApplicationStatusBadge } from './components/application-status-badge.tsx';
export { useOutboxApplications } from './hooks/use-outbox-applications.ts';
