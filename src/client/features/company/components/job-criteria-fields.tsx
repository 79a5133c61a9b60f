import {
  Card,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { typeHasTerms } from '../../../../shared/company/company-api.ts';
import { degreeLevels, jobFamilies, sponsorshipValues } from '../../../../shared/jobs/job-criteria.ts';
import { useTermLabel } from '../../jobs/index.ts';
import { termChoices, type JobFormValues } from '../job-form-model.ts';

/** A checkbox per value, two columns from `sm` up, each a full-height touch target. */
function Checklist<Value extends string>({
  values,
  checked,
  onChange,
  label,
  testId,
}: {
  values: readonly Value[];
  checked: readonly string[];
  onChange: (next: Value[]) => void;
  label: (value: Value) => string;
  testId: string;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="1" data-testid={testId}>
      {values.map((value) => (
        <Checkbox.Root
          key={value}
          value={value}
          minH="11"
          checked={checked.includes(value)}
          onCheckedChange={(details) =>
            onChange(values.filter((other) => (other === value ? details.checked === true : checked.includes(other))))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label(value)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * The job form's "who it is for" card: the role family (required), the terms (internships only), the degrees
 * accepted (none: any degree) and whether the job sponsors work visas. Labels of families, degrees and terms are the
 * board's (`jobs` namespace), so the portal and the board say the same words.
 */
export function JobCriteriaFields({ savedTerms }: { savedTerms: readonly string[] }) {
  const { t } = useTranslation(['company', 'jobs']);
  const termLabel = useTermLabel();
  const { control, register, formState } = useFormContext<JobFormValues>();
  const type = useWatch({ control, name: 'type' });
  const terms = useMemo(() => termChoices(new Date(), savedTerms), [savedTerms]);
  const errorText = (key: string | undefined) => (key ? t(`jobForm.errors.${key}`, { defaultValue: key }) : null);
  const familyError = errorText(formState.errors.family?.message);
  const termsError = errorText(formState.errors.terms?.message);

  return (
    <Card.Root variant="outline" data-testid="job-criteria-fields">
      <Card.Body gap="5">
        <Heading as="h2" size="md">
          {t('jobForm.sections.criteria')}
        </Heading>
        <Field.Root invalid={Boolean(familyError)} required>
          <Field.Label>
            {t('jobForm.family')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('family')} minH="11">
              <option value="">{t('jobForm.familyPlaceholder')}</option>
              {jobFamilies.map((family) => (
                <option key={family} value={family}>
                  {t(`jobs:criteria.family.${family}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {familyError ? (
            <Field.ErrorText>{familyError}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('jobForm.familyHelp')}</Field.HelperText>
          )}
        </Field.Root>

        {typeHasTerms(type) ? (
          <Fieldset.Root invalid={Boolean(termsError)}>
            <Fieldset.Legend>{t('jobForm.terms')}</Fieldset.Legend>
            <Fieldset.HelperText>{t('jobForm.termsHelp')}</Fieldset.HelperText>
            <Controller
              control={control}
              name="terms"
              render={({ field }) => (
                <Checklist
                  values={terms}
                  checked={field.value}
                  onChange={field.onChange}
                  label={termLabel}
                  testId="job-terms"
                />
              )}
            />
            {termsError ? <Fieldset.ErrorText>{termsError}</Fieldset.ErrorText> : null}
          </Fieldset.Root>
        ) : null}

        <Fieldset.Root>
          <Fieldset.Legend>{t('jobForm.degreeLevels')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('jobForm.degreeLevelsHelp')}</Fieldset.HelperText>
          <Controller
            control={control}
            name="degreeLevels"
            render={({ field }) => (
              <Checklist
                values={degreeLevels}
                checked={field.value}
                onChange={field.onChange}
                label={(level) => t(`jobs:criteria.degree.${level}`)}
                testId="job-degrees"
              />
            )}
          />
        </Fieldset.Root>

        <Controller
          control={control}
          name="sponsorship"
          render={({ field }) => (
            <RadioGroup.Root
              value={field.value}
              onValueChange={(detail) => field.onChange(detail.value)}
              name="sponsorship"
              data-testid="job-sponsorship-choice"
            >
              <Stack gap="2">
                <RadioGroup.Label>{t('jobForm.sponsorship')}</RadioGroup.Label>
                <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '6' }}>
                  {sponsorshipValues.map((value) => (
                    <RadioGroup.Item key={value} value={value} minH="11">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`jobForm.sponsorshipChoices.${value}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </Stack>
            </RadioGroup.Root>
          )}
        />
      </Card.Body>
    </Card.Root>
  );
}
