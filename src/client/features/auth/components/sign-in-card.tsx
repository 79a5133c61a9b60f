import { Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { useRuntimeConfig } from '../../../lib/use-runtime-config.ts';
import { LoginPanel, type LoginMode } from './login-panel.tsx';

type SignInCardProps = {
  title: string;
  subtitle: string;
  /** Shown above the title (the company portal's building icon). */
  badge?: ReactNode;
  redirectUrl: string;
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  onBusyChange: (busy: boolean) => void;
  /** Inside the card, under the sign-in buttons. */
  children?: ReactNode;
  /** Under the card. */
  footer?: ReactNode;
  /** Show the providers not offered yet, disabled (the students' page; the portal shows only what works). */
  showComingSoon?: boolean;
};

/** The centred sign-in card shared by the students' and the companies' sign-in pages. */
export function SignInCard({
  title,
  subtitle,
  badge,
  redirectUrl,
  mode,
  onModeChange,
  onBusyChange,
  children,
  footer,
  showComingSoon = true,
}: SignInCardProps) {
  const config = useRuntimeConfig();
  return (
    <StandalonePage>
      <Flex
        as="main"
        flex="1"
        align="center"
        justify="center"
        px="4"
        pb={{ base: '8', md: '16' }}
        pt={{ base: '2', md: '6' }}
      >
        <Stack w="full" maxW="sm" gap="6">
          <Card.Root variant="elevated" size={{ base: 'md', md: 'lg' }}>
            <Card.Header textAlign="center" gap={badge ? '2' : '1'} alignItems={badge ? 'center' : undefined}>
              {badge}
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              <Text color="fg.muted">{subtitle}</Text>
            </Card.Header>
            <Card.Body>
              <LoginPanel
                redirectUrl={redirectUrl}
                mode={mode}
                onModeChange={onModeChange}
                embedded={Boolean(config?.authEmulatorUrl)}
                onBusyChange={onBusyChange}
                showComingSoon={showComingSoon}
              />
              {children}
            </Card.Body>
          </Card.Root>
          {footer}
        </Stack>
      </Flex>
    </StandalonePage>
  );
}
