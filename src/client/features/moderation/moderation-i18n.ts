import { i18n } from '../../i18n/i18n.ts';

// The moderation strings (the report dialog, the operators' page) travel in this feature's own chunks, so the board
// and the job page do not download them. Every module of this feature that shows text imports this file first.
const language = i18n.language === 'fr' ? 'fr' : 'en';
if (!i18n.hasResourceBundle(language, 'moderation')) {
  const strings =
    language === 'fr'
      ? await import('../../i18n/locales/fr/moderation.json')
      : await import('../../i18n/locales/en/moderation.json');
  i18n.addResourceBundle(language, 'moderation', strings.default);
}
