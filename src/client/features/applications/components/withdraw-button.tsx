import { Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUndo2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { withdrawApplication } from '../api/student-applications.ts';

/** Withdraw, after a confirmation: the company sees 'Withdrawn' and the job can be applied to again. */
export function WithdrawButton({ applicationId, jobTitle, onWithdrawn }: { applicationId: string; jobTitle: string; onWithdrawn: () => void }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await withdrawApplication(applicationId);
      toaster.create({ type: 'success', title: t('withdraw.done'), description: t('withdraw.doneDescription') });
      setOpen(false);
      onWithdrawn();
    } catch (error) {
      const code = error instanceof ApiError && error.body && typeof error.body === 'object' && 'code' in error.body ? String(error.body.code) : null;
      toaster.create({ type: 'error', title: t('withdraw.failed'), description: code === 'not_withdrawable' ? t('withdraw.notWithdrawable') : t('withdraw.tryAgain') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(detail) => setOpen(detail.open)} role="alertdialog" placement="center">
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" minH="11" colorPalette="red">
          <LuUndo2 aria-hidden />
          {t('withdraw.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('withdraw.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('withdraw.description', { title: jobTitle })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" minH="11">
                  {t('withdraw.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Button variant="destructive" minH="11" loading={busy} onClick={() => void confirm()}>
                {t('withdraw.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
