import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** Spec section 2: shown only while something differs from the saved profile. Sticks to the bottom of the page. */
export function SaveBar({ changes, saving, onCancel }: { changes: number; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Box
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
