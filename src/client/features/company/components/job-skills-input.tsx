import { Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { maxSkills } from '../../../../shared/profile/skills.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSkillDraft } from '../../profile/index.ts';

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
  const { draft, setDraft, message, add, onKeyDown } = useSkillDraft(value, onChange);

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
