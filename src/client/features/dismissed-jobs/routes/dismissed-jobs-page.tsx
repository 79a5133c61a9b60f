import { LuEyeOff } from 'react-icons/lu';
import { MarkedJobsPage } from '../../jobs/index.ts';
import { useDismissedJobs } from '../hooks/use-dismissed-jobs.ts';

/**
 * /jobs/dismissed: the jobs the student is not interested in, each with Restore (offline too; closed ones marked
 * closed).
 */
export default function DismissedJobsPage() {
  const { dismissed, pending, unreachable } = useDismissedJobs();
  return (
    <MarkedJobsPage
      kind="dismissed"
      testId="dismissed-jobs"
      records={dismissed}
      pending={pending}
      unreachable={unreachable}
      emptyIcon={<LuEyeOff />}
    />
  );
}
