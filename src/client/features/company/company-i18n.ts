import { i18n } from '../../i18n/i18n.ts';
import enCompany from '../../i18n/locales/en/company.json';
import frCompany from '../../i18n/locales/fr/company.json';

// The portal's strings travel in the portal's own chunks, so no student page downloads them. Every portal route
// module imports this file before it renders.
if (!i18n.hasResourceBundle('en', 'company')) {
  i18n.addResourceBundle('en', 'company', enCompany);
  i18n.addResourceBundle('fr', 'company', frCompany);
}

export const companyNamespace = 'company';
