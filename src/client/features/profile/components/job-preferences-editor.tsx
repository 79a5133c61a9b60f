import {
  Box,
  Checkbox,
  CheckboxGroup,
  Combobox,
  Fieldset,
  HStack,
  IconButton,
  NativeSelect,
  Portal,
  RadioGroup,
  Stack,
  Tag,
  Text,
  useFilter,
  useListCollection,
  Wrap,
} from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuUndo2 } from 'react-icons/lu';
import { compareTerms, degreeLevels, jobFamilies, type TermKey } from '../../../../shared/jobs/job-criteria.ts';
import {
  comingTerms,
  countryCodes,
  maxAuthorizedCountries,
  maxTargetTerms,
  sponsorshipNeeds,
  type SponsorshipNeed,
} from '../../../../shared/profile/job-preferences.ts';
import type { Locale } from '../../../../shared/locale.ts';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { degreeLabel, familyLabel, termLabel } from '../../../lib/criteria-labels.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useNow } from '../../../lib/use-now.ts';
import { fieldErrorMessage, type PreferenceField, type ProfileFormValues } from '../profile-form.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { useFieldEditing } from './field-editing-context.ts';

// "What you are looking for": the criteria "jobs for you" and the board's "Match my profile" read. Each field is
// read-only until its edit button is pressed, like the rest of the page, and saved by the page's Save bar.

const sponsorshipKeys: Record<SponsorshipNeed, string> = {
  now: 'preferences.sponsorshipNow',
  future: 'preferences.sponsorshipFuture',
  no: 'preferences.sponsorshipNo',
};

/**
 * Legend, edit/discard button, the field's body, its helper and its error. A fieldset, not a Field: a Field gives its
 * one id to every input inside, and a label would then always check the first box of a list.
 */
function PreferenceField({
  name,
  helper,
  children,
}: {
  name: PreferenceField;
  helper?: string;
  children: (isEditing: boolean, label: string) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const { formState } = useFormContext<ProfileFormValues>();
  const editing = useFieldEditing();
  const isEditing = editing.isEditing(name);
  const label = t(`fields.${name}`);
  const error = fieldErrorMessage(formState.errors[name]);
  return (
    <Fieldset.Root invalid={!!error} data-testid={`field-${name}`} data-editing={isEditing ? 'true' : 'false'} gap="2">
      <HStack justify="space-between" w="full">
        <Fieldset.Legend textStyle="sm" fontWeight="medium" color="fg">
          {label}
        </Fieldset.Legend>
        {editing.readOnly ? null : (
          <IconButton
            size="sm"
            variant={isEditing ? 'outline' : 'ghost'}
            colorPalette="gray"
            css={touchTarget}
            aria-label={t(isEditing ? 'fields.discard' : 'fields.edit', { field: label })}
            title={t(isEditing ? 'fields.discard' : 'fields.edit', { field: label })}
            onClick={() => (isEditing ? editing.discard(name) : editing.edit(name))}
          >
            {isEditing ? <LuUndo2 /> : <LuPencil />}
          </IconButton>
        )}
      </HStack>
      {children(isEditing, label)}
      {helper && isEditing ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
      {error ? <Fieldset.ErrorText>{translateProfileMessage(error, t)}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/** The chosen values as tags, or "None chosen". */
function ChosenTags({ labels, testId }: { labels: string[]; testId: string }) {
  const { t } = useTranslation('account');
  if (labels.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm" data-testid={testId}>
        {t('preferences.none')}
      </Text>
    );
  }
  return (
    <Wrap gap="2" as="ul" data-testid={testId}>
      {labels.map((label) => (
        <Box as="li" key={label} listStyleType="none">
          <Tag.Root size="lg" variant="subtle" colorPalette="brand">
            <Tag.Label>{label}</Tag.Label>
          </Tag.Root>
        </Box>
      ))}
    </Wrap>
  );
}

/** Several choices among a few, as checkboxes; past `max`, the unchosen ones are disabled. */
function ChoiceList({
  name,
  options,
  max,
}: {
  name: 'targetTerms' | 'interests';
  options: Array<{ value: string; label: string }>;
  max: number;
}) {
  const { t } = useTranslation('account');
  const { control, setValue, clearErrors } = useFormContext<ProfileFormValues>();
  const chosen = useWatch({ control, name });
  return (
    <CheckboxGroup
      value={chosen}
      onValueChange={(value) => {
        setValue(name, value, { shouldDirty: true });
        clearErrors(name);
      }}
      aria-label={t(`fields.${name}`)}
    >
      <Wrap gap="2">
        {options.map((option) => (
          <Checkbox.Root
            key={option.value}
            value={option.value}
            disabled={chosen.length >= max && !chosen.includes(option.value)}
            borderWidth="1px"
            rounded="l2"
            px="3"
            minH="11"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
    </CheckboxGroup>
  );
}

function DegreeLevelField() {
  const { t } = useTranslation('account');
  const { register, control } = useFormContext<ProfileFormValues>();
  const value = useWatch({ control, name: 'degreeLevel' });
  return (
    <PreferenceField name="degreeLevel">
      {(isEditing, label) =>
        isEditing ? (
          <NativeSelect.Root>
            <NativeSelect.Field {...register('degreeLevel')} aria-label={label} css={touchTarget}>
              <option value="">{t('preferences.degreeNotSet')}</option>
              {degreeLevels.map((level) => (
                <option key={level} value={level}>
                  {degreeLabel(t, level)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Text color={value ? undefined : 'fg.muted'} data-testid="degree-level-value">
            {value ? degreeLabel(t, value) : t('fields.notSet')}
          </Text>
        )
      }
    </PreferenceField>
  );
}

function TargetTermsField() {
  const { t } = useTranslation('account');
  const { control } = useFormContext<ProfileFormValues>();
  const chosen = useWatch({ control, name: 'targetTerms' }) as TermKey[];
  const day = Math.floor(useNow() / 86_400_000);
  // The coming terms, and any chosen one that has passed since (so it can be taken off).
  const options = useMemo(() => {
    const terms = new Set<TermKey>([...comingTerms(new Date(day * 86_400_000)), ...chosen]);
    return [...terms].sort(compareTerms).map((term) => ({ value: term, label: termLabel(t, term) }));
  }, [day, chosen, t]);
  return (
    <PreferenceField name="targetTerms" helper={t('preferences.termsHelp', { max: maxTargetTerms })}>
      {(isEditing) =>
        isEditing ? (
          <ChoiceList name="targetTerms" options={options} max={maxTargetTerms} />
        ) : (
          <ChosenTags
            labels={[...chosen].sort(compareTerms).map((term) => termLabel(t, term))}
            testId="target-terms-value"
          />
        )
      }
    </PreferenceField>
  );
}

function InterestsField() {
  const { t } = useTranslation('account');
  const { control } = useFormContext<ProfileFormValues>();
  const chosen = useWatch({ control, name: 'interests' });
  const options = jobFamilies.map((family) => ({ value: family, label: familyLabel(t, family) }));
  return (
    <PreferenceField name="interests" helper={t('preferences.interestsHelp')}>
      {(isEditing) =>
        isEditing ? (
          <ChoiceList name="interests" options={options} max={jobFamilies.length} />
        ) : (
          <ChosenTags
            labels={jobFamilies.filter((family) => chosen.includes(family)).map((family) => familyLabel(t, family))}
            testId="interests-value"
          />
        )
      }
    </PreferenceField>
  );
}

type CountryItem = { value: string; label: string };

function countryItems(locale: Locale): CountryItem[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return countryCodes()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** A searchable list of every country, named in the interface language; the chosen ones show as removable tags. */
function CountryPicker({ chosen, onChange }: { chosen: string[]; onChange: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const items = useMemo(() => countryItems(locale), [locale]);
  const nameOf = useMemo(() => new Map(items.map((item) => [item.value, item.label])), [items]);
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({ initialItems: items, filter: contains });
  const full = chosen.length >= maxAuthorizedCountries;

  return (
    <Stack gap="2">
      {chosen.length > 0 ? (
        <Wrap gap="2" as="ul" aria-label={t('preferences.countries')} data-testid="countries-chosen">
          {chosen.map((code) => (
            <Box as="li" key={code} listStyleType="none">
              <Tag.Root size="lg" variant="subtle" colorPalette="brand">
                <Tag.Label>{nameOf.get(code) ?? code}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={t('preferences.removeCountry', { country: nameOf.get(code) ?? code })}
                    onClick={() => onChange(chosen.filter((candidate) => candidate !== code))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            </Box>
          ))}
        </Wrap>
      ) : null}
      <Combobox.Root
        multiple
        openOnClick
        // The chosen countries show as tags above; a list left open would cover the sponsorship question.
        closeOnSelect
        collection={collection}
        value={chosen}
        onValueChange={(details) => {
          // Past the limit only removals go through.
          if (details.value.length <= maxAuthorizedCountries || details.value.length < chosen.length) {
            onChange(details.value);
          }
          filter('');
        }}
        onInputValueChange={(details) => filter(details.inputValue)}
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>{t('preferences.countries')}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={t('preferences.countriesPlaceholder')} disabled={full} css={touchTarget} />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="64" data-testid="country-options">
              <Combobox.Empty>{t('preferences.countriesEmpty')}</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.value} item={item} css={touchTarget}>
                  <Combobox.ItemText>{item.label}</Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <Text color="fg.muted" textStyle="xs">
        {t('preferences.countriesHelp', { max: maxAuthorizedCountries })}
      </Text>
    </Stack>
  );
}

function WorkAuthorizationField() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { control, setValue, clearErrors } = useFormContext<ProfileFormValues>();
  const value = useWatch({ control, name: 'workAuthorization' });
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }), [locale]);
  const update = (next: ProfileFormValues['workAuthorization']) => {
    setValue('workAuthorization', next, { shouldDirty: true });
    clearErrors('workAuthorization');
  };
  return (
    <PreferenceField name="workAuthorization">
      {(isEditing) =>
        isEditing ? (
          <Stack gap="4" w="full">
            <CountryPicker
              chosen={value.authorizedIn}
              onChange={(authorizedIn) => update({ ...value, authorizedIn })}
            />
            <RadioGroup.Root
              value={value.needsSponsorship || null}
              onValueChange={(details) => {
                const need = sponsorshipNeeds.find((candidate) => candidate === details.value);
                if (need) update({ ...value, needsSponsorship: need });
              }}
              aria-labelledby="sponsorship-question"
            >
              <Stack gap="2">
                <Text id="sponsorship-question" fontWeight="medium" textStyle="sm">
                  {t('preferences.sponsorship')}
                </Text>
                <Wrap gap="4">
                  {sponsorshipNeeds.map((need) => (
                    <RadioGroup.Item key={need} value={need} minH="11">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(sponsorshipKeys[need])}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Wrap>
              </Stack>
            </RadioGroup.Root>
          </Stack>
        ) : (
          <Stack gap="2" data-testid="work-authorization-value">
            <ChosenTags labels={value.authorizedIn.map((code) => names.of(code) ?? code)} testId="countries-value" />
            <Text textStyle="sm">
              {t('preferences.sponsorship')}{' '}
              <Text as="span" fontWeight="medium">
                {value.needsSponsorship ? t(sponsorshipKeys[value.needsSponsorship]) : t('preferences.notSaid')}
              </Text>
            </Text>
          </Stack>
        )
      }
    </PreferenceField>
  );
}

/** The section's four fields. */
export function JobPreferencesEditor() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="6">
      <Text color="fg.muted" textStyle="sm">
        {t('preferences.description')}
      </Text>
      <DegreeLevelField />
      <TargetTermsField />
      <InterestsField />
      <WorkAuthorizationField />
    </Stack>
  );
}
