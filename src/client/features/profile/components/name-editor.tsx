import { Field, HStack, IconButton, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPencil } from 'react-icons/lu';
import { maxPersonNameLength, profileNameSchema, type ProfileName } from '../../../../shared/profile/profile-schema.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { updateProfileName } from '../api/update-profile-name.ts';
import { serverFieldErrors } from '../api/update-profile.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';

type NameValues = { firstName: string; lastName: string };

/** One toast for the name: a success replaces a failure still on screen. */
export const nameToastId = 'profile-name';

/**
 * First and last name on /account: read-only until "Edit name", then saved on their own (PATCH /api/profile/name;
 * trimmed, 1-50 letters, spaces, hyphens and apostrophes), apart from the Save/Cancel bar of the other fields.
 */
export function NameEditor({
  profile,
  readOnly,
  onSaved,
}: {
  profile: StudentProfile;
  readOnly: boolean;
  onSaved: (profile: StudentProfile) => void;
}) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const defaults = { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' };
  const form = useForm<NameValues, unknown, ProfileName>({
    resolver: zodResolver(profileNameSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const cancel = () => {
    form.reset(defaults);
    setEditing(false);
  };

  const save = form.handleSubmit(
    async (name) => {
      try {
        const updated = await updateProfileName(name);
        toaster.dismiss(nameToastId);
        toaster.create({ id: `${nameToastId}-saved`, type: 'success', title: t('name.saved') });
        onSaved(updated);
        form.reset({ firstName: updated.firstName ?? '', lastName: updated.lastName ?? '' });
        setEditing(false);
      } catch (error) {
        const fields = serverFieldErrors(error);
        const known = fields ? (['firstName', 'lastName'] as const).filter((field) => fields[field]) : [];
        for (const field of known) form.setError(field, { type: 'server', message: fields![field] });
        if (known.length === 0) console.error('[profile] could not save the name', error);
        toaster.create({
          id: nameToastId,
          type: 'error',
          closable: true,
          title: t('name.invalid'),
          description:
            known.length > 0 ? translateProfileMessage(fields![known[0]!]!, t) : t('toasts.updateError.description'),
        });
      }
    },
    (invalid) => {
      const message = invalid.firstName?.message ?? invalid.lastName?.message;
      toaster.create({
        id: nameToastId,
        type: 'error',
        closable: true,
        title: t('name.invalid'),
        description: message ? translateProfileMessage(message, t) : undefined,
      });
    },
  );

  if (!editing) {
    return (
      <Stack gap="1" gridColumn={{ md: 'span 2' }} data-testid="field-name">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {(['firstName', 'lastName'] as const).map((field, index) => (
            <Field.Root key={field} readOnly data-testid={`field-${field}`}>
              <Field.Label>{t(`fields.${field}`)}</Field.Label>
              {/* The edit button sits inside the field, so on a 375 px phone the name keeps its full width. */}
              <InputGroup
                endElementProps={{ pe: '0.5', pointerEvents: 'auto' }}
                endElement={
                  !readOnly && index === 1 ? (
                    <IconButton
                      type="button"
                      variant="ghost"
                      colorPalette="gray"
                      size="sm"
                      css={touchTarget}
                      aria-label={t('name.edit')}
                      title={t('name.edit')}
                      onClick={() => {
                        setEditing(true);
                        requestAnimationFrame(() => form.setFocus('firstName'));
                      }}
                      data-testid="edit-name"
                    >
                      <LuPencil />
                    </IconButton>
                  ) : null
                }
              >
                <Input
                  value={profile[field] ?? ''}
                  readOnly
                  variant="subtle"
                  placeholder={t('fields.notSet')}
                  css={touchTarget}
                />
              </InputGroup>
            </Field.Root>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    // Not a <form>: it sits inside the account form; Enter in a name field saves the name only.
    <Stack gap="3" gridColumn={{ md: 'span 2' }} data-testid="field-name" data-editing="true">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {(['firstName', 'lastName'] as const).map((field) => (
          <Field.Root key={field} invalid={!!errors[field]} required data-testid={`field-${field}`}>
            <Field.Label>
              {t(`fields.${field}`)}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              {...form.register(field)}
              maxLength={maxPersonNameLength + 10}
              autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
              css={touchTarget}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void save();
                }
              }}
            />
            {errors[field]?.message ? (
              <Field.ErrorText>{translateProfileMessage(errors[field].message, t)}</Field.ErrorText>
            ) : null}
          </Field.Root>
        ))}
      </SimpleGrid>
      <Field.Root>
        <Field.HelperText>{t('name.rule')}</Field.HelperText>
      </Field.Root>
      <HStack gap="2">
        <Button
          type="button"
          size="sm"
          css={touchTarget}
          loading={isSubmitting}
          loadingText={t('saveBar.saving')}
          onClick={() => void save()}
          data-testid="save-name"
        >
          {t('name.save')}
        </Button>
        <Button type="button" size="sm" css={touchTarget} variant="outline" onClick={cancel} disabled={isSubmitting}>
          {t('saveBar.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
