import { useTranslation } from 'react-i18next';
import { LuUndo2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { errorCodeOf } from '../../../lib/api-error-text.ts';
import { withdrawApplication } from '../api/student-applications.ts';

/** Withdraw, after a confirmation: the company sees 'Withdrawn' and the job can be applied to again. */
export function WithdrawButton({
  applicationId,
  jobTitle,
  onWithdrawn,
}: {
  applicationId: string;
  jobTitle: string;
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation('applications');

  async function confirm(): Promise<boolean> {
    try {
      await withdrawApplication(applicationId);
      toaster.create({ type: 'success', title: t('withdraw.done'), description: t('withdraw.doneDescription') });
      onWithdrawn();
      return true;
    } catch (error) {
      const code = errorCodeOf(error);
      toaster.create({
        type: 'error',
        title: t('withdraw.failed'),
        description: code === 'not_withdrawable' ? t('withdraw.notWithdrawable') : t('withdraw.tryAgain'),
      });
      return false;
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" minH="11" colorPalette="red">
          <LuUndo2 aria-hidden />
          {t('withdraw.button')}
        </Button>
      }
      title={t('withdraw.title')}
      description={t('withdraw.description', { title: jobTitle })}
      cancelLabel={t('withdraw.keep')}
      confirmLabel={t('withdraw.confirm')}
      onConfirm={confirm}
    />
  );
}
