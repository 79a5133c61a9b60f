import { Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { maxSkills, newSkillError } from '../../../../shared/profile/skills.ts';
import { Button } from '../../../components/ui/button.tsx';
import { profileMessageKey } from '../../profile/index.ts';

/** Required skills of a job, with the profile's rules: Enter adds, no empty, duplicate (any case) or 16th skill. */
export function JobSkillsInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (skills: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('company');
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  function translate(text: string): string {
    const known = profileMessageKey(text);
    return known ? t(known.key, known.values ?? {}) : text;
  }

  function add() {
    const problem = newSkillError(value, draft);
    if (problem) {
      setMessage(translate(problem));
      return;
    }
    onChange([...value, draft.trim()]);
    setDraft('');
    setMessage(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds a skill; it never submits the job form.
    add();
  }

  const shown = message ?? error ?? null;
  return (
    <Field.Root invalid={Boolean(shown)}>
      <Field.Label>{t('jobForm.skills')}</Field.Label>
      <HStack w="full">
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('jobForm.skillsPlaceholder')}
          minH="11"
        />
        <Button variant="outline" onClick={add} minH="11" aria-label={t('jobForm.addSkill')}>
          <LuPlus aria-hidden />
        </Button>
      </HStack>
      {shown ? (
        <Field.ErrorText>{shown}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t('jobForm.skillsHelp', { max: maxSkills })}</Field.HelperText>
      )}
      {value.length > 0 ? (
        <Wrap gap="2" mt="2" data-testid="job-skills">
          {value.map((skill) => (
            <Tag.Root key={skill} size="lg" colorPalette="brand">
              <Tag.Label>{skill}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={t('jobForm.removeSkill', { skill })}
                  onClick={() => onChange(value.filter((item) => item !== skill))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
    </Field.Root>
  );
}
