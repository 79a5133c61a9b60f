import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { releaseSignedInShell } from '../../lib/signed-in-shell.ts';
import { LogoMark } from './logo.tsx';

/**
 * Router error boundary. The usual cause in a PWA is a lazy chunk that no longer exists on the server after a
 * deploy; reloading fetches the new version. Uses plain anchors: the router itself may be what failed.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    releaseSignedInShell();
    console.error('[router] a route failed to render', error);
  }, [error]);
  return (
    <Center as="main" minH="100dvh" px="6" py="16">
      <Stack gap="5" maxW="md" textAlign="center" align="center">
        <LogoMark boxSize="12" />
        <Heading as="h1" size="2xl">
          {t('routeError.title')}
        </Heading>
        <Text color="fg.muted">{t('routeError.description')}</Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button onClick={() => location.reload()}>{t('routeError.reload')}</Button>
          <Button asChild variant="outline" colorPalette="gray">
            <a href="/">{t('routeError.home')}</a>
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
