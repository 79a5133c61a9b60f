export { registerAppPages } from './app-pages.routes.ts';
