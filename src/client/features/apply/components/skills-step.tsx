import { Checkbox, Field, Fieldset, HStack, Input, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { maxSkills } from '../../../../shared/profile/skills.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSkillDraft } from '../../profile/index.ts';

const sameSkill = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Asked when the job lists required skills and the profile lists none: the job's skills to tick, and any other typed
 * in (the profile's rules: at most 15, no duplicates). Optional; an application without skills is not scored on them.
 */
export function SkillsStep({
  jobSkills,
  value,
  onChange,
}: {
  jobSkills: readonly string[];
  value: string[];
  onChange: (skills: string[]) => void;
}) {
  const { t } = useTranslation('apply');
  const { draft, setDraft, message, setMessage, add, onKeyDown } = useSkillDraft(value, onChange);
  const full = value.length >= maxSkills;
  const others = value.filter((skill) => !jobSkills.some((jobSkill) => sameSkill(jobSkill, skill)));

  function toggle(skill: string, checked: boolean) {
    setMessage(null);
    onChange(checked ? [...value, skill] : value.filter((item) => !sameSkill(item, skill)));
  }

  return (
    <Stack gap="6" data-testid="skills-step">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium">{t('skills.fromJob')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('skills.fromJobHelp')}</Fieldset.HelperText>
        <Wrap gap="2" mt="2">
          {jobSkills.map((skill) => {
            const checked = value.some((item) => sameSkill(item, skill));
            return (
              <Checkbox.Root
                key={skill}
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(details) => toggle(skill, details.checked === true)}
                borderWidth="1px"
                rounded="l2"
                px="3"
                minH="11"
                data-testid="job-skill-choice"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{skill}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Wrap>
      </Fieldset.Root>

      <Field.Root invalid={Boolean(message)}>
        <Field.Label>{t('skills.other')}</Field.Label>
        <HStack w="full">
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('skills.placeholder')}
            disabled={full}
            minH="11"
          />
          <Button variant="outline" onClick={add} minH="11" disabled={full}>
            <LuPlus aria-hidden />
            {t('skills.add')}
          </Button>
        </HStack>
        {message ? (
          <Field.ErrorText>{message}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('skills.help', { max: maxSkills })}</Field.HelperText>
        )}
      </Field.Root>

      {others.length > 0 ? (
        <Wrap gap="2" data-testid="other-skills">
          {others.map((skill) => (
            <Tag.Root key={skill} size="lg" colorPalette="brand">
              <Tag.Label>{skill}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={t('skills.remove', { skill })} onClick={() => toggle(skill, false)} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('skills.count', { count: value.length, max: maxSkills })}
      </Text>
    </Stack>
  );
}
