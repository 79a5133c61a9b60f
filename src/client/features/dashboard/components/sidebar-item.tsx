import { Box, Link } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { Link as RouterLink } from 'react-router-dom';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

interface SidebarItemProps {
  label: string;
  icon: IconType;
  /** An in-app path, or an external href such as mailto:. */
  to: string;
  active?: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** One sidebar entry. Collapsed to an icon, it keeps its name for assistive technology and shows it as a tooltip. */
export function SidebarItem({ label, icon: ItemIcon, to, active = false, collapsed, onNavigate }: SidebarItemProps) {
  const external = !to.startsWith('/');
  const styles = {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    h: '8',
    px: '2',
    borderRadius: 'l2',
    fontSize: 'sm',
    color: 'fg',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    justifyContent: collapsed ? 'center' : 'flex-start',
    _hover: { bg: 'bg.emphasized', textDecoration: 'none' },
    _currentPage: { bg: 'bg.emphasized', fontWeight: 'semibold' },
    focusRingColor: 'colorPalette.focusRing',
  } as const;

  const content = (
    <>
      <Box as={ItemIcon} flexShrink={0} boxSize="4" aria-hidden />
      {!collapsed && <span>{label}</span>}
    </>
  );

  const link = external ? (
    <Link href={to} {...styles} aria-label={collapsed ? label : undefined}>
      {content}
    </Link>
  ) : (
    <Link asChild {...styles}>
      <RouterLink
        to={to}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? label : undefined}
        onClick={onNavigate}
      >
        {content}
      </RouterLink>
    </Link>
  );

  return (
    <Tooltip content={label} positioning={{ placement: 'right' }} disabled={!collapsed}>
      {link}
    </Tooltip>
  );
}
