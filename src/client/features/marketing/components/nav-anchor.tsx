import { VisuallyHidden } from '@chakra-ui/react';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PublicLinks } from '../hooks/use-public-links.ts';
import type { NavTarget } from '../navigation.ts';

export interface NavAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  target: NavTarget;
  links: PublicLinks;
  children: ReactNode;
}

/**
 * A router link for in-app pages, or a new-tab link (announced as such) for outbound ones.
 * Unstyled on purpose: wrap it with Chakra's `asChild` to style it.
 */
export function NavAnchor({ target, links, children, ...rest }: NavAnchorProps) {
  const { t } = useTranslation();
  if ('to' in target) {
    return (
      <RouterLink to={target.to} {...rest}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a href={links[target.external]} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <VisuallyHidden>{` (${t('externalLink')})`}</VisuallyHidden>
    </a>
  );
}
