export { ReportJobButton, ReportJobDialogFor } from './components/report-job-button.tsx';
