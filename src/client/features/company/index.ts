// What other features of the portal (scorecards, interviews, the pipeline board) use of it.
export { ErrorPanel, LoadingRows } from './components/company-states.tsx';
export { useResource } from './hooks/use-resource.ts';
export { formatDate, formatDateTime } from './format.ts';
export { bulkSetStatus, getMembers, setApplicationStatus } from './api/company-api.ts';
export { useOrganization } from './organization-context.ts';
export { RejectionReasonFields, rejectionRequestOf } from './components/rejection-reason-fields.tsx';
export { KnockoutBadge } from './components/status-badges.tsx';
