import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuBriefcase, LuFileText, LuLayoutDashboard, LuLifeBuoy, LuSend } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { SidebarItem } from './sidebar-item.tsx';
import { UserMenu } from './user-menu.tsx';

interface SidebarContentProps {
  collapsed: boolean;
  /** The mobile sheet renders the same content; it closes when a link is followed. */
  inSheet?: boolean;
  onNavigate?: () => void;
  supportEmail?: string;
  feedbackEmail?: string;
}

function isJobBoardPath(pathname: string): boolean {
  return (pathname === '/jobs' || pathname.startsWith('/jobs/')) && !pathname.startsWith('/jobs/applied');
}

/** Logo and community title, the Platform links, the mail links and the user block (spec section 2). */
export function SidebarContent({
  collapsed,
  inSheet = false,
  onNavigate,
  supportEmail,
  feedbackEmail,
}: SidebarContentProps) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation('common');
  const { pathname } = useLocation();

  return (
    <Flex direction="column" h="full" minH="0">
      <Box p="2">
        <Link
          asChild
          display="flex"
          alignItems="center"
          gap="2"
          p={collapsed ? '0' : '1'}
          h="12"
          justifyContent={collapsed ? 'center' : 'flex-start'}
          borderRadius="l2"
          color="fg"
          textDecoration="none"
          _hover={{ bg: 'bg.emphasized', textDecoration: 'none' }}
          aria-label={tCommon('homeLink')}
        >
          <RouterLink to="/" onClick={onNavigate}>
            <LogoMark boxSize="8" />
            {!collapsed && (
              <Box minW="0" lineHeight="short" aria-hidden>
                <Text truncate fontSize="sm" fontWeight="semibold">
                  {t('sidebar.communityTitle')}
                </Text>
                <Text truncate fontSize="xs" color="fg.muted">
                  {t('sidebar.communitySubtitle')}
                </Text>
              </Box>
            )}
          </RouterLink>
        </Link>
      </Box>

      <Box as="nav" aria-label={t('sidebar.label')} flex="1" minH="0" overflowY="auto" overflowX="hidden" px="2" py="2">
        {!collapsed && (
          <Text px="2" pb="1" fontSize="xs" fontWeight="medium" color="fg.muted">
            {t('sidebar.platform')}
          </Text>
        )}
        <Stack as="ul" gap="1" listStyleType="none">
          <li>
            <SidebarItem
              to="/dashboard"
              label={t('sidebar.dashboard')}
              icon={LuLayoutDashboard}
              active={pathname === '/dashboard'}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <SidebarItem
              to="/jobs"
              label={t('sidebar.jobBoard')}
              icon={LuBriefcase}
              active={isJobBoardPath(pathname)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <SidebarItem
              to="/jobs/applied"
              label={t('sidebar.myApplications')}
              icon={LuFileText}
              active={pathname.startsWith('/jobs/applied')}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <SidebarItem
              to="/alerts"
              label={t('sidebar.alerts')}
              icon={LuBell}
              active={pathname.startsWith('/alerts')}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </li>
        </Stack>
      </Box>

      {(supportEmail || feedbackEmail) && (
        <Stack as="ul" gap="1" listStyleType="none" px="2" py="2">
          {supportEmail && (
            <li>
              <SidebarItem
                to={`mailto:${supportEmail}`}
                label={t('sidebar.support')}
                icon={LuLifeBuoy}
                collapsed={collapsed}
              />
            </li>
          )}
          {feedbackEmail && (
            <li>
              <SidebarItem
                to={`mailto:${feedbackEmail}`}
                label={t('sidebar.feedback')}
                icon={LuSend}
                collapsed={collapsed}
              />
            </li>
          )}
        </Stack>
      )}

      <Box p="2" borderTopWidth="1px">
        <UserMenu collapsed={collapsed} portalled={!inSheet} onNavigate={onNavigate} />
      </Box>
    </Flex>
  );
}
