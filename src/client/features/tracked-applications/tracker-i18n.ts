import { i18n } from '../../i18n/i18n.ts';

// The tracker's strings (its forms, the prompt, the summary) travel in its own chunks, so the board and the other
// pages do not download them, and only the language in use is fetched (changing language reloads the page). They
// join the applications namespace (`tracker.*`), where the board's mark and the status words already are. The
// feature's two lazily loaded entries (My Applications' parts, the prompt) import this file first.
const language = i18n.language === 'fr' ? 'fr' : 'en';
if (i18n.getResource(language, 'applications', 'tracker.add') === undefined) {
  const strings =
    language === 'fr'
      ? await import('../../i18n/locales/fr/applications-tracker.json')
      : await import('../../i18n/locales/en/applications-tracker.json');
  i18n.addResourceBundle(language, 'applications', strings.default, true, false);
}
