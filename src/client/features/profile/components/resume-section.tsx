import { Box, HStack, Input, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuFileJson, LuFileText, LuUpload } from 'react-icons/lu';
import {
  fromSecondsTimestamp,
  type ResumeReference,
  type StudentProfile,
} from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getResumeFile } from '../api/get-resume-file.ts';
import { uploadResume } from '../api/upload-resume.ts';
import { errorCodeText } from '../../../lib/api-error-text.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';
import { checkResumeFile } from '../resume-upload-check.ts';
import { ResumeAutofillPicker } from '../resume-autofill/resume-autofill-picker.tsx';
import { useResumeAutofill } from '../resume-autofill/use-resume-autofill.tsx';

interface ResumeSectionProps {
  profile: StudentProfile;
  readOnly: boolean;
  onUploaded: (profile: StudentProfile) => void;
}

// An object URL is kept alive long enough for the new tab to read it.
const objectUrlLifetimeMs = 60_000;

/** The server's refusals that name a rule the person can act on; anything else is "try again later". */
const resumeRuleCodes = new Set<ErrorCode>([
  'resume_not_pdf',
  'resume_name_invalid',
  'resume_too_large',
  'upload_in_progress',
]);

/** The main PDF resume: view it (fetched with the token, opened as a blob) and upload a new one with progress. */
export function ResumeSection({ profile, readOnly, onUploaded }: ResumeSectionProps) {
  const { t, i18n } = useTranslation('account');
  const resume: ResumeReference | null = profile.resume;
  const autofill = useResumeAutofill(profile, onUploaded);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Choosing the same file again must fire a change.
    event.target.value = '';
    if (!chosen) return;
    setError(null);
    const check = await checkResumeFile(chosen);
    if (!check.ok) {
      const message = translateProfileMessage(check.message, t);
      setError(message);
      toaster.create({
        type: 'error',
        title: check.kind === 'name' ? t('toasts.invalidFileName') : t('toasts.invalidFileType'),
        description: message,
      });
      return;
    }
    // Read on this device while it uploads: what the resume says is proposed for review, never saved unasked.
    void autofill.readFile(check.file);
    setUpload({ name: check.file.name, fraction: 0 });
    try {
      const profile = await uploadResume(check.file, (fraction) => setUpload({ name: check.file.name, fraction }));
      onUploaded(profile);
      toaster.create({ type: 'success', title: t('toasts.resumeUploaded') });
    } catch (failure) {
      console.error('[profile] resume upload failed', failure);
      // A rule the server names (wrong type, bad name, too large) is shown as is; anything else is "try again later".
      const known =
        failure instanceof ApiError && failure.code && resumeRuleCodes.has(failure.code)
          ? errorCodeText(t, failure.code)
          : null;
      setError(known ?? t('toasts.uploadError.description'));
      toaster.create({
        type: 'error',
        title: t('toasts.uploadError.title'),
        description: known ?? t('toasts.uploadError.description'),
      });
    } finally {
      setUpload(null);
    }
  };

  const viewResume = async () => {
    if (!resume) return;
    setOpening(true);
    try {
      const blob = await getResumeFile(resume.url);
      const url = URL.createObjectURL(
        blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
      );
      window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
    } catch (failure) {
      console.error('[profile] could not open the resume', failure);
      toaster.create({ type: 'error', title: t('toasts.resumeOpenError') });
    } finally {
      setOpening(false);
    }
  };

  const uploadedOn = resume
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(fromSecondsTimestamp(resume.uploadedAt))
    : null;
  const percent = upload ? Math.round(upload.fraction * 100) : 0;

  return (
    <Stack gap="4" data-testid="resume-section">
      <Text textStyle="sm" color="fg.muted">
        {t('resume.description')}
      </Text>
      {resume ? (
        <HStack gap="3" borderWidth="1px" rounded="l2" p="3" wrap="wrap" data-testid="current-resume">
          <Box color="brand.fg">
            <LuFileText aria-hidden size="24" />
          </Box>
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="medium" truncate data-testid="resume-name">
              <VisuallyHidden>{t('resume.current')}: </VisuallyHidden>
              {resume.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t('resume.uploadedOn', { date: uploadedOn })} ·{' '}
              {t('resume.size', { size: Math.max(1, Math.round(resume.size / 1024)) })}
            </Text>
          </Stack>
          {readOnly ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={viewResume}
              loading={opening}
              loadingText={t('resume.opening')}
            >
              <LuExternalLink aria-hidden />
              {t('resume.view')}
            </Button>
          )}
        </HStack>
      ) : (
        <Text color="fg.muted" data-testid="no-resume">
          {t('resume.none')}
        </Text>
      )}
      {upload ? (
        <Progress.Root value={percent} max={100} size="sm" data-testid="resume-progress">
          <HStack justify="space-between" mb="1">
            <Progress.Label textStyle="sm">{t('resume.uploading', { name: upload.name })}</Progress.Label>
            <Progress.ValueText textStyle="sm">{percent}%</Progress.ValueText>
          </HStack>
          <Progress.Track aria-label={t('resume.progress')}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {readOnly ? null : (
        <Stack gap="1" align="start">
          <Input
            ref={inputRef}
            type="file"
            accept="application/pdf,.pdf"
            display="none"
            aria-label={resume ? t('resume.replace') : t('resume.upload')}
            data-testid="resume-input"
            onChange={(event) => void onFileChosen(event)}
          />
          <Button onClick={() => inputRef.current?.click()} disabled={upload !== null}>
            <LuUpload aria-hidden />
            {resume ? t('resume.replace') : t('resume.upload')}
          </Button>
          <Text textStyle="xs" color="fg.muted">
            {t('resume.rules')}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {t('autofill.hint')}
          </Text>
          <ResumeAutofillPicker
            autofill={autofill}
            accept="json"
            label={t('autofill.importJson')}
            icon={<LuFileJson aria-hidden />}
          />
        </Stack>
      )}
      {readOnly ? (
        // Offline: nothing can be uploaded or saved, but a resume is still read on this device for review.
        <Stack gap="2" align="start" data-testid="offline-autofill">
          <Text textStyle="sm" color="fg.muted">
            {t('autofill.offlineHint')}
          </Text>
          <ResumeAutofillPicker
            autofill={autofill}
            accept="any"
            label={t('autofill.fromResume')}
            icon={<LuFileText aria-hidden />}
          />
        </Stack>
      ) : null}
      {error ? (
        <Text color="fg.error" textStyle="sm" role="alert" data-testid="resume-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
