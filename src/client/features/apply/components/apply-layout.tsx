import { Container, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { touchTargetHeight } from '../../../components/ui/touch-target.ts';

/** The apply page's own frame (it is reachable signed out): logo, language switch and a way back to the job. */
export function ApplyLayout({ backTo, children }: { backTo: string; children: ReactNode }) {
  const { t } = useTranslation('apply');
  return (
    <StandalonePage>
      <Container as="main" maxW="3xl" flex="1" px={{ base: '4', md: '6' }} pb="16">
        <Link asChild color="fg.muted" textStyle="sm" mb="4" _hover={{ color: 'fg' }} css={touchTargetHeight}>
          <RouterLink to={backTo}>
            <LuArrowLeft aria-hidden />
            {t('layout.backToJob')}
          </RouterLink>
        </Link>
        {children}
      </Container>
    </StandalonePage>
  );
}
