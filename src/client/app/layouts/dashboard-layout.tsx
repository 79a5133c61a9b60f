import { Box, Drawer, Flex, Portal, SkipNavContent, SkipNavLink, VisuallyHidden } from '@chakra-ui/react';
import { Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../components/ui/route-fallback.tsx';
import { releaseSignedInShell } from '../../lib/signed-in-shell.ts';
import { prerenderView } from '../../lib/prerender-view.ts';
import { useOutboxRunner } from '../../features/apply/hooks/use-outbox-runner.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useProfileSync } from '../../features/profile/hooks/use-profile-sync.ts';
import { useAccountLocaleSync } from '../../features/auth/hooks/use-account-locale-sync.ts';
import { useRuntimeConfig } from '../../lib/use-runtime-config.ts';
import { BreadcrumbContext, type BreadcrumbState, type Crumb } from '../../lib/breadcrumb/breadcrumb-context.ts';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header.tsx';
import { SidebarContent } from '../../features/dashboard/components/sidebar-content.tsx';
import { useSidebar } from '../../features/dashboard/hooks/use-sidebar.ts';
import { ApplyPromptHost } from '../../features/tracked-applications/index.ts';
import { sidebarWidth, sidebarWidthCollapsed, sidebarWidthMobile } from '../../features/dashboard/sidebar-state.ts';

const sidebarId = 'dashboard-sidebar';

/** Commits with the page itself (never with its loading fallback): the prerendered shell gives way to it. */
function SignedInShellRelease() {
  useLayoutEffect(releaseSignedInShell, []);
  return null;
}

/** The signed-in shell (spec section 2): collapsible sidebar, a sheet under 768 px, header with the breadcrumb. */
export default function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const config = useRuntimeConfig();
  const sidebar = useSidebar();
  // Applications waiting in the outbox are sent whenever the signed-in app is open (start, online, visible).
  useOutboxRunner();
  const session = useSession();
  // The profile's name greets the student and fills the user block; its copy on the device serves them offline.
  useProfileSync(session.status === 'identified' ? session.user.uid : null);
  // The account's language follows the app's, for the e-mails the student gets (alert digests).
  useAccountLocaleSync(session.status === 'identified' ? session.user.uid : null);
  const [crumbs, setCrumbs] = useState<Crumb[]>(() =>
    typeof window === 'undefined' ? (prerenderView().crumbs ?? []) : [],
  );
  const breadcrumb = useMemo<BreadcrumbState>(() => ({ crumbs, setCrumbs }), [crumbs]);

  const currentPage = crumbs.at(-1)?.label ?? t('breadcrumb.dashboard');
  useEffect(() => {
    document.title = `${currentPage} · ${tCommon('appName')}`;
  }, [currentPage, tCommon]);

  const links = { supportEmail: config?.supportEmail, feedbackEmail: config?.feedbackEmail };
  const closeSheet = () => sidebar.setSheetOpen(false);

  return (
    <BreadcrumbContext.Provider value={breadcrumb}>
      <SkipNavLink>{tCommon('skipToContent')}</SkipNavLink>
      <Flex minH="100dvh" bg="bg">
        {!sidebar.isMobile && (
          <Box
            as="aside"
            id={sidebarId}
            data-testid="sidebar"
            data-state={sidebar.expanded ? 'expanded' : 'collapsed'}
            position="sticky"
            top="0"
            h="100dvh"
            flexShrink={0}
            w={sidebar.expanded ? sidebarWidth : sidebarWidthCollapsed}
            transition="width 0.2s ease"
            overflow="hidden"
            bg="bg.subtle"
            borderEndWidth="1px"
          >
            <SidebarContent collapsed={!sidebar.expanded} {...links} />
          </Box>
        )}

        {sidebar.isMobile && (
          <Drawer.Root
            open={sidebar.sheetOpen}
            onOpenChange={({ open }) => sidebar.setSheetOpen(open)}
            placement="start"
            lazyMount
            unmountOnExit
          >
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content id={sidebarId} w={sidebarWidthMobile} maxW={sidebarWidthMobile} bg="bg.subtle">
                  <VisuallyHidden>
                    <Drawer.Title>{t('sidebar.title')}</Drawer.Title>
                  </VisuallyHidden>
                  <SidebarContent collapsed={false} inSheet onNavigate={closeSheet} {...links} />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        )}

        <Flex direction="column" flex="1" minW="0">
          <DashboardHeader
            onToggleSidebar={sidebar.toggle}
            sidebarOpen={sidebar.isMobile ? sidebar.sheetOpen : sidebar.expanded}
            sidebarId={sidebarId}
          />
          <SkipNavContent as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
              <SignedInShellRelease />
            </Suspense>
            <ApplyPromptHost />
          </SkipNavContent>
        </Flex>
      </Flex>
    </BreadcrumbContext.Provider>
  );
}
