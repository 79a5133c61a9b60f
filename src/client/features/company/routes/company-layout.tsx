import '../company-i18n.ts';
import { Box, Container, Flex, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBriefcase, LuHistory, LuLogOut, LuSettings, LuUsers } from 'react-icons/lu';
import { Navigate, NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import type { Organization } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { RouteFallback } from '../../../components/ui/route-fallback.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';
import { getOrganizations } from '../api/company-api.ts';
import { errorCodeOf } from '../../../lib/api-error-text.ts';
import { ErrorPanel } from '../components/company-states.tsx';
import { NoAccess } from '../components/no-access.tsx';
import { OrganizationDeletionBanner } from '../components/organization-deletion-banner.tsx';
import { useResource } from '../hooks/use-resource.ts';
import { useMemberPreferencesSync } from '../member-preferences.ts';
import { OrganizationContext, storedOrganizationId, storeOrganizationId } from '../organization-context.ts';

export function companySignInPath(returnTo: string): string {
  return `/company/sign-in?redirectUrl=${encodeURIComponent(returnTo)}`;
}

async function signOut() {
  try {
    await signOutAndReload('/company/sign-in');
  } catch (error) {
    console.error('[company] sign out failed', error);
  }
}

function PortalHeader({
  organizations,
  current,
  onSelect,
}: {
  organizations: Organization[];
  current: Organization;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('company');
  const navItems = [
    { to: '/company', label: t('nav.jobs'), icon: LuBriefcase, end: true },
    { to: '/company/members', label: t('nav.members'), icon: LuUsers, end: false },
    { to: '/company/settings', label: t('nav.settings'), icon: LuSettings, end: false },
    // Owners only: the organization's activity log.
    ...(current.role === 'owner'
      ? [{ to: '/company/activity', label: t('nav.activity'), icon: LuHistory, end: false }]
      : []),
  ];
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="docked">
      <Container maxW="6xl" px={{ base: '3', md: '6' }}>
        <Flex align="center" gap="3" minH="16" wrap="wrap" py="2">
          <Link asChild textDecoration="none" borderRadius="l2" aria-label={t('nav.home')}>
            <RouterLink to="/company">
              <HStack gap="2">
                <Logo />
                <Text fontWeight="semibold" color="fg.muted" hideBelow="md">
                  {t('brand')}
                </Text>
              </HStack>
            </RouterLink>
          </Link>
          <Box flex="1" />
          {organizations.length > 1 ? (
            <NativeSelect.Root size="md" w={{ base: 'full', sm: '56' }} order={{ base: 3, sm: 0 }}>
              <NativeSelect.Field
                aria-label={t('nav.switchOrganization')}
                value={current.id}
                onChange={(event) => onSelect(event.currentTarget.value)}
                data-testid="organization-switcher"
                minH="11"
              >
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : (
            <Text fontWeight="semibold" truncate maxW={{ base: '40', md: '64' }} data-testid="organization-name">
              {current.name}
            </Text>
          )}
          <LanguageSwitch />
          <Button variant="ghost" onClick={() => void signOut()} minH="11" aria-label={t('nav.signOut')}>
            <LuLogOut />
            <Text as="span" hideBelow="md">
              {t('nav.signOut')}
            </Text>
          </Button>
        </Flex>
        <HStack as="nav" aria-label={t('nav.label')} gap="1" overflowX="auto" pb="1">
          {navItems.map((item) => (
            <Link
              key={item.to}
              asChild
              display="inline-flex"
              alignItems="center"
              gap="2"
              px={{ base: '2', sm: '3' }}
              minH="11"
              borderBottomWidth="2px"
              borderColor="transparent"
              color="fg.muted"
              fontWeight="medium"
              textDecoration="none"
              css={{ '&[aria-current=page]': { color: 'fg', borderColor: 'colorPalette.solid' } }}
              colorPalette="brand"
              flexShrink={0}
            >
              <NavLink to={item.to} end={item.end}>
                {/* Text only on a phone, so the four tabs fit at 375 px. */}
                <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
                  <item.icon aria-hidden />
                </Box>
                {item.label}
              </NavLink>
            </Link>
          ))}
        </HStack>
      </Container>
    </Box>
  );
}

function PortalShell({ uid }: { uid: string }) {
  const { t } = useTranslation('company');
  const organizations = useResource('organizations', getOrganizations);
  // The language and time zone of the member's e-mails follow the portal's.
  useMemberPreferencesSync(organizations.status === 'ready' ? uid : null);
  const [selected, setSelected] = useState<string | null>(() => storedOrganizationId());
  const reload = organizations.reload;
  const setData = organizations.setData;

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const list = organizations.data;
  const current = useMemo(
    () => list?.find((organization) => organization.id === selected) ?? list?.[0] ?? null,
    [list, selected],
  );
  const select = useCallback((id: string) => {
    storeOrganizationId(id);
    setSelected(id);
  }, []);
  const replace = useCallback(
    (organization: Organization) => {
      if (!list) return;
      setData(
        list.map((candidate) => (candidate.id === organization.id ? { ...candidate, ...organization } : candidate)),
      );
    },
    [list, setData],
  );
  const context = useMemo(
    () => (list && current ? { organizations: list, current, select, refresh: reload, replace } : null),
    [list, current, select, reload, replace],
  );

  if (organizations.status === 'loading') return <RouteFallback />;
  if (organizations.status === 'error') {
    if (errorCodeOf(organizations.error) === 'not_a_member') return <NoAccess onJoined={reload} />;
    return (
      <Container maxW="xl" py="16">
        <ErrorPanel error={organizations.error} onRetry={reload} />
      </Container>
    );
  }
  if (!context) return <NoAccess onJoined={reload} />;

  return (
    <OrganizationContext.Provider value={context}>
      <Flex direction="column" minH="100dvh" bg="bg.muted">
        <PortalHeader organizations={context.organizations} current={context.current} onSelect={select} />
        <Container as="main" maxW="6xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }} flex="1">
          <Stack gap="6">
            <OrganizationDeletionBanner />
            {/* Re-mount the page when the organization changes, so nothing of the previous one lingers. */}
            <Outlet key={context.current.id} />
          </Stack>
        </Container>
      </Flex>
    </OrganizationContext.Provider>
  );
}

/** /company/...: signed-in company members only; a person without membership gets the no-access page. */
export default function CompanyLayout() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <RouteFallback />;
  if (session.status !== 'identified')
    return <Navigate to={companySignInPath(`${location.pathname}${location.search}`)} replace />;
  return <PortalShell uid={session.user.uid} />;
}
