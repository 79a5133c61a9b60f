import { Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/** The frame of a page that stands outside the site and app layouts (sign-in, apply): a header with the logo
 * (linking home) and the language switch, above the page's own `main`. */
export function StandalonePage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Flex as="header" align="center" justify="space-between" gap="4" px={{ base: '4', md: '8' }} py="4">
        <Link asChild textDecoration="none" borderRadius="l2" aria-label={t('homeLink')}>
          <RouterLink to="/">
            <Logo />
          </RouterLink>
        </Link>
        {/* A phone's sign-in page: 44 px tall whatever the pointer, the size of the page's other controls. */}
        <LanguageSwitch size={{ base: 'lg', md: 'sm' }} />
      </Flex>
      {children}
    </Flex>
  );
}
