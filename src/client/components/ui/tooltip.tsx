import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** Spec section 9: tooltips wait 700 ms, so they help on purpose without flickering on every pass of the mouse. */
export const tooltipOpenDelayMs = 700;

export interface TooltipProps extends Omit<ChakraTooltip.RootProps, 'children'> {
  content: ReactNode;
  /** One focusable element: the tooltip also opens on keyboard focus. */
  children: ReactElement;
  showArrow?: boolean;
  disabled?: boolean;
}

export function Tooltip({ content, children, showArrow = false, disabled = false, ...rootProps }: TooltipProps) {
  if (disabled) return children;
  return (
    <ChakraTooltip.Root openDelay={tooltipOpenDelayMs} closeDelay={100} {...rootProps}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>
            {showArrow ? (
              <ChakraTooltip.Arrow>
                <ChakraTooltip.ArrowTip />
              </ChakraTooltip.Arrow>
            ) : null}
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
