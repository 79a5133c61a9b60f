import { Field, Fieldset, HStack, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  type PublicScreeningQuestion,
  screeningMessages,
  yesNoAnswers,
} from '../../../../shared/screening/screening-questions.ts';
import type { ScreeningAnswers } from '../../../db/records/apply-records.ts';

/** Longer limits get a text area; short ones a single line. */
const textAreaFrom = 200;

function messageKey(message: string): string {
  const found = Object.entries(screeningMessages).find(([, text]) => text === message);
  return found ? `questions.messages.${found[0]}` : 'questions.messages.invalid';
}

interface QuestionsStepProps {
  questions: readonly PublicScreeningQuestion[];
  answers: ScreeningAnswers;
  onChange: (questionId: string, answer: string) => void;
  /** Problems by question id (the shared texts), from Next or Submit. */
  errors: Record<string, string>;
}

/** The job's screening questions: yes/no, a short text within its length, or one choice among the options. */
export function QuestionsStep({ questions, answers, onChange, errors }: QuestionsStepProps) {
  const { t } = useTranslation('apply');
  return (
    <Stack gap="6" data-testid="questions-step">
      {questions.map((question) => {
        const error = errors[question.id];
        const errorText = error ? t(messageKey(error)) : null;
        const value = answers[question.id] ?? '';
        const labelId = `question-${question.id}-label`;
        if (question.kind === 'text') {
          const long = question.maxLength > textAreaFrom;
          const control = {
            value,
            maxLength: question.maxLength,
            onChange: (event: { target: { value: string } }) => onChange(question.id, event.target.value),
          };
          return (
            <Field.Root key={question.id} invalid={Boolean(error)} required={question.required} data-testid="question">
              <Field.Label>
                {question.prompt}
                <Field.RequiredIndicator />
              </Field.Label>
              {long ? <Textarea {...control} rows={4} autoresize /> : <Input {...control} minH="11" />}
              {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
              <Field.HelperText>
                {t('questions.length', { count: [...value].length, max: question.maxLength })}
              </Field.HelperText>
            </Field.Root>
          );
        }
        const choices =
          question.kind === 'yes-no'
            ? yesNoAnswers.map((answer) => ({ value: answer, label: t(`questions.${answer}`) }))
            : question.options.map((option) => ({ value: option, label: option }));
        return (
          <Fieldset.Root key={question.id} invalid={Boolean(error)} data-testid="question">
            <Fieldset.Legend id={labelId} fontWeight="medium">
              {question.prompt}
              {question.required ? (
                <Text as="span" color="fg.error" ms="1" aria-hidden>
                  *
                </Text>
              ) : null}
            </Fieldset.Legend>
            {question.required ? <Fieldset.HelperText>{t('questions.required')}</Fieldset.HelperText> : null}
            <RadioGroup.Root
              value={value || null}
              onValueChange={(details) => onChange(question.id, details.value ?? '')}
              aria-labelledby={labelId}
              name={`question-${question.id}`}
            >
              <HStack
                gap={{ base: '2', sm: '4' }}
                wrap="wrap"
                align="stretch"
                flexDirection={question.kind === 'choice' ? 'column' : 'row'}
              >
                {choices.map((choice) => (
                  <RadioGroup.Item key={choice.value} value={choice.value} minH="11">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {errorText ? <Fieldset.ErrorText>{errorText}</Fieldset.ErrorText> : null}
          </Fieldset.Root>
        );
      })}
    </Stack>
  );
}
