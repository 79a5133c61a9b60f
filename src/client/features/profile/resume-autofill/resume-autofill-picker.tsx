import { Input, Stack, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import type { ResumeAutofill } from './use-resume-autofill.tsx';

interface ResumeAutofillPickerProps {
  autofill: ResumeAutofill;
  /** 'any': a PDF or a resume.json; 'json': a resume.json only (the PDF has its own upload button). */
  accept: 'any' | 'json';
  label: string;
  icon?: ReactNode;
  variant?: ButtonVariant;
}

/** A button that picks a resume and reads it on this device for the review sheet (nothing is uploaded). */
export function ResumeAutofillPicker({
  autofill,
  accept,
  label,
  icon,
  variant = 'outline',
}: ResumeAutofillPickerProps) {
  const { t } = useTranslation('account');
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="1" align="start">
      <Input
        ref={inputRef}
        type="file"
        accept={accept === 'json' ? 'application/json,.json' : 'application/pdf,.pdf,application/json,.json'}
        display="none"
        aria-label={label}
        data-testid={accept === 'json' ? 'resume-json-input' : 'autofill-input'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void autofill.readFile(file);
        }}
      />
      <Button
        variant={variant}
        minH="11"
        loading={autofill.reading}
        loadingText={t('autofill.reading')}
        onClick={() => inputRef.current?.click()}
        data-reader-ready={autofill.ready}
        data-testid={accept === 'json' ? 'resume-json-button' : 'autofill-button'}
      >
        {icon}
        {label}
      </Button>
      {autofill.problem ? (
        <Text color="fg.error" textStyle="sm" role="alert" data-testid="autofill-problem">
          {autofill.problem}
        </Text>
      ) : null}
      {autofill.dialog}
    </Stack>
  );
}
