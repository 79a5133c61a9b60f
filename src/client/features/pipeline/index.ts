import { lazy } from 'react';

// The pipeline board (its own chunk, with the drag and drop library) and the walk through the applicants list.
export const PipelineBoard = lazy(() => import('./components/pipeline-board.tsx'));
export { CandidateWalk } from './components/candidate-walk.tsx';
