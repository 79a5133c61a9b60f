import '../company-i18n.ts';
import { Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMailCheck } from 'react-icons/lu';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { RouteFallback } from '../../../components/ui/route-fallback.tsx';
import { StandalonePage } from '../../../components/ui/standalone-page.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';
import { acceptJoinInvitation, getJoinInvitation } from '../api/company-api.ts';
import { errorCodeOf, apiErrorText } from '../../../lib/api-error-text.ts';
import { LoadingRows } from '../components/company-states.tsx';
import { useResource } from '../hooks/use-resource.ts';
import { storeOrganizationId } from '../organization-context.ts';
import { companySignInPath } from './company-layout.tsx';

function JoinCard({ token }: { token: string }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const session = useSession();
  const info = useResource(`join:${token}`, (signal) => getJoinInvitation(token, signal));
  const [joining, setJoining] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);

  async function join() {
    setJoining(true);
    setProblem(null);
    try {
      const organization = await acceptJoinInvitation(token);
      storeOrganizationId(organization.id);
      toaster.create({ type: 'success', title: t('join.joined', { name: organization.name }) });
      void navigate('/company', { replace: true });
    } catch (error) {
      setProblem(error);
      setJoining(false);
    }
  }

  if (info.status === 'loading') return <LoadingRows rows={2} height="10" />;
  const failure = info.status === 'error' ? info.error : problem;
  const mismatch = errorCodeOf(failure) === 'invitation_email_mismatch';
  return (
    <Stack gap="4" textAlign="center" align="center" data-testid="company-join">
      <Icon as={LuMailCheck} boxSize="10" color="brand.solid" aria-hidden />
      {info.status === 'ready' ? (
        <>
          <Heading as="h1" size="xl">
            {t('join.title', { name: info.data.organizationName })}
          </Heading>
          <Text color="fg.muted" overflowWrap="anywhere">
            {t(`join.description.${info.data.role}`, { email: info.data.email, name: info.data.organizationName })}
          </Text>
        </>
      ) : (
        <Heading as="h1" size="xl">
          {t('join.unavailable')}
        </Heading>
      )}
      {failure ? (
        <Text color="fg.error" role="alert">
          {apiErrorText(t, failure)}
        </Text>
      ) : null}
      {info.status === 'ready' && info.data.expired ? (
        <Text color="fg.error" role="alert">
          {t('errors:codes.invitation_expired')}
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        {t('join.signedInAs', { email: session.user?.email ?? '' })}
      </Text>
      <Stack w="full" gap="2">
        {info.status === 'ready' && !info.data.expired ? (
          <Button onClick={() => void join()} loading={joining} disabled={mismatch} minH="11">
            {t('join.accept')}
          </Button>
        ) : null}
        <Button
          variant="outline"
          minH="11"
          onClick={() => void signOutAndReload(companySignInPath(`/company/join/${token}`))}
        >
          {t('join.otherAccount')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /company/join/:token: the invitation an owner sent; signing in first when needed, then one click to join. */
export default function CompanyJoinPage() {
  const { t } = useTranslation('company');
  const { token = '' } = useParams();
  const session = useSession();

  useEffect(() => {
    document.title = t('join.documentTitle');
  }, [t]);

  if (session.status === 'loading') return <RouteFallback />;
  if (session.status !== 'identified') return <Navigate to={companySignInPath(`/company/join/${token}`)} replace />;
  return (
    <StandalonePage>
      <Flex as="main" flex="1" align="center" justify="center" px="4" py="8">
        <Card.Root maxW="md" w="full" variant="elevated">
          <Card.Body>
            <JoinCard token={token} />
          </Card.Body>
        </Card.Root>
      </Flex>
    </StandalonePage>
  );
}
