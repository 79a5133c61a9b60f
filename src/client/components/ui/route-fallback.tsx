import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy route (or the session) loads. Fades in late so fast loads do not flash a spinner. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <Center minH="50vh" py="16" role="status">
      <Spinner
        size="lg"
        color="brand.solid"
        borderWidth="3px"
        animation="spin 0.8s linear infinite, fade-in 0.2s ease-out 0.3s both"
      />
      <VisuallyHidden>{t('routeFallback.loading')}</VisuallyHidden>
    </Center>
  );
}
