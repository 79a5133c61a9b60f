import { Accordion, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { checklistKeyOfHash, checklistSections } from '../../../../shared/profile/profile-checklist.ts';
import type { DevpostProfile } from '../../../../shared/devpost/devpost-profile.ts';
import { profileMessages } from '../../../../shared/profile/profile-messages.ts';
import {
  createProfileUpdateSchema,
  editableProfileFields,
  type EditableProfileField,
} from '../../../../shared/profile/profile-schema.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import { connectGithub } from '../api/connect-github.ts';
import { deleteGithub } from '../api/delete-github.ts';
import { saveDevpost } from '../api/save-devpost.ts';
import { serverFieldErrors, updateProfile } from '../api/update-profile.ts';
import { verifyDevpost } from '../api/verify-devpost.ts';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { authErrorCode } from '../../../lib/session/login-errors.ts';
import { obtainGithubAccessToken, unlinkGithubProvider } from '../github-account-link.ts';
import {
  changedFields,
  fieldErrorMessage,
  formValuesFromProfile,
  isDevpostVerified,
  isTextField,
  shouldDisconnectGithub,
  valuesAfterSave,
  type ProfileFormValues,
} from '../profile-form.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { DevpostConnection } from './devpost-connection.tsx';
import { EditableTextField, ReadOnlyField } from './editable-text-field.tsx';
import { FieldEditingContext, type FieldEditing } from './field-editing-context.ts';
import { GithubConnection } from './github-connection.tsx';
import { JobPreferencesEditor } from './job-preferences-editor.tsx';
import { NameEditor } from './name-editor.tsx';
import { ProfileSection, type ProfileSectionId } from './profile-section.tsx';
import { ResumeSection } from './resume-section.tsx';
import { SaveBar } from './save-bar.tsx';
import { SkillsEditor } from './skills-editor.tsx';

const sectionOf: Record<EditableProfileField, ProfileSectionId> = {
  phone: 'personal',
  school: 'personal',
  program: 'personal',
  graduationYear: 'personal',
  linkedinUrl: 'personal',
  portfolioUrl: 'personal',
  devpostUsername: 'connections',
  githubUsername: 'connections',
  skills: 'skills',
  degreeLevel: 'preferences',
  targetTerms: 'preferences',
  interests: 'preferences',
  workAuthorization: 'preferences',
};

/** Spec section 8: the toast title for a field that failed validation. */
const invalidTitleKey: Partial<Record<EditableProfileField, string>> = {
  phone: 'toasts.invalidPhone',
  graduationYear: 'toasts.invalidGraduationYear',
  linkedinUrl: 'toasts.invalidLinkedin',
  portfolioUrl: 'toasts.invalidPortfolio',
  devpostUsername: 'toasts.invalidDevpost',
  githubUsername: 'toasts.invalidGithub',
};

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

const fieldProblemToastId = 'profile-field-problem';

// Where a dashboard checklist link lands: the element that holds the item.
const checklistTargets: Record<string, string> = {
  name: 'field-name',
  school: 'field-school',
  program: 'field-program',
  graduationYear: 'field-graduationYear',
  phone: 'field-phone',
  resume: 'resume-section',
  github: 'github-connection',
  devpost: 'devpost-connection',
  skills: 'field-skills',
};

// The popup was closed or replaced by the person: nothing failed.
const popupDismissed = new Set(['popup-closed-by-user', 'cancelled-popup-request', 'user-cancelled']);

interface AccountEditorProps {
  profile: StudentProfile;
  /** Offline copy: shown, never editable. */
  readOnly: boolean;
  /** Every profile the server answers (save, upload, GitHub connect). */
  onProfileChange: (profile: StudentProfile) => void;
}

/** The five sections and the Save/Cancel bar; all edits are kept in one form until Save. */
export function AccountEditor({ profile, readOnly, onProfileChange }: AccountEditorProps) {
  const { t } = useTranslation('account');
  const saved = useMemo(() => formValuesFromProfile(profile), [profile]);
  const schema = useMemo(() => createProfileUpdateSchema(), []);
  const form = useForm<ProfileFormValues>({
    defaultValues: saved,
    // raw: the form keeps what the person typed; the payload is parsed (trimmed) again on save.
    resolver: zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<ProfileFormValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as ProfileFormValues;
  const changes = changedFields(values, saved);

  // A link from the dashboard's checklist (/account#field-phone) opens the section that holds the field.
  const { hash } = useLocation();
  const [openSections, setOpenSections] = useState<string[]>(() => {
    const key = checklistKeyOfHash(hash);
    return key && checklistSections[key] !== 'personal' ? ['personal', checklistSections[key]] : ['personal'];
  });
  const [editingFields, setEditingFields] = useState<ReadonlySet<EditableProfileField>>(new Set());
  const [saving, setSaving] = useState(false);
  const [verifiedDevpost, setVerifiedDevpost] = useState<{ username: string; profile: DevpostProfile } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);

  const openSection = useCallback((section: ProfileSectionId) => {
    setOpenSections((current) => (current.includes(section) ? current : [...current, section]));
  }, []);

  // ... and brings the field into view once the section is open.
  useEffect(() => {
    const key = checklistKeyOfHash(hash);
    if (!key) return;
    const frame = requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(`[data-testid="${checklistTargets[key]}"]`);
      target?.scrollIntoView({ block: 'center' });
      target?.querySelector<HTMLElement>('input:not([type=file]), button')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const { setValue, clearErrors, setFocus } = form;
  const editing = useMemo<FieldEditing>(
    () => ({
      readOnly,
      saved,
      isEditing: (field) => !readOnly && editingFields.has(field),
      edit: (field) => {
        setEditingFields((current) => new Set(current).add(field));
        // After the re-render that drops readOnly.
        if (isTextField(field)) requestAnimationFrame(() => setFocus(field));
      },
      discard: (field) => {
        setValue(field, saved[field], { shouldDirty: true });
        clearErrors(field);
        setEditingFields((current) => {
          const next = new Set(current);
          next.delete(field);
          return next;
        });
        if (field === 'devpostUsername') {
          setVerifiedDevpost(null);
          setVerifyError(null);
        }
      },
    }),
    [readOnly, saved, editingFields, setValue, clearErrors, setFocus],
  );

  const devpostUsername = values.devpostUsername;
  const devpostVerified = isDevpostVerified(
    devpostUsername,
    profile.devpostUsername,
    verifiedDevpost?.username ?? null,
  );
  const shownDevpost =
    verifiedDevpost && sameName(devpostUsername, verifiedDevpost.username)
      ? verifiedDevpost.profile
      : sameName(devpostUsername, profile.devpostUsername)
        ? profile.devpost
        : null;

  const showFieldProblem = (field: EditableProfileField, message: string) => {
    openSection(sectionOf[field]);
    setEditingFields((current) => new Set(current).add(field));
    const titleKey =
      message === profileMessages.devpostNotVerified
        ? 'toasts.devpostVerificationRequired'
        : (invalidTitleKey[field] ?? 'toasts.invalidFields');
    // One validation toast at a time, dismissable: a stack of them would cover the fields being fixed.
    toaster.create({
      id: fieldProblemToastId,
      type: 'error',
      closable: true,
      title: t(titleKey),
      description: translateProfileMessage(message, t),
    });
  };

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const failing = editableProfileFields.filter((field) => errors[field]);
    for (const field of failing) openSection(sectionOf[field]);
    setEditingFields((current) => new Set([...current, ...failing]));
    const first = failing[0];
    const message = first ? fieldErrorMessage(errors[first]) : undefined;
    if (first && typeof message === 'string') showFieldProblem(first, message);
  };

  const onValid = async (submitted: ProfileFormValues) => {
    if (!isDevpostVerified(submitted.devpostUsername, profile.devpostUsername, verifiedDevpost?.username ?? null)) {
      form.setError('devpostUsername', { type: 'verify', message: profileMessages.devpostNotVerified });
      showFieldProblem('devpostUsername', profileMessages.devpostNotVerified);
      return;
    }
    const payload = schema.parse(submitted);
    const disconnectGithub = shouldDisconnectGithub(submitted.githubUsername, profile.github?.username ?? null);
    setSaving(true);
    try {
      let updated: StudentProfile;
      try {
        updated = await updateProfile(payload);
      } catch (error) {
        const fields = serverFieldErrors(error);
        const known = fields ? editableProfileFields.filter((field) => fields[field]) : [];
        if (fields && known.length > 0) {
          for (const field of known) form.setError(field, { type: 'server', message: fields[field] });
          onInvalid(Object.fromEntries(known.map((field) => [field, { type: 'server', message: fields[field] }])));
          return;
        }
        console.error('[profile] could not save the profile', error);
        toaster.create({
          type: 'error',
          title: t('toasts.updateError.title'),
          description: t('toasts.updateError.description'),
        });
        return;
      }
      // The success replaces a field's error toast still on screen: the problem it told of is fixed.
      toaster.dismiss(fieldProblemToastId);
      toaster.create({ type: 'success', title: t('toasts.profileUpdated') });

      if (disconnectGithub) {
        // Spec section 4: unlink the provider from the sign-in account, then delete the stored profile.
        await unlinkGithubProvider().catch((error: unknown) =>
          console.error('[profile] could not unlink GitHub', error),
        );
        try {
          await deleteGithub();
          updated = { ...updated, github: null };
          toaster.create({ type: 'info', title: t('toasts.githubDisconnected') });
        } catch (error) {
          console.error('[profile] could not delete the GitHub profile', error);
        }
      }

      if (verifiedDevpost && sameName(updated.devpostUsername, verifiedDevpost.username)) {
        try {
          const answer = await saveDevpost(verifiedDevpost.profile);
          if (answer.success) {
            updated = { ...updated, devpost: answer.data };
          } else {
            toaster.create({
              type: 'error',
              title: t('toasts.devpostNotSaved.title'),
              description: t('toasts.devpostNotSaved.description'),
            });
          }
        } catch (error) {
          console.error('[profile] could not save the Devpost profile', error);
          toaster.create({
            type: 'error',
            title: t('toasts.devpostSaveError'),
            description: t('toasts.devpostNotSaved.description'),
          });
        }
      }

      onProfileChange(updated);
      // The answer may come after the student has opened or typed in a field again: only what was sent and left
      // untouched since closes with its saved value; the rest stays open with what was typed.
      const current = form.getValues();
      const typedSince = changedFields(current, submitted);
      const openWhenSent = editingFields;
      form.reset(valuesAfterSave(updated, submitted, current));
      setEditingFields(
        (open) => new Set([...open].filter((field) => !openWhenSent.has(field) || typedSince.includes(field))),
      );
      if (!typedSince.includes('devpostUsername')) {
        setVerifiedDevpost(null);
        setVerifyError(null);
      }
    } finally {
      setSaving(false);
    }
  };

  const onCancel = () => {
    form.reset(saved);
    setEditingFields(new Set());
    setVerifiedDevpost(null);
    setVerifyError(null);
    toaster.create({ type: 'info', title: t('toasts.changesDiscarded') });
  };

  const onDevpostUsernameChange = () => {
    // Spec section 4: a changed username is unverified until verified again.
    setVerifiedDevpost(null);
    setVerifyError(null);
  };

  const onVerify = async () => {
    const username = form.getValues('devpostUsername').trim();
    if (!username) {
      toaster.create({ type: 'error', title: t('toasts.devpostUsernameRequired') });
      return;
    }
    setVerifying(true);
    setVerifyError(null);
    try {
      const answer = await verifyDevpost(username);
      if (answer.success) {
        setVerifiedDevpost({ username, profile: answer.data });
        form.clearErrors('devpostUsername');
        toaster.create({
          type: 'success',
          title: t('toasts.devpostVerified.title'),
          description: t('toasts.devpostVerified.description', {
            projects: answer.data.stats.projectCount,
            hackathons: answer.data.stats.hackathonCount,
          }),
        });
      } else {
        // A refused username carries its validation message; every other failure is told by its code.
        const message =
          answer.code === 'invalid_request' ? translateProfileMessage(answer.error, t) : errorCodeText(t, answer.code);
        setVerifyError(message);
        toaster.create({ type: 'error', title: t('toasts.verificationFailed.title'), description: message });
      }
    } catch (error) {
      console.error('[profile] Devpost verification failed', error);
      setVerifyError(t('toasts.verificationFailed.description'));
      toaster.create({
        type: 'error',
        title: t('toasts.verificationFailed.title'),
        description: t('toasts.verificationFailed.description'),
      });
    } finally {
      setVerifying(false);
    }
  };

  const onConnect = async () => {
    setConnecting(true);
    setConnectError(null);
    try {
      const token = await obtainGithubAccessToken();
      const github = await connectGithub(token);
      onProfileChange({ ...profile, github, githubUsername: github.username });
      form.setValue('githubUsername', github.username);
      form.clearErrors('githubUsername');
      setEditingFields((current) => {
        const next = new Set(current);
        next.delete('githubUsername');
        return next;
      });
      toaster.create({ type: 'success', title: t('toasts.githubConnected') });
    } catch (error) {
      const code = authErrorCode(error);
      if (code && popupDismissed.has(code)) return;
      console.error('[profile] GitHub connection failed', error);
      setConnectError(t('toasts.connectionFailed.description'));
      toaster.create({
        type: 'error',
        title: t('toasts.connectionFailed.title'),
        description: t('toasts.connectionFailed.description'),
      });
    } finally {
      setConnecting(false);
    }
  };

  return (
    <FormProvider {...form}>
      <FieldEditingContext.Provider value={editing}>
        {/* noValidate: the shared schema judges the values, not the browser's own URL and phone checks. */}
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} data-testid="account-form">
          <Stack gap="6">
            <Accordion.Root
              multiple
              value={openSections}
              onValueChange={(details) => setOpenSections(details.value)}
              variant="enclosed"
              size="md"
            >
              <ProfileSection id="personal" title={t('sections.personal')}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <NameEditor profile={profile} readOnly={readOnly} onSaved={onProfileChange} />
                  <ReadOnlyField testId="field-email" label={t('fields.email')} value={profile.email} />
                  <EditableTextField name="phone" inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel' }} />
                  <EditableTextField name="school" inputProps={{ autoComplete: 'organization' }} />
                  <EditableTextField name="program" />
                  <EditableTextField name="graduationYear" inputProps={{ inputMode: 'numeric', maxLength: 4 }} />
                  <EditableTextField name="linkedinUrl" inputProps={{ type: 'url', inputMode: 'url' }} />
                  <EditableTextField name="portfolioUrl" inputProps={{ type: 'url', inputMode: 'url' }} />
                </SimpleGrid>
              </ProfileSection>
              <ProfileSection id="connections" title={t('sections.connections')}>
                <Stack gap="8">
                  <GithubConnection
                    github={profile.github}
                    connecting={connecting}
                    connectError={connectError}
                    onConnect={() => void onConnect()}
                  />
                  <DevpostConnection
                    devpost={shownDevpost}
                    verified={devpostVerified}
                    verifying={verifying}
                    verifyError={verifyError}
                    onVerify={() => void onVerify()}
                    onUsernameChange={onDevpostUsernameChange}
                  />
                </Stack>
              </ProfileSection>
              <ProfileSection id="skills" title={t('sections.skills')}>
                <SkillsEditor />
              </ProfileSection>
              <ProfileSection id="preferences" title={t('sections.preferences')}>
                <JobPreferencesEditor />
              </ProfileSection>
              <ProfileSection id="resume" title={t('sections.resume')}>
                <ResumeSection profile={profile} readOnly={readOnly} onUploaded={onProfileChange} />
              </ProfileSection>
            </Accordion.Root>
            {!readOnly && changes.length > 0 ? (
              <SaveBar changes={changes.length} saving={saving} onCancel={onCancel} />
            ) : null}
          </Stack>
        </form>
      </FieldEditingContext.Provider>
    </FormProvider>
  );
}
