import { Card, Heading, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { scheduleOrganizationDeletion } from '../api/company-api.ts';
import { formatDate } from '../format.ts';
import { useOrganization } from '../organization-context.ts';

/** Settings, owners only: schedules the organization's deletion (the banner then shows the date and the way back). */
export function DeleteOrganizationCard() {
  const { t, i18n } = useTranslation('company');
  const { current, replace } = useOrganization();
  if (current.role !== 'owner' || current.deletionDueAt) return null;

  async function schedule(): Promise<boolean> {
    try {
      const organization = await scheduleOrganizationDeletion(current.id);
      replace(organization);
      toaster.create({
        type: 'success',
        title: t('deletion.scheduled', {
          name: organization.name,
          date: formatDate(organization.deletionDueAt, i18n.language),
        }),
      });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: t('deletion.scheduleFailed'), description: apiErrorText(t, error) });
      return false;
    }
  }

  return (
    <Card.Root variant="outline" borderColor="border.error" data-testid="delete-organization">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('deletion.title')}
        </Heading>
        <Text color="fg.muted">{t('deletion.description')}</Text>
        <ConfirmDialog
          trigger={
            <Button variant="outline" colorPalette="red" minH="11" alignSelf="flex-start" h="auto" whiteSpace="normal">
              <LuTrash2 aria-hidden />
              {t('deletion.action', { name: current.name })}
            </Button>
          }
          title={t('deletion.confirmTitle', { name: current.name })}
          description={t('deletion.confirmDescription')}
          details={
            <List.Root mt="3" ps="5" gap="1">
              <List.Item>{t('deletion.confirmJobs')}</List.Item>
              <List.Item>{t('deletion.confirmData')}</List.Item>
              <List.Item>{t('deletion.confirmCancel')}</List.Item>
            </List.Root>
          }
          cancelLabel={t('common.cancel')}
          confirmLabel={t('deletion.confirm')}
          onConfirm={schedule}
        />
      </Card.Body>
    </Card.Root>
  );
}
