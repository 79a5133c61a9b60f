import { useTranslation } from 'react-i18next';
import { LuBookmark, LuBookmarkCheck } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import { useSavedJobs } from '../hooks/use-saved-jobs.ts';

/** The job detail's bookmark: saves on the device at once, sent to the server when it can be. */
export function SaveJobButton({ job }: { job: SavedJobSnapshot }) {
  const { t } = useTranslation('jobs');
  const { savedIds, toggle } = useSavedJobs();
  const saved = savedIds.has(job.id);
  return (
    <Button
      variant="outline"
      size="lg"
      w={{ base: 'full', sm: 'auto' }}
      aria-pressed={saved}
      data-testid="job-detail-save"
      onClick={() => toggle(job, !saved)}
    >
      {saved ? <LuBookmarkCheck aria-hidden /> : <LuBookmark aria-hidden />}
      {saved ? t('saved.savedButton') : t('saved.saveButton')}
    </Button>
  );
}
