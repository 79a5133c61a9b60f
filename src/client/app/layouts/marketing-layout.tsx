import { Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../components/ui/route-fallback.tsx';
import { SiteFooter } from '../../features/marketing/components/site-footer.tsx';
import { SiteHeader } from '../../features/marketing/components/site-header.tsx';

/** Public pages: header with mega-menus, the page, footer. The header stays while a lazy page loads. */
export function MarketingLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('skipToContent')}</SkipNavLink>
      <SiteHeader />
      <SkipNavContent as="main" flex="1" display="flex" flexDirection="column">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </SkipNavContent>
      <SiteFooter />
    </Flex>
  );
}
