import { Box, Button, Center, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuHouse } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Logo, LogoMark } from '../../../components/ui/logo.tsx';

/** Catch-all route: outside the marketing layout, so it also serves mistyped dashboard addresses. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <title>{`${t('notFound.title')} · ${t('appName')}`}</title>
      <Container maxW="7xl" py="4">
        <Box asChild rounded="md" focusRing="outside" display="inline-flex">
          <RouterLink to="/" aria-label={t('homeLink')}>
            <Logo />
          </RouterLink>
        </Box>
      </Container>
      <Center as="main" flex="1" px="6" pb="24" pt="8">
        <Stack align="center" textAlign="center" gap="5" maxW="md">
          <LogoMark boxSize="16" transform="rotate(-8deg)" />
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
            {t('notFound.code')}
          </Text>
          <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} letterSpacing="tight">
            {t('notFound.title')}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {t('notFound.description')}
          </Text>
          <Button asChild size="lg" mt="2">
            <RouterLink to="/">
              <LuHouse aria-hidden="true" />
              {t('notFound.home')}
            </RouterLink>
          </Button>
        </Stack>
      </Center>
    </Flex>
  );
}
