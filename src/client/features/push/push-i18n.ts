import { i18n } from '../../i18n/i18n.ts';

// The push controls' strings travel in the chunks that show them (the alerts page and dialog), like the alerts'
// own: only the language in use is fetched. Every module of this feature that shows text imports this file first.
const language = i18n.language === 'fr' ? 'fr' : 'en';
if (!i18n.hasResourceBundle(language, 'push')) {
  const strings =
    language === 'fr'
      ? await import('../../i18n/locales/fr/push.json')
      : await import('../../i18n/locales/en/push.json');
  i18n.addResourceBundle(language, 'push', strings.default);
}
