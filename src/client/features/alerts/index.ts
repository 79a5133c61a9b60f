export { CreateAlertButton } from './components/create-alert-button.tsx';
export { alertsPath } from './alerts-path.ts';
