import { Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../lib/session/use-session.ts';
import { jobAccessQuery } from '../../jobs/index.ts';
import { initialWizardState } from '../application-prefill.ts';
import { ApplicationError } from '../components/application-error.tsx';
import { ApplicationSuccess } from '../components/application-success.tsx';
import { ApplyLayout } from '../components/apply-layout.tsx';
import { ApplyLoading } from '../components/apply-loading.tsx';
import { ApplySignInPrompt } from '../components/apply-sign-in-prompt.tsx';
import { ApplyWizard } from '../components/apply-wizard.tsx';
import { JobHeader } from '../components/job-header.tsx';
import { SubmissionStatus } from '../components/submission-status.tsx';
import { useApplyProfile } from '../hooks/use-apply-profile.ts';
import { useApplyTarget, type ApplyTarget } from '../hooks/use-apply-target.ts';
import { useOutboxEntry } from '../hooks/use-outbox-entry.ts';
import { useOutboxRunner } from '../hooks/use-outbox-runner.ts';
import { useStoredDraft } from '../hooks/use-stored-draft.ts';
import { shouldAskSkills, type WizardStep, wizardSteps } from '../wizard-steps.ts';

interface WorkspaceProps {
  uid: string;
  email: string;
  slug: string;
  query: { token?: string; sharedId?: string };
  target: ApplyTarget;
}

/** A signed-in applicant and a known job: the success screen, the submission's state, or the wizard. */
function ApplyWorkspace({ uid, email, slug, query, target }: WorkspaceProps) {
  const profile = useApplyProfile(uid);
  const entry = useOutboxEntry(uid, target.jobId);
  const [draftVersion, setDraftVersion] = useState(0);
  const [startStep, setStartStep] = useState<WizardStep | 'last' | null>(null);
  const draft = useStoredDraft(uid, target.jobId, draftVersion);

  if (entry?.status === 'sent') {
    return (
      <ApplicationSuccess
        jobTitle={entry.receipt?.jobTitle ?? target.title}
        organizationName={entry.receipt?.organizationName ?? target.organization?.name ?? null}
        email={entry.receipt?.email ?? email}
      />
    );
  }
  const header = (
    <JobHeader title={target.title} organization={target.organization} type={target.type} location={target.location} />
  );
  if (entry) {
    return (
      <Stack gap="6">
        {header}
        <SubmissionStatus
          entry={entry}
          onEdit={(step) => {
            setStartStep(step);
            setDraftVersion((version) => version + 1);
          }}
        />
      </Stack>
    );
  }
  if (entry === undefined || profile.status === 'loading' || draft === undefined) return <ApplyLoading />;

  // Fixed for the wizard's life: the profile is read before the wizard opens.
  const stepKeys = wizardSteps({
    askSkills: shouldAskSkills(target.skills, profile.profile?.skills ?? null),
    askQuestions: target.screeningQuestions.length > 0,
  });
  const lastStep = stepKeys.length - 1;
  const initial = initialWizardState({
    profile: profile.profile,
    email,
    applicant: target.applicant,
    draft,
    lastStep,
  });
  if (startStep !== null) initial.step = startStep === 'last' ? lastStep : Math.max(0, stepKeys.indexOf(startStep));
  return (
    <Stack gap="6">
      {header}
      <ApplyWizard
        key={`${target.jobId}:${draftVersion}`}
        uid={uid}
        slug={slug}
        query={query}
        target={target}
        profile={profile.profile}
        profileFailed={profile.failed}
        initial={initial}
        stepKeys={stepKeys}
      />
    </Stack>
  );
}

/**
 * /jobs/:slug/apply (spec sections 2 and 4): 'Loading application...', then the sign-in prompt (no identified user;
 * an anonymous session counts as none), the 'Application Error' page, the form, or the success screen.
 * Modes: private (?token), link (?sharedId), public.
 */
export default function ApplyPage() {
  const { t } = useTranslation('apply');
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const token = searchParams.get('token');
  const sharedId = searchParams.get('sharedId');
  const session = useSession();
  useOutboxRunner();

  const identified = session.status === 'identified' ? session.user : null;
  const target = useApplyTarget(slug, token, sharedId, identified?.uid ?? null);
  const query = useMemo(() => ({ ...(token ? { token } : {}), ...(sharedId ? { sharedId } : {}) }), [token, sharedId]);

  const title = target.status === 'ready' ? target.target.title : null;
  useEffect(() => {
    document.title = title ? t('documentTitleFor', { title }) : t('documentTitle');
  }, [t, title]);

  let content;
  if (session.status === 'loading') {
    content = <ApplyLoading />;
  } else if (!identified && (target.status === 'idle' || target.status === 'ready')) {
    content = (
      <Stack gap="6">
        {target.status === 'ready' ? (
          <JobHeader
            title={target.target.title}
            organization={target.target.organization}
            type={target.target.type}
            location={target.target.location}
          />
        ) : null}
        <ApplySignInPrompt returnTo={`${location.pathname}${location.search}`} />
      </Stack>
    );
  } else if (target.status === 'error') {
    content = <ApplicationError problem={target.problem} />;
  } else if (target.status !== 'ready' || !identified) {
    content = <ApplyLoading />;
  } else {
    content = (
      <ApplyWorkspace
        key={identified.uid}
        uid={identified.uid}
        email={identified.email ?? ''}
        slug={slug}
        query={query}
        target={target.target}
      />
    );
  }

  return (
    <ApplyLayout backTo={`/jobs/${encodeURIComponent(slug)}${jobAccessQuery({ token, sharedId })}`}>
      {content}
    </ApplyLayout>
  );
}
