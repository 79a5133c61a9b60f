import { Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';

// Messages are i18n keys of the `auth` namespace. Spec section 4: an empty answer raises 'Email is required'.
const confirmEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'callback.emailRequired' })
    .pipe(z.email({ error: 'validation.invalidEmail' })),
});

type ConfirmEmail = z.output<typeof confirmEmailSchema>;

interface ConfirmEmailFormProps {
  onConfirm: (email: string) => Promise<void>;
}

/** Asked when the link is opened where it was not requested (another browser or device): no stored email. */
export function ConfirmEmailForm({ onConfirm }: ConfirmEmailFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof confirmEmailSchema>, unknown, ConfirmEmail>({
    resolver: zodResolver(confirmEmailSchema),
    defaultValues: { email: '' },
  });

  return (
    <form onSubmit={handleSubmit(({ email }) => onConfirm(email))} noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)} disabled={isSubmitting}>
          <Field.Label>{t('emailForm.label')}</Field.Label>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus {...register('email')} />
          {errors.email?.message && <Field.ErrorText>{t(errors.email.message)}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" size="lg" w="full" loading={isSubmitting}>
          {t('callback.confirmSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
