import { useTranslation } from 'react-i18next';
import { defaultLocale, isLocale, type Locale } from '../../shared/locale.ts';

/** The interface language, for formatting dates the same way the text around them is written. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}
