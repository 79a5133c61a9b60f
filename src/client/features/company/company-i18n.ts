import { i18n } from '../../i18n/i18n.ts';

// The portal's strings travel in the portal's own chunks, so no student page downloads them, and only the language
// in use is fetched (changing language reloads the page). Every portal route module imports this file first.
const language = i18n.language === 'fr' ? 'fr' : 'en';
if (!i18n.hasResourceBundle(language, 'company')) {
  const strings =
    language === 'fr'
      ? await import('../../i18n/locales/fr/company.json')
      : await import('../../i18n/locales/en/company.json');
  i18n.addResourceBundle(language, 'company', strings.default);
}

export const companyNamespace = 'company';
