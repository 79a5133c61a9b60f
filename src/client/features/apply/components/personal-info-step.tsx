import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { applicationGraduationYears } from '../../../../shared/applications/application-schema.ts';
import { TextField } from './form-fields.tsx';

/** Step 1: required names, e-mail (fixed to the account's), phone, university, major, graduation year; optional links. */
export function PersonalInfoStep() {
  const { t } = useTranslation('apply');
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <TextField name="firstName" label={t('fields.firstName')} required autoComplete="given-name" />
        <TextField name="lastName" label={t('fields.lastName')} required autoComplete="family-name" />
      </SimpleGrid>
      <TextField
        name="email"
        label={t('fields.email')}
        required
        type="email"
        readOnly
        helper={t('fields.emailHelper')}
        bg="bg.muted"
      />
      <TextField name="phone" label={t('fields.phone')} required type="tel" autoComplete="tel" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <TextField name="university" label={t('fields.university')} required autoComplete="organization" />
        <TextField name="major" label={t('fields.major')} required />
      </SimpleGrid>
      <TextField
        name="graduationYear"
        label={t('fields.graduationYear')}
        required
        type="number"
        inputMode="numeric"
        min={applicationGraduationYears.min}
        max={applicationGraduationYears.max}
        step={1}
      />
      <TextField
        name="linkedinUrl"
        label={t('fields.linkedinUrl')}
        type="url"
        placeholder="https://www.linkedin.com/in/username"
      />
      <TextField name="portfolioUrl" label={t('fields.portfolioUrl')} type="url" placeholder="https://example.com" />
    </Stack>
  );
}
