import { useTranslation } from 'react-i18next';
import { LuEyeOff, LuUndo2 } from 'react-icons/lu';
import { Button } from '../../../components/ui/button.tsx';
import type { SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import { useDismissedJobs } from '../hooks/use-dismissed-jobs.ts';

/** The job detail's "Not interested": hides the job from the board at once (Undo in the toast), or restores it. */
export function DismissJobButton({ job }: { job: SavedJobSnapshot }) {
  const { t } = useTranslation('jobs');
  const { dismissedIds, dismiss, restore } = useDismissedJobs();
  const dismissed = dismissedIds.has(job.id);
  return (
    <Button
      variant="ghost"
      size="lg"
      w={{ base: 'full', sm: 'auto' }}
      aria-pressed={dismissed}
      data-testid="job-detail-dismiss"
      onClick={() => (dismissed ? restore(job) : dismiss(job))}
    >
      {dismissed ? <LuUndo2 aria-hidden /> : <LuEyeOff aria-hidden />}
      {dismissed ? t('dismissed.restoreToBoard') : t('dismissed.dismissButton')}
    </Button>
  );
}
