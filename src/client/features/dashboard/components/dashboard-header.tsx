import { Breadcrumb, Flex, IconButton, Separator, Spacer } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPanelLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { useBreadcrumbTrail } from '../../../lib/breadcrumb/use-breadcrumb.ts';
import { useScrolledPastHeader } from '../hooks/use-scrolled-past.ts';

interface DashboardHeaderProps {
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  sidebarId: string;
}

/** Sticky header: sidebar toggle, breadcrumb (Dashboard > page), language switch; shadowed once scrolled. */
export function DashboardHeader({ onToggleSidebar, sidebarOpen, sidebarId }: DashboardHeaderProps) {
  const { t } = useTranslation('dashboard');
  const trail = useBreadcrumbTrail();
  const scrolled = useScrolledPastHeader();

  return (
    <Flex
      as="header"
      data-testid="dashboard-header"
      data-scrolled={String(scrolled)}
      position="sticky"
      top="0"
      zIndex="sticky"
      h="14"
      flexShrink={0}
      align="center"
      gap="2"
      px={{ base: '3', md: '4' }}
      bg="bg"
      borderBottomWidth="1px"
      boxShadow={scrolled ? 'md' : 'none'}
      transition="box-shadow 0.2s"
    >
      <IconButton
        aria-label={t('sidebar.toggle')}
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        variant="ghost"
        colorPalette="gray"
        size="sm"
        css={touchTarget}
        // aria-expanded would otherwise keep the ghost button shaded whenever the sidebar is open.
        _expanded={{ bg: 'transparent', _hover: { bg: 'colorPalette.subtle' } }}
        onClick={onToggleSidebar}
      >
        <LuPanelLeft />
      </IconButton>
      <Separator orientation="vertical" h="4" />
      <Breadcrumb.Root aria-label={t('header.breadcrumb')} minW="0" size="sm">
        <Breadcrumb.List flexWrap="nowrap">
          {trail.length === 0 ? (
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink>{t('breadcrumb.dashboard')}</Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          ) : (
            <>
              <Breadcrumb.Item display={{ base: 'none', sm: 'flex' }}>
                <Breadcrumb.Link asChild>
                  <RouterLink to="/dashboard">{t('breadcrumb.dashboard')}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              {trail.map((crumb, index) => {
                const last = index === trail.length - 1;
                return (
                  <Fragment key={`${index}-${crumb.label}`}>
                    <Breadcrumb.Separator display={index === 0 ? { base: 'none', sm: 'flex' } : undefined} />
                    {/* Only the last crumb may shrink (and truncate); earlier ones would otherwise wrap mid-word. */}
                    <Breadcrumb.Item minW="0" flexShrink={last ? 1 : 0}>
                      {last || !crumb.to ? (
                        <Breadcrumb.CurrentLink truncate>{crumb.label}</Breadcrumb.CurrentLink>
                      ) : (
                        <Breadcrumb.Link asChild>
                          <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                        </Breadcrumb.Link>
                      )}
                    </Breadcrumb.Item>
                  </Fragment>
                );
              })}
            </>
          )}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Spacer />
      <LanguageSwitch />
    </Flex>
  );
}
