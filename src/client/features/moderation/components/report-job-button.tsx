import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFlag } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { clientPaths } from '../../../../shared/client-routes.ts';

// The dialog and its strings load on the first click: the job page does not carry them.
const ReportJobDialog = lazy(() => import('./report-job-dialog.tsx'));

/**
 * The job page's "Report this job". Signed out: a link to sign in that comes back to the job. Signed in: the dialog.
 */
export function ReportJobButton({ jobId, title, signedIn }: { jobId: string; title: string; signedIn: boolean }) {
  const { t } = useTranslation('jobs');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!signedIn) {
    return (
      <Button asChild variant="ghost" size="lg" w={{ base: 'full', sm: 'auto' }} data-testid="job-report">
        <RouterLink to={signInPath(`${location.pathname}${location.search}`)}>
          <LuFlag aria-hidden />
          {t('detail.report')}
        </RouterLink>
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="lg"
        w={{ base: 'full', sm: 'auto' }}
        aria-haspopup="dialog"
        data-testid="job-report"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <LuFlag aria-hidden />
        {t('detail.report')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportJobDialog open={open} onOpenChange={setOpen} jobId={jobId} title={title} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The report dialog for a job picked elsewhere (a feed listing's card on the board): mounted on the first report, so
 * its chunk and strings load then. `job` null closes it.
 */
export function ReportJobDialogFor({
  job,
  onClose,
}: {
  job: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const [last, setLast] = useState(job);
  if (job && job !== last) setLast(job);
  if (!last) return null;
  return (
    <Suspense fallback={null}>
      <ReportJobDialog
        key={last.id}
        open={job !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        jobId={last.id}
        title={last.title}
      />
    </Suspense>
  );
}

/** Sign-in, coming back to `returnTo` (the auth feature's own helper lives behind its public entry's heavy parts). */
function signInPath(returnTo: string): string {
  return `${clientPaths.signIn}?redirectUrl=${encodeURIComponent(returnTo)}`;
}
