export { ReportJobButton } from './components/report-job-button.tsx';
