import { Field, Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type { DraftAnswers } from '../../../db/records/apply-records.ts';

interface FieldFrameProps {
  name: keyof DraftAnswers;
  label: string;
  helper?: string;
  required?: boolean;
}

interface TextFieldProps extends FieldFrameProps, Omit<InputProps, 'name' | 'required'> {}

/** Label, required mark and either the (translated) schema error or the helper text around one control. */
function FieldFrame({ name, label, helper, required = false, children }: FieldFrameProps & { children: ReactNode }) {
  const translateMessage = useApplyMessage();
  const {
    formState: { errors },
  } = useFormContext<DraftAnswers>();
  const error = errors[name]?.message;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{translateMessage(error)}</Field.ErrorText> : null}
      {!error && helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** One labelled input of the wizard, with its (translated) schema error. */
export function TextField({ name, label, helper, required, ...inputProps }: TextFieldProps) {
  const { register } = useFormContext<DraftAnswers>();
  return (
    <FieldFrame name={name} label={label} helper={helper} required={required}>
      <Input {...inputProps} {...register(name)} />
    </FieldFrame>
  );
}

/** The cover letter: Enter makes a new line, it never submits. */
export function TextAreaField({ name, label, helper, required }: FieldFrameProps) {
  const { register } = useFormContext<DraftAnswers>();
  return (
    <FieldFrame name={name} label={label} helper={helper} required={required}>
      <Textarea rows={10} autoresize maxH="30rem" {...register(name)} />
    </FieldFrame>
  );
}
