import { Field, HStack, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuUndo2 } from 'react-icons/lu';
import type { ReactNode } from 'react';
import type { ProfileFormValues, ProfileTextField } from '../profile-form.ts';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { useFieldEditing } from './field-editing-context.ts';

interface EditableTextFieldProps {
  name: ProfileTextField;
  inputProps?: InputProps;
  /** Called with each keystroke's value (Devpost and GitHub drop their verification on a change). */
  onValueChange?: (value: string) => void;
  /** Buttons placed after the field (Verify, Connect). */
  actions?: ReactNode;
  helperText?: ReactNode;
}

/** Spec section 4: read-only until its edit button is pressed; a discard button reverts it to the saved value. */
export function EditableTextField({ name, inputProps, onValueChange, actions, helperText }: EditableTextFieldProps) {
  const { t } = useTranslation('account');
  const { register, formState } = useFormContext<ProfileFormValues>();
  const editing = useFieldEditing();
  const isEditing = editing.isEditing(name);
  const label = t(`fields.${name}`);
  const error = formState.errors[name]?.message;
  const registration = register(name, {
    onChange: (event: { target: { value: string } }) => onValueChange?.(event.target.value),
  });

  return (
    <Field.Root invalid={!!error} data-testid={`field-${name}`} data-editing={isEditing ? 'true' : 'false'}>
      <Field.Label>{label}</Field.Label>
      {/* The edit and discard buttons sit inside the field, so on a 375 px phone the text keeps its full width. */}
      <HStack gap="2" w="full" align="start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
        <InputGroup
          flex="1"
          minW={{ base: 'full', sm: '0' }}
          endElementProps={{ pe: '0.5', pointerEvents: 'auto' }}
          endElement={
            editing.readOnly ? null : isEditing ? (
              <IconButton
                variant="ghost"
                colorPalette="gray"
                size="sm"
                css={touchTarget}
                aria-label={t('fields.discard', { field: label })}
                title={t('fields.discard', { field: label })}
                onClick={() => editing.discard(name)}
              >
                <LuUndo2 />
              </IconButton>
            ) : (
              <IconButton
                variant="ghost"
                colorPalette="gray"
                size="sm"
                css={touchTarget}
                aria-label={t('fields.edit', { field: label })}
                title={t('fields.edit', { field: label })}
                onClick={() => editing.edit(name)}
              >
                <LuPencil />
              </IconButton>
            )
          }
        >
          <Input
            {...registration}
            {...inputProps}
            readOnly={!isEditing}
            variant={isEditing ? 'outline' : 'subtle'}
            placeholder={isEditing ? t(`placeholders.${name}`) : t('fields.notSet')}
            css={touchTarget}
          />
        </InputGroup>
        {actions}
      </HStack>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{translateProfileMessage(error, t)}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** The e-mail: from the sign-in account, never editable here (spec section 2). */
export function ReadOnlyField({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { t } = useTranslation('account');
  return (
    <Field.Root readOnly data-testid={testId}>
      <Field.Label>{label}</Field.Label>
      <Input value={value ?? ''} readOnly variant="subtle" placeholder={t('fields.notSet')} />
      <Field.HelperText>{t('fields.readOnlyHint')}</Field.HelperText>
    </Field.Root>
  );
}
