export { LoginPanel, type LoginMode } from './components/login-panel.tsx';
