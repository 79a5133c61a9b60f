import { Card, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { exportAccount } from '../api/export-account.ts';

type Progressing = { received: number; total: number | null };

/** "Download my data" on /account: a ZIP of everything held about the student, with its progress. */
export function ExportAccountSection() {
  const { t, i18n } = useTranslation('account');
  const [progress, setProgress] = useState<Progressing | null>(null);
  const kilobytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024));

  async function download() {
    setProgress({ received: 0, total: null });
    try {
      const { blob, fileName } = await exportAccount((received, total) => setProgress({ received, total }));
      saveBlob(blob, fileName);
      toaster.create({ type: 'success', title: t('export.done') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('export.failed'), description: apiErrorText(t, error) });
    } finally {
      setProgress(null);
    }
  }

  const percent = progress?.total && progress.total > 0 ? Math.round((progress.received / progress.total) * 100) : null;
  return (
    <Card.Root as="section" aria-labelledby="export-account-heading" data-testid="export-account">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="export-account-heading">
            {t('export.heading')}
          </Heading>
          <Text color="fg.muted">{t('export.intro')}</Text>
          <Button
            variant="outline"
            minH="11"
            alignSelf="flex-start"
            maxW="full"
            h="auto"
            whiteSpace="normal"
            loading={progress !== null}
            loadingText={t('export.preparing')}
            onClick={() => void download()}
          >
            <LuDownload aria-hidden />
            {t('export.button')}
          </Button>
          {progress !== null ? (
            <Stack gap="1" aria-live="polite" data-testid="export-progress">
              <Progress.Root value={percent} size="sm" maxW="sm" aria-label={t('export.progressLabel')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text textStyle="sm" color="fg.muted">
                {progress.received === 0
                  ? t('export.preparing')
                  : t('export.received', { size: kilobytes(progress.received) })}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
