import { Button, Group, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { supportedLocales } from '../../../shared/locale.ts';
import { setLocale } from '../../i18n/locale.ts';
import { touchTarget } from './touch-target.ts';

export interface LanguageSwitchProps {
  size?: ButtonProps['size'];
}

/**
 * EN / FR toggle. Each button is named in its own language ("English", "Français") so a screen reader announces
 * it in a voice the person understands; aria-pressed marks the current one. Choosing a language reloads the page.
 */
export function LanguageSwitch({ size = 'sm' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <Group attached role="group" aria-label={t('languageSwitch.label')}>
      {supportedLocales.map((locale) => {
        const current = i18n.language === locale;
        return (
          <Button
            key={locale}
            size={size}
            variant={current ? 'solid' : 'outline'}
            colorPalette={current ? 'brand' : 'gray'}
            lang={locale}
            aria-label={t(`languageSwitch.${locale}`)}
            aria-pressed={current}
            onClick={() => setLocale(locale)}
            minW="10"
            css={touchTarget}
            fontWeight="semibold"
          >
            {locale.toUpperCase()}
          </Button>
        );
      })}
    </Group>
  );
}
