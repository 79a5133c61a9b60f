import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { downloadApplicationsCsv } from '../api/tracked-applications-api.ts';

/** Downloads every application (in the app and tracked) as a CSV file for a spreadsheet. */
export function ExportCsvButton() {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const blob = await downloadApplicationsCsv(locale);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'applications.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      toaster.create({ type: 'error', title: t('tracker.exportFailed') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="ghost" minH="11" loading={busy} onClick={() => void download()} data-testid="export-csv">
      <LuDownload aria-hidden />
      {t('tracker.exportCsv')}
    </Button>
  );
}
