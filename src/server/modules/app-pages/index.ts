export { pageLocale, registerAppPages } from './app-pages.routes.ts';
