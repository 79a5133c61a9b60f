export { DeleteAccountSection } from './components/delete-account-section.tsx';
export { ExportAccountSection } from './components/export-account-section.tsx';
