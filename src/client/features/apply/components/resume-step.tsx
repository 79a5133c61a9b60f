import { Box, Field, HStack, Icon, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFileText, LuUpload } from 'react-icons/lu';
import {
  applicationResumeFileError,
  type SavedResumeChoice,
} from '../../../../shared/applications/application-schema.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type { ResumeChoice, StoredResumeFile } from '../../../db/records/apply-records.ts';

interface ResumeStepProps {
  /** The profile's saved resume, if it has one. */
  profileResume: (SavedResumeChoice & { name: string }) | null;
  choice: ResumeChoice | null;
  onChange: (choice: ResumeChoice | null) => void;
  /** Shown under a chosen file: the offer to fill the profile from it, when the profile is empty. */
  autofill?: ReactNode;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Step 4: the profile's resume or a new PDF (drag and drop or file picker), under 5 MB (spec section 5). */
export function ResumeStep({ profileResume, choice, onChange, autofill }: ResumeStepProps) {
  const { t } = useTranslation('apply');
  const translateMessage = useApplyMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'saved' | 'file' | null>(choice?.kind ?? (profileResume ? null : 'file'));
  // The uploaded file survives switching to the profile resume and back.
  const [file, setFile] = useState<StoredResumeFile | null>(choice?.kind === 'file' ? choice.file : null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function choose(next: 'saved' | 'file') {
    setMode(next);
    if (next === 'saved' && profileResume) {
      onChange({ kind: 'saved', resume: { id: profileResume.id, url: profileResume.url }, name: profileResume.name });
    } else {
      onChange(file ? { kind: 'file', file } : null);
    }
  }

  async function accept(picked: File | undefined) {
    if (!picked) return;
    const error = applicationResumeFileError(picked);
    if (error) {
      setFileError(error);
      return;
    }
    setFileError(null);
    const stored: StoredResumeFile = {
      name: picked.name,
      type: picked.type || 'application/pdf',
      size: picked.size,
      lastModified: picked.lastModified,
      bytes: await picked.arrayBuffer(),
    };
    setFile(stored);
    setMode('file');
    onChange({ kind: 'file', file: stored });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  }

  return (
    <Stack gap="5">
      {profileResume ? (
        <RadioGroup.Root
          value={mode}
          onValueChange={(details) => {
            if (details.value === 'saved' || details.value === 'file') choose(details.value);
          }}
          aria-label={t('resume.choiceLabel')}
        >
          <Stack gap="3">
            <RadioGroup.Item value="saved">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t('resume.useProfile', { name: profileResume.name })}</RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="file">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t('resume.uploadNew')}</RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>
      ) : null}

      {mode === 'file' ? (
        <Field.Root invalid={Boolean(fileError)}>
          <Box
            w="full"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? 'brand.solid' : 'border'}
            bg={dragging ? 'brand.subtle' : 'bg.subtle'}
            rounded="l3"
            p="6"
            textAlign="center"
            data-testid="resume-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Stack align="center" gap="2">
              <Icon as={LuUpload} boxSize="8" color="fg.muted" aria-hidden />
              <Text fontWeight="medium">{t('resume.dropHere')}</Text>
              <Text textStyle="sm" color="fg.muted">
                {t('resume.rules')}
              </Text>
              <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
                {t('resume.choose')}
              </Button>
              <input
                ref={inputRef}
                type="file"
                accept="application/pdf,.pdf"
                hidden
                aria-label={t('resume.inputLabel')}
                onChange={(event) => {
                  void accept(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Stack>
          </Box>
          {fileError ? <Field.ErrorText>{translateMessage(fileError)}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}

      {mode === 'file' && file ? (
        <HStack borderWidth="1px" rounded="l2" p="3" gap="3" data-testid="resume-file">
          <Icon as={LuFileText} boxSize="5" color="brand.fg" aria-hidden />
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {file.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatSize(file.size)}
            </Text>
          </Stack>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setFile(null);
              onChange(null);
            }}
          >
            {t('resume.remove')}
          </Button>
        </HStack>
      ) : null}
      {mode === 'file' && file ? autofill : null}
    </Stack>
  );
}
