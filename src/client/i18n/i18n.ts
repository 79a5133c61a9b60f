// One i18next instance for the whole client. Every translation is bundled (a few KB of JSON), so i18next
// initialises synchronously and the first render never waits for a download or flashes untranslated keys.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, supportedLocales } from '../../shared/locale.ts';
import { getLocale } from './locale.ts';
import enAccount from './locales/en/account.json';
import enApplications from './locales/en/applications.json';
import enApply from './locales/en/apply.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enErrors from './locales/en/errors.json';
import enJobs from './locales/en/jobs.json';
import enMarketing from './locales/en/marketing.json';
import frAccount from './locales/fr/account.json';
import frApplications from './locales/fr/applications.json';
import frApply from './locales/fr/apply.json';
import frAuth from './locales/fr/auth.json';
import frCommon from './locales/fr/common.json';
import frDashboard from './locales/fr/dashboard.json';
import frErrors from './locales/fr/errors.json';
import frJobs from './locales/fr/jobs.json';
import frMarketing from './locales/fr/marketing.json';

export const namespaces = [
  'common',
  'marketing',
  'auth',
  'dashboard',
  'jobs',
  'account',
  'apply',
  'applications',
  'errors',
] as const;

export const resources = {
  en: {
    common: enCommon,
    marketing: enMarketing,
    auth: enAuth,
    dashboard: enDashboard,
    jobs: enJobs,
    account: enAccount,
    apply: enApply,
    applications: enApplications,
    errors: enErrors,
  },
  fr: {
    common: frCommon,
    marketing: frMarketing,
    auth: frAuth,
    dashboard: frDashboard,
    jobs: frJobs,
    account: frAccount,
    apply: frApply,
    applications: frApplications,
    errors: frErrors,
  },
};

const locale = getLocale();

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: locale,
  fallbackLng: defaultLocale,
  supportedLngs: supportedLocales,
  ns: namespaces,
  defaultNS: 'common',
  resources,
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes
  returnNull: false,
});

// Screen readers pick their voice and browsers their hyphenation and translation offers from <html lang>.
// (The build also renders pages in Node, where there is no document; it writes <html lang> itself.)
if (typeof document !== 'undefined') document.documentElement.lang = locale;
