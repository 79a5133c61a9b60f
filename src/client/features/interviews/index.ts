export { InterviewsPanel } from './components/interviews-panel.tsx';
export { MyInterviews } from './components/my-interviews.tsx';
