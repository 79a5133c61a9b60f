import { Button, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExternalLinkButtonProps extends Omit<ButtonProps, 'asChild'> {
  href: string;
  children: ReactNode;
}

/** A call to action that leaves the site: opens in a new tab and says so to screen readers. */
export function ExternalLinkButton({ href, children, ...buttonProps }: ExternalLinkButtonProps) {
  const { t } = useTranslation();
  return (
    <Button asChild {...buttonProps}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <VisuallyHidden>{` (${t('externalLink')})`}</VisuallyHidden>
      </a>
    </Button>
  );
}
