import { Alert, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2, LuUndo2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { cancelOrganizationDeletion } from '../api/company-api.ts';
import { formatDate } from '../format.ts';
import { useOrganization } from '../organization-context.ts';

/** Above every portal page while the organization is scheduled for deletion; owners can cancel it from here. */
export function OrganizationDeletionBanner() {
  const { t, i18n } = useTranslation('company');
  const { current, replace } = useOrganization();
  const [busy, setBusy] = useState(false);
  if (!current.deletionDueAt) return null;

  async function cancel() {
    setBusy(true);
    try {
      replace(await cancelOrganizationDeletion(current.id));
      toaster.create({ type: 'success', title: t('deletion.cancelled', { name: current.name }) });
    } catch (error) {
      toaster.create({ type: 'error', title: t('deletion.cancelFailed'), description: apiErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert.Root status="warning" variant="subtle" data-testid="organization-deletion-banner">
      <Alert.Indicator>
        <LuTrash2 />
      </Alert.Indicator>
      <Flex flex="1" gap="3" align="center" wrap="wrap">
        <Alert.Content flex="1" minW="56">
          <Alert.Title>
            {t('deletion.bannerTitle', {
              name: current.name,
              date: formatDate(current.deletionDueAt, i18n.language),
            })}
          </Alert.Title>
          <Alert.Description>{t('deletion.bannerDescription')}</Alert.Description>
        </Alert.Content>
        {current.role === 'owner' ? (
          <Button variant="outline" minH="11" loading={busy} onClick={() => void cancel()}>
            <LuUndo2 aria-hidden />
            {t('deletion.cancel')}
          </Button>
        ) : null}
      </Flex>
    </Alert.Root>
  );
}
