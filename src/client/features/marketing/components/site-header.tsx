import { Box, Container, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { usePublicLinks } from '../hooks/use-public-links.ts';
import { AccountNavButton } from './account-nav-button.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';

export function SiteHeader() {
  const { t } = useTranslation('marketing');
  const links = usePublicLinks();
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      {/* position static: the mega-menu panels anchor to the full-width header, not to this container */}
      <Container
        maxW="7xl"
        h="16"
        display="flex"
        alignItems="center"
        gap={{ base: '2', md: '3', lg: '8' }}
        position="static"
      >
        <MobileNav links={links} />
        <Box asChild rounded="md" focusRing="outside" flexShrink={0}>
          <RouterLink to="/" aria-label={t('common:homeLink')}>
            <Logo />
          </RouterLink>
        </Box>
        <DesktopNav links={links} />
        <HStack gap={{ base: '3', md: '2', lg: '3' }} ms="auto">
          <Box hideBelow="md">
            <LanguageSwitch size="xs" />
          </Box>
          <AccountNavButton />
        </HStack>
      </Container>
    </Box>
  );
}
