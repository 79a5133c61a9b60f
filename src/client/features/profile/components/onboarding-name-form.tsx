import { Card, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LuFileText } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { profileNameSchema, type ProfileName } from '../../../../shared/profile/profile-schema.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { updateProfileName } from '../api/update-profile-name.ts';
import { serverFieldErrors } from '../api/update-profile.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { ResumeAutofillPicker } from '../resume-autofill/resume-autofill-picker.tsx';
import { useResumeAutofill } from '../resume-autofill/use-resume-autofill.tsx';

type NameValues = { firstName: string; lastName: string };

/** Spec section 3: when the name is missing or 'User', the page asks for it before anything else. */
export function OnboardingNameForm({
  profile,
  onDone,
}: {
  profile: StudentProfile;
  onDone: (profile: StudentProfile) => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm<NameValues, unknown, ProfileName>({
    resolver: zodResolver(profileNameSchema),
    defaultValues: {
      firstName: profile.firstName?.trim().toLowerCase() === 'user' ? '' : (profile.firstName ?? ''),
      lastName: profile.lastName ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  // A resume can fill the name and the rest of the profile at once; the name saved, onboarding is over.
  const autofill = useResumeAutofill(profile, onDone);

  const onSubmit = form.handleSubmit(async (name) => {
    try {
      const updated = await updateProfileName(name);
      toaster.create({ type: 'success', title: t('toasts.nameSaved', { name: name.firstName }) });
      onDone(updated);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) {
        for (const field of ['firstName', 'lastName'] as const) {
          if (fields[field]) form.setError(field, { type: 'server', message: fields[field] });
        }
        return;
      }
      console.error('[profile] could not save the name', error);
      toaster.create({
        type: 'error',
        title: t('toasts.updateError.title'),
        description:
          error instanceof ApiError && error.status === 409 ? error.message : t('toasts.updateError.description'),
      });
    }
  });

  return (
    <Card.Root variant="outline" maxW="xl" data-testid="onboarding">
      <form noValidate onSubmit={onSubmit}>
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {t('onboarding.title')}
            </Heading>
            <Text color="fg.muted">{t('onboarding.description')}</Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {(['firstName', 'lastName'] as const).map((field) => (
              <Field.Root key={field} invalid={!!errors[field]} required>
                <Field.Label>
                  {t(`fields.${field}`)}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input {...form.register(field)} autoComplete={field === 'firstName' ? 'given-name' : 'family-name'} />
                {errors[field]?.message ? (
                  <Field.ErrorText>{translateProfileMessage(errors[field].message, t)}</Field.ErrorText>
                ) : null}
              </Field.Root>
            ))}
          </SimpleGrid>
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText={t('onboarding.saving')}>
            {t('onboarding.submit')}
          </Button>
          <Stack gap="2" borderTopWidth="1px" pt="5" data-testid="onboarding-autofill">
            <Text fontWeight="semibold">{t('autofill.onboardingTitle')}</Text>
            <Text color="fg.muted" textStyle="sm">
              {t('autofill.onboardingDescription')}
            </Text>
            <ResumeAutofillPicker
              autofill={autofill}
              accept="any"
              label={t('autofill.fromResume')}
              icon={<LuFileText aria-hidden />}
            />
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
