import { Box, Container, Flex, Grid, Heading, Link, Separator, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FaGithub } from 'react-icons/fa6';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { usePublicLinks } from '../hooks/use-public-links.ts';
import { footerColumns } from '../navigation.ts';
import { NavAnchor } from './nav-anchor.tsx';

export function SiteFooter() {
  const { t } = useTranslation('marketing');
  const links = usePublicLinks();
  const linkStyle = {
    color: 'fg.muted',
    fontSize: 'sm',
    _hover: { color: 'fg', textDecoration: 'underline' },
  } as const;

  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" bg="bg.subtle">
      <Container maxW="7xl" py={{ base: '12', md: '16' }}>
        <Grid templateColumns={{ base: '1fr 1fr', lg: '1.5fr repeat(4, 1fr)' }} gap={{ base: '8', md: '10' }}>
          <Stack gap="4" gridColumn={{ base: '1 / -1', lg: 'auto' }} maxW="xs">
            <Box asChild rounded="md" focusRing="outside" alignSelf="flex-start">
              <RouterLink to="/" aria-label={t('common:homeLink')}>
                <Logo />
              </RouterLink>
            </Box>
            <Text fontSize="sm" color="fg.muted">
              {t('footer.tagline')}
            </Text>
            <Link
              href={links.repositoryUrl}
              target="_blank"
              rel="noopener noreferrer"
              fontSize="sm"
              fontWeight="medium"
              color="fg"
              alignSelf="flex-start"
              _hover={{ color: 'brand.fg' }}
            >
              <FaGithub aria-hidden="true" />
              {t('cta.star')}
              <VisuallyHidden>{` (${t('common:externalLink')})`}</VisuallyHidden>
            </Link>
          </Stack>
          {footerColumns.map((column) => (
            <Box as="nav" key={column.key} aria-labelledby={`footer-${column.key}`}>
              <Heading as="h2" id={`footer-${column.key}`} fontSize="sm" fontWeight="semibold" mb="3">
                {t(`footer.columns.${column.key}`)}
              </Heading>
              <Stack as="ul" listStyleType="none" gap="2.5">
                {column.items.map((item) => (
                  <li key={item.key}>
                    <Link asChild {...linkStyle}>
                      <NavAnchor target={item.target} links={links}>
                        {t(`nav.links.${item.key}.title`)}
                      </NavAnchor>
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
          <Box as="nav" aria-labelledby="footer-legal">
            <Heading as="h2" id="footer-legal" fontSize="sm" fontWeight="semibold" mb="3">
              {t('footer.columns.legal')}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2.5">
              <li>
                <Link asChild {...linkStyle}>
                  <RouterLink to="/terms-and-conditions">{t('footer.terms')}</RouterLink>
                </Link>
              </li>
              <li>
                <Link asChild {...linkStyle}>
                  <RouterLink to="/privacy">{t('footer.privacy')}</RouterLink>
                </Link>
              </li>
            </Stack>
          </Box>
        </Grid>
        <Separator my="8" borderColor="border.muted" />
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <LanguageSwitch size="xs" />
        </Flex>
      </Container>
    </Box>
  );
}
