import { Field, Input, Textarea, type InputProps } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useApplyMessage } from '../hooks/use-apply-message.ts';
import type { DraftAnswers } from '../db/apply-records.ts';

interface TextFieldProps extends Omit<InputProps, 'name'> {
  name: keyof DraftAnswers;
  label: string;
  helper?: string;
  required?: boolean;
}

/** One labelled input of the wizard, with its (translated) schema error. */
export function TextField({ name, label, helper, required = false, ...inputProps }: TextFieldProps) {
  const translateMessage = useApplyMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext<DraftAnswers>();
  const error = errors[name]?.message;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...inputProps} {...register(name)} />
      {error ? <Field.ErrorText>{translateMessage(error)}</Field.ErrorText> : null}
      {!error && helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** The cover letter: Enter makes a new line, it never submits. */
export function TextAreaField({ name, label, helper, required = false }: Pick<TextFieldProps, 'name' | 'label' | 'helper' | 'required'>) {
  const translateMessage = useApplyMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext<DraftAnswers>();
  const error = errors[name]?.message;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea rows={10} autoresize maxH="30rem" {...register(name)} />
      {error ? <Field.ErrorText>{translateMessage(error)}</Field.ErrorText> : null}
      {!error && helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
