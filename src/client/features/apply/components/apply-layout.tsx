import { Container, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';

/** The apply page's own frame (it is reachable signed out): logo, language switch and a way back to the job. */
export function ApplyLayout({ backTo, children }: { backTo: string; children: ReactNode }) {
  const { t } = useTranslation('apply');
  const { t: tCommon } = useTranslation('common');
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Flex as="header" align="center" justify="space-between" gap="4" px={{ base: '4', md: '8' }} py="4">
        <Link asChild textDecoration="none" borderRadius="l2" aria-label={tCommon('homeLink')}>
          <RouterLink to="/">
            <Logo />
          </RouterLink>
        </Link>
        <LanguageSwitch />
      </Flex>
      <Container as="main" maxW="3xl" flex="1" px={{ base: '4', md: '6' }} pb="16">
        <Link asChild color="fg.muted" textStyle="sm" mb="4" _hover={{ color: 'fg' }}>
          <RouterLink to={backTo}>
            <LuArrowLeft aria-hidden />
            {t('layout.backToJob')}
          </RouterLink>
        </Link>
        {children}
      </Container>
    </Flex>
  );
}
