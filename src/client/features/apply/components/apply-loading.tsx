import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function ApplyLoading() {
  const { t } = useTranslation('apply');
  return (
    <Center py="24" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
