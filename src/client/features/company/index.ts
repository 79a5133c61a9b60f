// What other features of the portal (scorecards, interviews) use of it.
export { ErrorPanel, LoadingRows } from './components/company-states.tsx';
export { useResource } from './hooks/use-resource.ts';
export { formatDateTime } from './format.ts';
