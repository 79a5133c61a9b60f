import { Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2, LuLock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import type { PendingMemberInvitation } from '../../../../shared/company/pending-invitations.ts';
import { acceptPendingInvitation, getPendingInvitations } from '../api/pending-invitations.ts';
import { useResource } from '../hooks/use-resource.ts';
import { storeOrganizationId } from '../organization-context.ts';

/** "Join {organization}" for an invitation made out to this person: signing in without the link is no dead end. */
function JoinInvitation({ invitation, onJoined }: { invitation: PendingMemberInvitation; onJoined: () => void }) {
  const { t } = useTranslation('company');
  const [busy, setBusy] = useState(false);
  async function join() {
    setBusy(true);
    try {
      const organization = await acceptPendingInvitation(invitation.id);
      storeOrganizationId(organization.id);
      toaster.create({ type: 'success', title: t('join.joined', { name: organization.name }) });
      onJoined();
    } catch (error) {
      toaster.create({ type: 'error', title: t('join.unavailable'), description: apiErrorText(t, error) });
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void join()} loading={busy} minH="11" whiteSpace="normal" h="auto" py="2">
      <LuBuilding2 aria-hidden />
      {t('join.title', { name: invitation.organizationName })}
    </Button>
  );
}

/**
 * A signed-in person who belongs to no organization: the invitations made out to them, if any ("Join {organization}"),
 * else say so, and offer another account or the student side.
 */
export function NoAccess({ onJoined }: { onJoined: () => void }) {
  const { t } = useTranslation('company');
  const session = useSession();
  const email = session.user?.email ?? '';
  const invitations = useResource('pending-invitations', getPendingInvitations);
  const pending = invitations.status === 'ready' ? invitations.data : [];
  return (
    <StandalonePage>
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="8">
        <Card.Root maxW="md" w="full" variant="elevated" data-testid="company-no-access">
          <Card.Body>
            <Stack gap="4" textAlign="center" align="center">
              <Icon as={LuLock} boxSize="10" color="fg.muted" aria-hidden />
              <Heading as="h1" size="xl">
                {pending.length > 0 ? t('noAccess.invitedTitle') : t('noAccess.title')}
              </Heading>
              <Text color="fg.muted" overflowWrap="anywhere">
                {pending.length > 0
                  ? t('noAccess.invitedDescription', { email, count: pending.length })
                  : t('noAccess.description', { email })}
              </Text>
              <Stack w="full" gap="2">
                {pending.map((invitation) => (
                  <JoinInvitation key={invitation.id} invitation={invitation} onJoined={onJoined} />
                ))}
                <Button
                  onClick={() => void signOutAndReload('/company/sign-in')}
                  minH="11"
                  variant={pending.length > 0 ? 'outline' : 'default'}
                >
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
