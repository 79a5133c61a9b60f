import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { JobFilters } from '../../../../shared/jobs/job-filters-schema.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import '../alerts-i18n.ts';
import { createAlert } from '../api/alerts-api.ts';
import { alertsPath } from '../alerts-path.ts';
import { AlertFormDialog } from './alert-form-dialog.tsx';

export interface CreateAlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The board's search when the dialog opened, and its name in words. */
  search: { filters: JobFilters; summary: string };
}

/** "Get alerts for this search": the board's filters and search text saved as an alert. Its own chunk. */
export default function CreateAlertDialog({ open, onOpenChange, search }: CreateAlertDialogProps) {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  return (
    <AlertFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('form.createTitle')}
      summary={search.summary}
      initial={{ name: search.summary.slice(0, 80), frequency: 'daily', channels: ['email'], instant: false }}
      submitLabel={t('form.save')}
      onSubmit={async (values) => {
        const alert = await createAlert({ ...values, filters: search.filters });
        toaster.create({
          type: 'success',
          title: t('toast.created'),
          description: t('toast.createdDescription', { name: alert.name }),
          action: { label: t('toast.manage'), onClick: () => void navigate(alertsPath) },
        });
      }}
    />
  );
}
