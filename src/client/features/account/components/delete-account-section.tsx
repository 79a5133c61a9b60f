import { Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { forgetDeviceData } from '../../../db/forget-device-data.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { signOutAndReload } from '../../../lib/session/session-store.ts';
import { deleteAccount } from '../api/delete-account.ts';

/** What a deletion removes, in the order the dialog lists it. */
const removedItems = ['profile', 'resumes', 'applications', 'lists', 'alerts', 'signIn'] as const;

/**
 * "Delete my account" on /account: a confirmation naming what goes, then the server erases the account, this
 * browser forgets what it kept (Dexie, local storage) and the student is signed out onto the home page.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');

  async function confirm(): Promise<boolean> {
    try {
      await deleteAccount();
    } catch (error) {
      toaster.create({ type: 'error', title: t('deletion.failed'), description: apiErrorText(t, error) });
      return false;
    }
    try {
      await forgetDeviceData();
    } catch (error) {
      // The account is gone on the server; what this browser still holds is replaced at the next sign-in.
      console.warn('[account] this device kept some data', error);
    }
    await signOutAndReload('/');
    return true;
  }

  return (
    <Card.Root as="section" aria-labelledby="delete-account-heading" data-testid="delete-account">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="delete-account-heading">
            {t('deletion.heading')}
          </Heading>
          <Text color="fg.muted">{t('deletion.intro')}</Text>
          <ConfirmDialog
            trigger={
              <Button variant="outline" colorPalette="red" minH="11" alignSelf="flex-start">
                <LuTrash2 aria-hidden />
                {t('deletion.button')}
              </Button>
            }
            title={t('deletion.title')}
            description={t('deletion.description')}
            details={
              <List.Root mt="3" ps="5" gap="1" data-testid="delete-account-list">
                {removedItems.map((item) => (
                  <List.Item key={item}>{t(`deletion.removes.${item}`)}</List.Item>
                ))}
              </List.Root>
            }
            cancelLabel={t('deletion.keep')}
            confirmLabel={t('deletion.confirm')}
            onConfirm={confirm}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
