import { Box, HStack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** Spec section 2: shown only while something differs from the saved profile. Sticks to the bottom of the page. */
export function SaveBar({ changes, saving, onCancel }: { changes: number; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const bar = useRef<HTMLDivElement>(null);
  // On a phone the toasts span the width of the screen: while the bar shows, they rise above it.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const phone = window.matchMedia('(max-width: 767.98px)');
    const place = () => {
      if (phone.matches) root.style.setProperty('--toast-offset-bottom', `${Math.ceil(element.offsetHeight) + 24}px`);
      else root.style.removeProperty('--toast-offset-bottom');
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    phone.addEventListener('change', place);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', place);
      root.style.removeProperty('--toast-offset-bottom');
    };
  }, []);
  return (
    <Box
      ref={bar}
      role="region"
      aria-label={t('saveBar.label')}
      data-testid="save-bar"
      position="sticky"
      bottom={{ base: '2', md: '4' }}
      zIndex="docked"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="lg"
      px={{ base: '3', md: '5' }}
      py="3"
    >
      {/* Buttons first, on the left: toasts appear at the bottom right and must not cover them. */}
      <HStack gap="3" wrap="wrap">
        <HStack gap="2">
          <Button type="submit" loading={saving} loadingText={t('saveBar.saving')}>
            {t('saveBar.save')}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {t('saveBar.cancel')}
          </Button>
        </HStack>
        <Text fontWeight="medium" aria-live="polite">
          {t('saveBar.message', { count: changes })}
        </Text>
      </HStack>
    </Box>
  );
}
