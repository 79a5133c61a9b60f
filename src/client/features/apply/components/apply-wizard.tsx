import { Alert, Card, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuArrowRight, LuSend } from 'react-icons/lu';
import type { z } from 'zod';
import {
  applicationMessages,
  githubStepSchema,
  hackathonsStepSchema,
  jobDetailsStepSchema,
  personalInfoSchema,
} from '../../../../shared/applications/application-schema.ts';
import { checkScreeningAnswers } from '../../../../shared/screening/screening-questions.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { parseSkillsText } from '../../../../shared/profile/skills.ts';
import { updateProfile } from '../../profile/index.ts';
import { updateProfileName } from '../../profile/index.ts';
import { saveCachedProfile } from '../../profile/index.ts';
import { profileLacksDetails, ResumeAutofillOffer } from '../../profile/index.ts';
import {
  blankAnswersFromProfile,
  isDevpostVerified,
  profileSaveBack,
  skillsSaveBack,
  type InitialWizardState,
} from '../application-prefill.ts';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type {
  DraftAnswers,
  ResumeChoice,
  ScreeningAnswers,
  VerifiedDevpost,
} from '../../../db/records/apply-records.ts';
import { saveDraft } from '../db/draft-repository.ts';
import { enqueueApplication } from '../db/outbox-repository.ts';
import type { ApplyTarget } from '../hooks/use-apply-target.ts';
import { flushOutboxNow } from '../outbox/outbox-runner.ts';
import { GithubStep } from './github-step.tsx';
import { HackathonsStep } from './hackathons-step.tsx';
import { JobDetailsStep } from './job-details-step.tsx';
import { PersonalInfoStep } from './personal-info-step.tsx';
import { QuestionsStep } from './questions-step.tsx';
import { ResumeStep } from './resume-step.tsx';
import { SkillsStep } from './skills-step.tsx';
import { StepIndicator } from './step-indicator.tsx';
import type { WizardStep } from '../wizard-steps.ts';

// Each form step's fields and the shared schema that checks them (the server checks the same ones). The Resume,
// Skills and Questions steps keep their values outside the form and are checked on their own.
const formSteps: Partial<Record<WizardStep, { schema: z.ZodType; fields: Array<keyof DraftAnswers> }>> = {
  personal: {
    schema: personalInfoSchema,
    fields: [
      'firstName',
      'lastName',
      'email',
      'phone',
      'university',
      'major',
      'graduationYear',
      'linkedinUrl',
      'portfolioUrl',
    ],
  },
  github: { schema: githubStepSchema, fields: ['githubUsername'] },
  hackathons: { schema: hackathonsStepSchema, fields: ['devpostUsername'] },
  jobDetails: { schema: jobDetailsStepSchema, fields: ['coverLetter'] },
};

/** Shown when Next is pressed on the Resume step with nothing chosen. */
const resumeChooseMessage = 'resume.chooseFirst';

/** How long typing may pause before the draft is written (and at once when the page is hidden or closed). */
const draftSaveDelayMs = 250;

export interface ApplyWizardProps {
  uid: string;
  slug: string;
  query: { token?: string; sharedId?: string };
  target: ApplyTarget;
  profile: StudentProfile | null;
  profileFailed: boolean;
  initial: InitialWizardState;
  /** The steps in order (wizard-steps.ts): the spec's five, with Skills and Questions when the job calls for them. */
  stepKeys: WizardStep[];
}

export function ApplyWizard({ uid, slug, query, target, profile, profileFailed, initial, stepKeys }: ApplyWizardProps) {
  const { t } = useTranslation('apply');
  const translateMessage = useApplyMessage();
  const form = useForm<DraftAnswers>({ defaultValues: initial.answers });
  const { getValues, setValue, setError, clearErrors, subscribe } = form;
  const lastStep = stepKeys.length - 1;
  const hackathonsStep = stepKeys.indexOf('hackathons');
  const resumeStep = stepKeys.indexOf('resume');
  const [step, setStep] = useState(Math.min(initial.step, lastStep));
  const [resumeChoice, setResumeChoice] = useState<ResumeChoice | null>(initial.resumeChoice);
  const [devpost, setDevpost] = useState<VerifiedDevpost | null>(initial.devpost);
  // Only the questions asked count: a draft's answers to questions the job no longer asks are left out.
  const [screening, setScreening] = useState<ScreeningAnswers>(() =>
    Object.fromEntries(
      target.screeningQuestions.flatMap((question) => {
        const answer = initial.screening[question.id];
        return answer === undefined ? [] : [[question.id, answer]];
      }),
    ),
  );
  const [skills, setSkills] = useState<string[]>(stepKeys.includes('skills') ? initial.skills : []);
  const [questionErrors, setQuestionErrors] = useState<Record<string, string>>({});
  const [stepError, setStepError] = useState<string | null>(null);
  const [submitAlert, setSubmitAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // "Save to my profile": on by default, so what the student types once fills every later application.
  const [saveToProfile, setSaveToProfile] = useState(true);
  // The profile as it is now: the Resume step may fill it from the attached resume (then what the wizard saves back
  // at the end compares with that).
  const [currentProfile, setCurrentProfile] = useState(profile);
  // Decided once, for the profile the wizard opened with: a profile with none of a resume's details is offered to be
  // filled from the PDF attached in the Resume step.
  const [offerAutofill] = useState(() => profile !== null && !profileFailed && profileLacksDetails(profile));
  const attachedPdf = resumeChoice?.kind === 'file' ? resumeChoice.file : null;
  const autofillFile = useMemo(
    () =>
      offerAutofill && attachedPdf
        ? new File([attachedPdf.bytes], attachedPdf.name, {
            type: attachedPdf.type,
            lastModified: attachedPdf.lastModified,
          })
        : null,
    [offerAutofill, attachedPdf],
  );
  const [draftState, setDraftState] = useState<'idle' | 'pending' | 'saved'>('idle');

  // Draft autosave: the latest non-form state, a pending timer, and "submitted" (no draft write may follow it).
  const latest = useRef({ step, resumeChoice, devpost, screening, skills });
  useEffect(() => {
    latest.current = { step, resumeChoice, devpost, screening, skills };
  }, [step, resumeChoice, devpost, screening, skills]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitted = useRef(false);
  const jobId = target.jobId;

  const saveNow = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (submitted.current) return;
    try {
      await saveDraft(uid, jobId, { ...latest.current, answers: getValues() });
      if (!timer.current) setDraftState('saved');
    } catch (error) {
      console.error('[apply] could not save the draft', error);
    }
  }, [uid, jobId, getValues]);

  const scheduleSave = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setDraftState('pending');
    timer.current = setTimeout(() => void saveNow(), draftSaveDelayMs);
  }, [saveNow]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          // A schema error set by Next goes away as soon as the field changes; so does the Devpost block.
          if (name) clearErrors(name as keyof DraftAnswers);
          if (name === 'devpostUsername') setStepError(null);
          scheduleSave();
        },
      }),
    [subscribe, clearErrors, scheduleSave],
  );

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    scheduleSave();
  }, [step, resumeChoice, devpost, screening, skills, scheduleSave]);

  function chooseResume(choice: ResumeChoice | null) {
    setResumeChoice(choice);
    if (choice) {
      setStepError(null);
      setSubmitAlert(null);
    }
  }

  useEffect(() => {
    const flushPending = () => {
      if (timer.current) void saveNow();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushPending();
    };
    window.addEventListener('pagehide', flushPending);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushPending);
      document.removeEventListener('visibilitychange', onVisibility);
      flushPending();
    };
  }, [saveNow]);

  function answerQuestion(questionId: string, answer: string) {
    setScreening((current) => ({ ...current, [questionId]: answer }));
    setQuestionErrors(({ [questionId]: _fixed, ...others }) => others);
  }

  function validateStep(index: number): boolean {
    const key = stepKeys[index];
    if (key === 'questions') {
      const outcome = checkScreeningAnswers(target.screeningQuestions, screening);
      setQuestionErrors(outcome.ok ? {} : outcome.problems);
      return outcome.ok;
    }
    const check = key ? formSteps[key] : undefined;
    if (!check) return true;
    const { schema, fields } = check;
    const values = getValues();
    const result = schema.safeParse(Object.fromEntries(fields.map((field) => [field, values[field]])));
    if (result.success) return true;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || seen.has(field)) continue;
      setError(
        field as keyof DraftAnswers,
        { type: 'schema', message: issue.message },
        { shouldFocus: seen.size === 0 },
      );
      seen.add(field);
    }
    return false;
  }

  function goTo(next: number) {
    setStepError(null);
    setSubmitAlert(null);
    setStep(next);
    window.scrollTo({ top: 0 });
  }

  function next() {
    setStepError(null);
    if (!validateStep(step)) return;
    if (step >= hackathonsStep && !isDevpostVerified(getValues('devpostUsername'), devpost)) {
      setStepError(applicationMessages.devpostContinue);
      return;
    }
    if (step === resumeStep && !resumeChoice) {
      setStepError(resumeChooseMessage);
      return;
    }
    goTo(step + 1);
  }

  async function submit() {
    setStepError(null);
    setSubmitAlert(null);
    const values = getValues();
    // Spec section 4: Devpost first (back to the Hackathons step), then the resume (an alert), then every field.
    if (!isDevpostVerified(values.devpostUsername, devpost)) {
      setStep(hackathonsStep);
      setStepError(applicationMessages.devpostSubmit);
      return;
    }
    if (!resumeChoice) {
      setSubmitAlert(applicationMessages.resumeMissing);
      return;
    }
    for (const index of stepKeys.keys()) {
      if (!validateStep(index)) {
        setStep(index);
        return;
      }
    }
    setSubmitting(true);
    try {
      await saveNow();
      const answers = Object.fromEntries(
        Object.entries(values).map(([field, value]) => [field, value.trim()]),
      ) as DraftAnswers;
      const username = answers.devpostUsername;
      await enqueueApplication({
        uid,
        jobSlug: slug,
        jobId,
        query,
        answers,
        screening,
        skills,
        resume: resumeChoice,
        devpost: username && devpost && isDevpostVerified(username, devpost) ? devpost.profile : null,
        jobSummary: {
          title: target.title,
          organizationName: target.organization?.name ?? null,
          organizationLogo: target.organization?.logo ?? null,
          type: target.type,
          location: target.location,
        },
      });
      submitted.current = true;
      // The page now shows the outbox entry's state; the send runs in the background (and again later if offline).
      void flushOutboxNow();
      if (saveToProfile && currentProfile && !profileFailed) void saveAnswersToProfile(currentProfile, answers, skills);
    } catch (error) {
      // Spec: a submit failure inside the wizard is only logged. IndexedDB refused the write (quota, private mode).
      console.error('[apply] could not queue the application', error);
      setSubmitAlert(applicationMessages.submitFailed);
      setSubmitting(false);
    }
  }

  /** Writes the answers the profile lacks back to it; a failure only costs the convenience, never the application. */
  async function saveAnswersToProfile(current: StudentProfile, answers: DraftAnswers, given: string[]) {
    const saveBack = profileSaveBack(answers, current, Boolean(query.token));
    const { name } = saveBack;
    const skillsUpdate = skillsSaveBack(given, current);
    const update = skillsUpdate ? { ...saveBack.update, skills: skillsUpdate } : saveBack.update;
    if (!update && !name) return;
    try {
      let updated = current;
      if (update) updated = await updateProfile(update);
      if (name) updated = await updateProfileName(name);
      await saveCachedProfile(updated);
      toaster.create({ type: 'success', title: t('saveToProfile.saved') });
    } catch (error) {
      console.warn('[apply] could not save the answers to the profile', error);
      toaster.create({ type: 'warning', title: t('saveToProfile.failed') });
    }
  }

  /** The profile was filled from the attached resume: the answers still blank, and the skills, take its values. */
  function profileFilled(updated: StudentProfile) {
    setCurrentProfile(updated);
    void saveCachedProfile(updated).catch((error: unknown) =>
      console.warn('[apply] could not keep the filled profile on this device', error),
    );
    const blanks = blankAnswersFromProfile(getValues(), updated, Boolean(query.token));
    for (const [field, value] of Object.entries(blanks) as Array<[keyof DraftAnswers, string]>)
      setValue(field, value, { shouldDirty: true });
    if (stepKeys.includes('skills') && skills.length === 0) setSkills(parseSkillsText(updated.skills));
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // Enter in a text field must never submit or move on (spec); a textarea keeps its new line.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  }

  const current = stepKeys[step] ?? 'personal';
  const profileResume = profile?.resume
    ? { id: profile.resume.id, url: profile.resume.url, name: profile.resume.name }
    : null;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={onKeyDown}
        aria-labelledby="apply-step-title"
      >
        <Stack gap="6">
          <StepIndicator steps={stepKeys} current={step} />
          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="lg" id="apply-step-title">
                {t(`steps.${current}`)}
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                {t(`stepDescriptions.${current}`)}
              </Text>
            </Card.Header>
            <Card.Body>
              {current === 'personal' ? <PersonalInfoStep /> : null}
              {current === 'github' ? (
                <GithubStep github={profile?.github ?? null} profileFailed={profileFailed} />
              ) : null}
              {current === 'hackathons' ? <HackathonsStep verified={devpost} onVerified={setDevpost} /> : null}
              {current === 'resume' ? (
                <ResumeStep
                  profileResume={profileResume}
                  choice={resumeChoice}
                  onChange={chooseResume}
                  autofill={
                    currentProfile && autofillFile ? (
                      <ResumeAutofillOffer profile={currentProfile} file={autofillFile} onApplied={profileFilled} />
                    ) : null
                  }
                />
              ) : null}
              {current === 'skills' ? (
                <SkillsStep jobSkills={target.skills} value={skills} onChange={setSkills} />
              ) : null}
              {current === 'questions' ? (
                <QuestionsStep
                  questions={target.screeningQuestions}
                  answers={screening}
                  onChange={answerQuestion}
                  errors={questionErrors}
                />
              ) : null}
              {current === 'jobDetails' ? <JobDetailsStep description={target.description} /> : null}
            </Card.Body>
          </Card.Root>

          {stepError ? (
            <Alert.Root status="error" role="alert" data-testid="step-error">
              <Alert.Indicator />
              <Alert.Title>
                {stepError === resumeChooseMessage ? t('resume.chooseFirst') : translateMessage(stepError)}
              </Alert.Title>
            </Alert.Root>
          ) : null}
          {submitAlert ? (
            <Alert.Root status="error" role="alert" data-testid="submit-alert">
              <Alert.Indicator />
              <Alert.Title>{translateMessage(submitAlert)}</Alert.Title>
            </Alert.Root>
          ) : null}

          {step === lastStep && profile && !profileFailed ? (
            <Checkbox.Root
              checked={saveToProfile}
              onCheckedChange={(details) => setSaveToProfile(details.checked === true)}
              data-testid="save-to-profile"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('saveToProfile.label')}</Checkbox.Label>
            </Checkbox.Root>
          ) : null}

          {/* On a phone: the draft line above, then Back and a full-width Next/Submit on one row. */}
          <Stack gap="2">
            <Text
              textStyle="xs"
              color="fg.muted"
              textAlign={{ base: 'center', sm: 'end' }}
              minH="4"
              data-testid="draft-status"
              data-state={draftState}
              aria-live="polite"
            >
              {draftState === 'pending' ? t('draft.saving') : draftState === 'saved' ? t('draft.saved') : ''}
            </Text>
            <Flex justify="space-between" align="center" gap="3" data-testid="wizard-footer">
              <Button
                type="button"
                variant="outline"
                minH="11"
                flexShrink={0}
                onClick={() => goTo(step - 1)}
                disabled={step === 0 || submitting}
              >
                <LuArrowLeft aria-hidden />
                {t('actions.back')}
              </Button>
              {step < lastStep ? (
                <Button type="button" minH="11" flex={{ base: '1', sm: 'initial' }} onClick={next}>
                  {t('actions.next')}
                  <LuArrowRight aria-hidden />
                </Button>
              ) : (
                <Button
                  type="button"
                  minH="11"
                  flex={{ base: '1', sm: 'initial' }}
                  onClick={() => void submit()}
                  loading={submitting}
                >
                  <LuSend aria-hidden />
                  {t('actions.submit')}
                </Button>
              )}
            </Flex>
          </Stack>
        </Stack>
      </form>
    </FormProvider>
  );
}
