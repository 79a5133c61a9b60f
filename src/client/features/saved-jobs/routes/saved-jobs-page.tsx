import { LuBookmark } from 'react-icons/lu';
import { MarkedJobsPage } from '../../jobs/index.ts';
import { useSavedJobs } from '../hooks/use-saved-jobs.ts';

/** /jobs/saved: the jobs the student bookmarked (offline too; closed ones marked closed). */
export default function SavedJobsPage() {
  const { saved, pending, unreachable } = useSavedJobs();
  return (
    <MarkedJobsPage
      kind="saved"
      testId="saved-jobs"
      records={saved}
      pending={pending}
      unreachable={unreachable}
      emptyIcon={<LuBookmark />}
    />
  );
}
