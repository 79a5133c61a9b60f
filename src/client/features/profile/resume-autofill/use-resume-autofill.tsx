import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import { resumeOffer } from './autofill-proposals.ts';
import { readResume, warmResumeReader } from './read-resume.ts';
import { ResumeReviewDialog, type ResumeReview } from './resume-review-dialog.tsx';

export type ResumeAutofill = {
  /** Reads the file on this device and opens the review when it proposes anything. */
  readFile: (file: File) => Promise<void>;
  reading: boolean;
  /** PDF.js is loaded: a file is now read without the network. */
  ready: boolean;
  /** Why the last file could not be read, translated; null when it was. */
  problem: string | null;
  /** The review sheet, to render where the hook is used. */
  dialog: ReactNode;
};

/** Autofill from a resume (PDF or resume.json) for the profile shown: read, review, apply. */
export function useResumeAutofill(
  profile: StudentProfile,
  onApplied: (profile: StudentProfile) => void,
): ResumeAutofill {
  const { t } = useTranslation('account');
  const [review, setReview] = useState<ResumeReview | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    warmResumeReader().then(
      () => live && setReady(true),
      (error: unknown) => console.warn('[profile] the resume reader did not load', error),
    );
    return () => {
      live = false;
    };
  }, []);

  const readFile = async (file: File) => {
    setProblem(null);
    setReading(true);
    try {
      const outcome = await readResume(file);
      if (!outcome.ok) {
        setProblem(t(`autofill.problems.${outcome.reason}`));
        return;
      }
      const proposals = resumeOffer(profile, outcome.fields);
      if (proposals === 'empty') {
        setProblem(t('autofill.problems.empty'));
        return;
      }
      if (proposals.length === 0) {
        toaster.create({ type: 'info', title: t('autofill.nothingNew') });
        return;
      }
      setReview({ proposals, source: file.name });
    } finally {
      setReading(false);
    }
  };

  const dialog = review ? (
    <ResumeReviewDialog review={review} profile={profile} onClose={() => setReview(null)} onApplied={onApplied} />
  ) : null;
  return { readFile, reading, ready, problem, dialog };
}
