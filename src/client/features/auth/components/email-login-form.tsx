import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { emailLoginSchema, type EmailLogin, type EmailLoginInput } from '../../../../shared/schemas/email-login.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { requestEmailLink } from '../email-link.ts';
import { describeLoginError, loginLinkSent } from '../../../lib/session/login-errors.ts';

interface EmailLoginFormProps {
  redirectUrl: string;
  defaultEmail?: string;
  onBack: () => void;
  onSent: (email: string) => void;
}

/** Email mode of the login screen: one field, 'Login' sends the one-time link. */
export function EmailLoginForm({ redirectUrl, defaultEmail = '', onBack, onSent }: EmailLoginFormProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailLoginInput, unknown, EmailLogin>({
    resolver: zodResolver(emailLoginSchema),
    defaultValues: { email: defaultEmail, redirectUrl },
  });

  const submit = handleSubmit(async ({ email, redirectUrl: destination }) => {
    try {
      await requestEmailLink(email, destination);
      toaster.create({
        type: 'success',
        title: t(loginLinkSent.titleKey),
        description: t(loginLinkSent.descriptionKey),
      });
      onSent(email);
    } catch (error) {
      console.error('[auth] could not send the sign-in link', error);
      const message = describeLoginError(error);
      toaster.create({ type: 'error', title: t(message.titleKey), description: t(message.descriptionKey) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)} disabled={isSubmitting}>
          <Field.Label>{t('emailForm.label')}</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            placeholder={t('emailForm.placeholder')}
            {...register('email')}
          />
          {/* The schema carries the spec's English text; the translation is chosen here. */}
          <Field.ErrorText>{t('validation.invalidEmail')}</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          {t('emailForm.help')}
        </Text>
        <Button type="submit" size="lg" w="full" loading={isSubmitting}>
          {t('emailForm.submit')}
        </Button>
        <Button type="button" variant="ghost" w="full" onClick={onBack} disabled={isSubmitting}>
          <LuArrowLeft aria-hidden />
          {t('emailForm.back')}
        </Button>
      </Stack>
    </form>
  );
}
