import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMenu } from 'react-icons/lu';
import type { PublicLinks } from '../hooks/use-public-links.ts';

const loadDrawer = () => import('./mobile-nav-drawer.tsx');
const MobileNavDrawer = lazy(loadDrawer);

/**
 * Narrow screens (< 768 px): a hamburger opening a drawer from the left with the same links as accordion groups.
 * The drawer's code is fetched when the button is first pointed at or focused, so it is ready by the click.
 */
export function MobileNav({ links }: { links: PublicLinks }) {
  const { t } = useTranslation('marketing');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prefetch = () => void loadDrawer();

  return (
    <>
      <IconButton
        ref={buttonRef}
        variant="ghost"
        colorPalette="gray"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        hideFrom="md"
        ms="-2"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <LuMenu />
      </IconButton>
      {requested ? (
        <Suspense fallback={null}>
          <MobileNavDrawer links={links} open={open} onOpenChange={setOpen} returnFocusTo={() => buttonRef.current} />
        </Suspense>
      ) : null}
    </>
  );
}
