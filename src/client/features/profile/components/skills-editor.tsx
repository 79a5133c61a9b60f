import { Box, Field, HStack, IconButton, Input, InputGroup, Tag, Text, Wrap } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuPlus, LuUndo2 } from 'react-icons/lu';
import { maxSkills, newSkillError } from '../../../../shared/profile/skills.ts';
import { toaster } from '../../../components/ui/toaster.tsx';
import type { ProfileFormValues } from '../profile-form.ts';
import { touchTarget } from '../../../components/ui/touch-target.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';
import { useFieldEditing } from './field-editing-context.ts';

// One toast for the editor, updated in place: adding ten skills must not queue ten toasts behind each other.
const skillsToastId = 'account-skills';

/** Spec section 5, skills: Enter adds; empty, duplicate (any case) and the 16th skill are refused with a message. */
export function SkillsEditor() {
  const { t } = useTranslation('account');
  const { control, setValue, formState, clearErrors } = useFormContext<ProfileFormValues>();
  const skills = useWatch({ control, name: 'skills' });
  const editing = useFieldEditing();
  const isEditing = editing.isEditing('skills');
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const formError = formState.errors.skills?.message ?? formState.errors.skills?.root?.message;
  const shownError = message ?? formError ?? null;

  const update = (next: string[]) => {
    setValue('skills', next, { shouldDirty: true });
    clearErrors('skills');
  };

  const add = () => {
    const error = newSkillError(skills, draft);
    if (error) {
      setMessage(error);
      return;
    }
    update([...skills, draft.trim()]);
    setDraft('');
    setMessage(null);
    toaster.create({ id: skillsToastId, type: 'success', title: t('toasts.skillAdded') });
  };

  const remove = (skill: string) => {
    update(skills.filter((candidate) => candidate !== skill));
    setMessage(null);
    toaster.create({ id: skillsToastId, type: 'info', title: t('toasts.skillRemoved') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a skill; it never submits the profile form.
    event.preventDefault();
    add();
  };

  const discard = () => {
    setDraft('');
    setMessage(null);
    editing.discard('skills');
  };

  return (
    <Field.Root invalid={!!shownError} data-testid="field-skills" data-editing={isEditing ? 'true' : 'false'}>
      <HStack justify="space-between" w="full">
        <Field.Label>
          {t('fields.skills')}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({t('skills.count', { count: skills.length, max: maxSkills })})
          </Text>
        </Field.Label>
        {editing.readOnly ? null : isEditing ? (
          <IconButton
            size="sm"
            variant="outline"
            colorPalette="gray"
            aria-label={t('fields.discard', { field: t('fields.skills') })}
            title={t('fields.discard', { field: t('fields.skills') })}
            onClick={discard}
          >
            <LuUndo2 />
          </IconButton>
        ) : (
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="gray"
            aria-label={t('fields.edit', { field: t('fields.skills') })}
            title={t('fields.edit', { field: t('fields.skills') })}
            onClick={() => editing.edit('skills')}
          >
            <LuPencil />
          </IconButton>
        )}
      </HStack>
      {skills.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {t('skills.empty')}
        </Text>
      ) : (
        <Wrap gap="2" as="ul" aria-label={t('fields.skills')} data-testid="skills-list">
          {skills.map((skill) => (
            <Box as="li" key={skill} listStyleType="none">
              <Tag.Root size="lg" variant="subtle" colorPalette="brand">
                <Tag.Label>{skill}</Tag.Label>
                {isEditing ? (
                  <Tag.EndElement>
                    <Tag.CloseTrigger aria-label={t('skills.remove', { skill })} onClick={() => remove(skill)} />
                  </Tag.EndElement>
                ) : null}
              </Tag.Root>
            </Box>
          ))}
        </Wrap>
      )}
      {isEditing ? (
        // The add button sits inside the field, so on a 375 px phone the field keeps its full width.
        <InputGroup
          endElementProps={{ pe: '0.5', pointerEvents: 'auto' }}
          endElement={
            <IconButton
              variant="ghost"
              colorPalette="gray"
              size="sm"
              css={touchTarget}
              aria-label={t('skills.add')}
              title={t('skills.add')}
              onClick={add}
            >
              <LuPlus />
            </IconButton>
          }
        >
          <Input
            name="newSkill"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setMessage(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('placeholders.skill')}
            aria-label={t('placeholders.skill')}
            maxLength={80}
            css={touchTarget}
          />
        </InputGroup>
      ) : null}
      <Field.HelperText>{t('skills.description')}</Field.HelperText>
      {shownError ? <Field.ErrorText>{translateProfileMessage(shownError, t)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
