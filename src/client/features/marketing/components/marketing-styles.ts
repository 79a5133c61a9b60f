import type { SystemStyleObject } from '@chakra-ui/react';

// Looks the public pages share between components that render different elements (so not one component).

/** A panel that lifts on hover: the landing page's feature cards and the blog's post card. */
export const hoverCardStyle = {
  p: '6',
  rounded: 'xl',
  borderWidth: '1px',
  borderColor: 'border.muted',
  bg: 'bg.panel',
  transition: 'box-shadow 0.2s, border-color 0.2s',
  _hover: { boxShadow: 'md', borderColor: 'brand.border' },
} as const satisfies SystemStyleObject;

/** The small uppercase caption above a group of menu links, in the desktop menus and the mobile drawer. */
export const navGroupLabelStyle = {
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
  color: 'fg.muted',
  px: '3',
} as const satisfies SystemStyleObject;
