export { DismissJobButton } from './components/dismiss-job-button.tsx';
export { useDismissedJobIds, useDismissedJobs } from './hooks/use-dismissed-jobs.ts';
