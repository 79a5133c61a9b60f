export { SaveJobButton } from './components/save-job-button.tsx';
export { snapshotOf, useSavedJobs } from './hooks/use-saved-jobs.ts';
