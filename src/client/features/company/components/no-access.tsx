import { Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';

/** A signed-in person who belongs to no organization: say so, and offer another account or the student side. */
export function NoAccess() {
  const { t } = useTranslation('company');
  const session = useSession();
  const email = session.user?.email ?? '';
  return (
    <StandalonePage>
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="8">
        <Card.Root maxW="md" w="full" variant="elevated" data-testid="company-no-access">
          <Card.Body>
            <Stack gap="4" textAlign="center" align="center">
              <Icon as={LuLock} boxSize="10" color="fg.muted" aria-hidden />
              <Heading as="h1" size="xl">
                {t('noAccess.title')}
              </Heading>
              <Text color="fg.muted" overflowWrap="anywhere">
                {t('noAccess.description', { email })}
              </Text>
              <Stack w="full" gap="2">
                <Button onClick={() => void signOutAndReload('/company/sign-in')} minH="11">
                  {t('noAccess.otherAccount')}
                </Button>
                <Button asChild variant="outline" minH="11">
                  <RouterLink to="/dashboard">{t('noAccess.studentSide')}</RouterLink>
                </Button>
              </Stack>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
    </StandalonePage>
  );
}
