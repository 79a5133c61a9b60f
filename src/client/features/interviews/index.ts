import { lazy } from 'react';

// The student's side (My Applications), and the company portal's Interviews card loaded on its own: the card imports
// the portal's modules, and a student page that imported it with this file downloaded portal chunks (assets/portal/,
// left out of the service worker's precache, so My Applications needed the network). The portal wraps it in Suspense.
export { MyInterviews } from './components/my-interviews.tsx';
export const InterviewsPanel = lazy(() =>
  import('./components/interviews-panel.tsx').then((module) => ({ default: module.InterviewsPanel })),
);
