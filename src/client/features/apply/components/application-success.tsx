import { Card, Icon, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';

interface ApplicationSuccessProps {
  jobTitle: string;
  organizationName: string | null;
  email: string;
}

/** Spec section 2: 'Application Submitted!', thanks for the job at the organization, where the confirmation went. */
export function ApplicationSuccess({ jobTitle, organizationName, email }: ApplicationSuccessProps) {
  const { t } = useTranslation('apply');
  const strong = <Text as="strong" color="fg" />;
  return (
    <Card.Root variant="elevated" data-testid="application-success">
      <Card.Body alignItems="center" textAlign="center" gap="4" py="10">
        <Icon as={LuCircleCheck} boxSize="14" color="green.solid" aria-hidden />
        <Text as="h1" textStyle="2xl" fontWeight="bold" role="status">
          {t('success.title')}
        </Text>
        <Stack gap="2" color="fg.muted" maxW="md">
          <Text>
            {organizationName ? (
              <Trans
                t={t}
                i18nKey="success.thanksAt"
                values={{ title: jobTitle, organization: organizationName }}
                components={{ strong }}
              />
            ) : (
              <Trans t={t} i18nKey="success.thanks" values={{ title: jobTitle }} components={{ strong }} />
            )}
          </Text>
          <Text>
            <Trans t={t} i18nKey="success.emailSent" values={{ email }} components={{ strong }} />
          </Text>
        </Stack>
        <Button asChild size="lg">
          <RouterLink to="/dashboard">{t('returnHome')}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
