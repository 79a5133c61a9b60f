import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * On touch screens (a coarse pointer) a control is at least 44 x 44 px, the size a finger can hit; with a mouse the
 * compact size stays. Spread into a Chakra `css` prop.
 */
export const touchTarget: SystemStyleObject = {
  '@media (pointer: coarse)': { minHeight: '44px', minWidth: '44px' },
};

/** The same for a control whose width is its text (a link): only the height grows. */
export const touchTargetHeight: SystemStyleObject = {
  '@media (pointer: coarse)': { minHeight: '44px', display: 'inline-flex', alignItems: 'center' },
};

/** A placeholder row as tall as a link with `touchTargetHeight` (skeletons that keep a list's height). */
export const touchTargetRowHeight: SystemStyleObject = {
  '@media (pointer: coarse)': { minHeight: '44px' },
};
