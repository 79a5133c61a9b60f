export { LoginPanel, type LoginMode } from './components/login-panel.tsx';
export { SignInCard } from './components/sign-in-card.tsx';
