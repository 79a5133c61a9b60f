import { Avatar, Box, Menu, Portal, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuChevronsUpDown, LuLogOut, LuUser } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCachedProfile } from '../../profile/index.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';
import { displayNameFor, initialsFor } from '../user-display.ts';
import { readSignedInShellText, rememberSignedInShellText } from '../../../lib/signed-in-shell.ts';

interface UserMenuProps {
  collapsed: boolean;
  /** Inside the mobile sheet the menu renders in place, so the sheet's focus trap does not lock it out. */
  portalled: boolean;
  onNavigate?: () => void;
}

async function logOut() {
  try {
    // This browser stops receiving the student's push notifications first (loaded only now: most never use push).
    await import('../../push/index.ts').then(
      ({ releasePushOnSignOut }) => releasePushOnSignOut(),
      (error: unknown) => console.warn('[push] not released on sign-out', error),
    );
    // Spec: log out goes to /dashboard and refreshes the session; a full load does both, and the guard then
    // sends the signed-out visitor to sign-in.
    await signOutAndReload('/dashboard');
  } catch (error) {
    console.error('[auth] log out failed', error);
  }
}

/** The sidebar's user block: avatar, name and email, opening Account, Notifications and Log out. */
export function UserMenu({ collapsed, portalled, onNavigate }: UserMenuProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { user } = useSession();
  const cached = useCachedProfile();
  // Until the profile on this device is read, the name the app last showed (as the prerendered shell did).
  const lastShown = user && !cached?.profile ? readSignedInShellText(user.uid)?.name : undefined;
  const name = lastShown || ((user && displayNameFor(user, cached?.profile)) ?? t('userMenu.anonymousName'));
  const email = user?.email ?? '';
  useEffect(() => {
    if (user && (cached?.profile || (cached === null && !lastShown))) {
      rememberSignedInShellText(user.uid, { name, initials: initialsFor(name), email });
    }
  }, [user, cached, name, email, lastShown]);

  function onSelect({ value }: { value: string }) {
    if (value === 'account') {
      onNavigate?.();
      void navigate('/account');
    } else if (value === 'notifications') {
      // Notifications have no behaviour yet (spec section 2); say so rather than do nothing.
      toaster.create({
        type: 'info',
        title: t('userMenu.notificationsEmpty'),
        description: t('userMenu.notificationsEmptyDescription'),
      });
    } else if (value === 'log-out') {
      void logOut();
    }
  }

  const avatar = (
    <Avatar.Root size="sm" shape="rounded" colorPalette="brand" flexShrink={0}>
      <Avatar.Fallback>{initialsFor(name)}</Avatar.Fallback>
      {user?.photoURL && <Avatar.Image src={user.photoURL} alt="" />}
    </Avatar.Root>
  );

  return (
    <Menu.Root positioning={{ placement: collapsed ? 'right-end' : 'top' }} onSelect={onSelect}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          w="full"
          h="12"
          px={collapsed ? '0' : '2'}
          justifyContent={collapsed ? 'center' : 'flex-start'}
          gap="2"
          aria-label={collapsed ? `${name}, ${email}` : undefined}
        >
          {avatar}
          {!collapsed && (
            <>
              <Box flex="1" minW="0" textAlign="start" lineHeight="short">
                <Text truncate fontSize="sm" fontWeight="semibold">
                  {name}
                </Text>
                <Text truncate fontSize="xs" color="fg.muted" fontWeight="normal">
                  {email}
                </Text>
              </Box>
              <LuChevronsUpDown aria-hidden />
            </>
          )}
        </Button>
      </Menu.Trigger>
      <Portal disabled={!portalled}>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Box px="2" py="1.5" display="flex" gap="2" alignItems="center">
              {avatar}
              <Box minW="0" lineHeight="short">
                <Text truncate fontSize="sm" fontWeight="semibold">
                  {name}
                </Text>
                <Text truncate fontSize="xs" color="fg.muted">
                  {email}
                </Text>
              </Box>
            </Box>
            <Menu.Separator />
            <Menu.Item value="account">
              <LuUser aria-hidden />
              {t('userMenu.account')}
            </Menu.Item>
            <Menu.Item value="notifications">
              <LuBell aria-hidden />
              {t('userMenu.notifications')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="log-out">
              <LuLogOut aria-hidden />
              {t('userMenu.logOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
