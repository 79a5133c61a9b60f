import { i18n } from '../../i18n/i18n.ts';

// The alerts' strings travel in the alerts' own chunks (the page, the dialog), so the board and the other pages do
// not download them, and only the language in use is fetched (changing language reloads the page). Every module of
// this feature that shows text imports this file first.
const language = i18n.language === 'fr' ? 'fr' : 'en';
if (!i18n.hasResourceBundle(language, 'alerts')) {
  const strings =
    language === 'fr'
      ? await import('../../i18n/locales/fr/alerts.json')
      : await import('../../i18n/locales/en/alerts.json');
  i18n.addResourceBundle(language, 'alerts', strings.default);
}

export const alertsNamespace = 'alerts';
