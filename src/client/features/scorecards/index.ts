export { ScorecardsPanel } from './components/scorecards-panel.tsx';
