import { Box, Card, Checkbox, Field, Grid, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Controller, useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  newScreeningQuestionId,
  screeningLimits,
  screeningQuestionKinds,
  yesNoAnswers,
} from '../../../../shared/screening/screening-questions.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { JobFormValues } from '../job-form-model.ts';

type QuestionErrors = Partial<Record<'prompt' | 'options' | 'knockout' | 'maxLength', FieldError>>;

function QuestionEditor({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('company');
  const { register, control, formState, trigger } = useFormContext<JobFormValues>();
  const kind = useWatch({ control, name: `screeningQuestions.${index}.kind` });
  const options = useFieldArray({ control, name: `screeningQuestions.${index}.options` });
  const optionTexts = useWatch({ control, name: `screeningQuestions.${index}.options` });
  // A question's problems show once its field was left or the form was sent: the form checks the whole list when a
  // question is added, and a new, empty question must not greet the member with an error (nor shift the layout).
  const allErrors = (formState.errors.screeningQuestions?.[index] ?? {}) as QuestionErrors;
  const touched = (formState.touchedFields.screeningQuestions?.[index] ?? {}) as Partial<
    Record<keyof QuestionErrors, unknown>
  >;
  const errors: QuestionErrors = Object.fromEntries(
    Object.entries(allErrors).filter(
      ([field]) => formState.isSubmitted || Boolean(touched[field as keyof QuestionErrors]),
    ),
  );
  const message = (error: FieldError | undefined) =>
    error?.message ? t(`jobForm.errors.${error.message}`, { defaultValue: error.message }) : undefined;
  const number = index + 1;

  return (
    <Box
      role="group"
      aria-labelledby={`screening-question-${index}`}
      borderWidth="1px"
      rounded="l2"
      p={{ base: '3', md: '4' }}
      data-testid="screening-question"
      minW="0"
    >
      <Stack gap="4">
        <HStack justify="space-between" gap="2">
          <Text id={`screening-question-${index}`} fontWeight="semibold">
            {t('jobForm.screening.questionNumber', { number })}
          </Text>
          <Button
            variant="ghost"
            colorPalette="red"
            minH="11"
            onClick={onRemove}
            aria-label={t('jobForm.screening.removeQuestion', { number })}
          >
            <LuTrash2 aria-hidden />
            {t('jobForm.screening.remove')}
          </Button>
        </HStack>
        <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="4">
          <Field.Root>
            <Field.Label>{t('jobForm.screening.kind')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register(`screeningQuestions.${index}.kind`)} minH="11">
                {screeningQuestionKinds.map((value) => (
                  <option key={value} value={value}>
                    {t(`jobForm.screening.kinds.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.prompt)} required>
            <Field.Label>
              {t('jobForm.screening.prompt')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register(`screeningQuestions.${index}.prompt`)} minH="11" maxLength={screeningLimits.prompt} />
            {errors.prompt ? <Field.ErrorText>{message(errors.prompt)}</Field.ErrorText> : null}
          </Field.Root>
        </Grid>

        {kind === 'text' ? (
          <Field.Root invalid={Boolean(errors.maxLength)} maxW={{ md: '15rem' }}>
            <Field.Label>{t('jobForm.screening.maxLength')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={screeningLimits.textMax}
              {...register(`screeningQuestions.${index}.maxLength`)}
              minH="11"
            />
            {errors.maxLength ? (
              <Field.ErrorText>{message(errors.maxLength)}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {t('jobForm.screening.maxLengthHelp', { max: screeningLimits.textMax })}
              </Field.HelperText>
            )}
          </Field.Root>
        ) : null}

        {kind === 'choice' ? (
          <Field.Root invalid={Boolean(errors.options)}>
            <Field.Label>{t('jobForm.screening.options')}</Field.Label>
            <Stack gap="2" w="full">
              {options.fields.map((option, optionIndex) => (
                <HStack key={option.id} gap="2">
                  <Input
                    {...register(`screeningQuestions.${index}.options.${optionIndex}.text`, {
                      // The list's own checks (enough options, no repeats) live on the list: a change to one option
                      // checks the list again, or its error outlives the fix (every option stayed red).
                      onChange: () => {
                        if (formState.errors.screeningQuestions?.[index]?.options)
                          void trigger(`screeningQuestions.${index}.options`);
                      },
                    })}
                    aria-label={t('jobForm.screening.optionLabel', { number: optionIndex + 1 })}
                    maxLength={screeningLimits.option}
                    minH="11"
                  />
                  <Button
                    variant="outline"
                    minH="11"
                    minW="11"
                    px="0"
                    aria-label={t('jobForm.screening.removeOption', { number: optionIndex + 1 })}
                    disabled={options.fields.length <= screeningLimits.minOptions}
                    onClick={() => options.remove(optionIndex)}
                  >
                    <LuTrash2 aria-hidden />
                  </Button>
                </HStack>
              ))}
              <Button
                variant="outline"
                alignSelf="flex-start"
                minH="11"
                disabled={options.fields.length >= screeningLimits.maxOptions}
                onClick={() => options.append({ text: '' })}
              >
                <LuPlus aria-hidden />
                {t('jobForm.screening.addOption')}
              </Button>
            </Stack>
            {errors.options ? (
              <Field.ErrorText>{message(errors.options)}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {t('jobForm.screening.optionsHelp', {
                  min: screeningLimits.minOptions,
                  max: screeningLimits.maxOptions,
                })}
              </Field.HelperText>
            )}
          </Field.Root>
        ) : null}

        {kind !== 'text' ? (
          <Field.Root invalid={Boolean(errors.knockout)}>
            <Field.Label>{t('jobForm.screening.knockout')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register(`screeningQuestions.${index}.knockout`)} minH="11">
                <option value="">{t('jobForm.screening.noKnockout')}</option>
                {kind === 'yes-no'
                  ? yesNoAnswers.map((answer) => (
                      <option key={answer} value={answer}>
                        {t(`jobForm.screening.answers.${answer}`)}
                      </option>
                    ))
                  : (optionTexts ?? [])
                      .map((option) => option.text.trim())
                      .filter((text, position, all) => text !== '' && all.indexOf(text) === position)
                      .map((text) => (
                        <option key={text} value={text}>
                          {text}
                        </option>
                      ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.knockout ? (
              <Field.ErrorText>{message(errors.knockout)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('jobForm.screening.knockoutHelp')}</Field.HelperText>
            )}
          </Field.Root>
        ) : null}

        <Controller
          control={control}
          name={`screeningQuestions.${index}.required`}
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              minH="11"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('jobForm.screening.required')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Stack>
    </Box>
  );
}

/** The job form's screening questions: up to 10, each yes/no, short text or a choice, with an optional knockout. */
export function ScreeningQuestionsEditor() {
  const { t } = useTranslation('company');
  const { control } = useFormContext<JobFormValues>();
  const questions = useFieldArray({ control, name: 'screeningQuestions', keyName: 'key' });

  return (
    <Card.Root variant="outline" data-testid="screening-editor">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t('jobForm.sections.screening')}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {t('jobForm.screening.help', { max: screeningLimits.questions })}
          </Text>
        </Stack>
        {questions.fields.map((question, index) => (
          <QuestionEditor key={question.key} index={index} onRemove={() => questions.remove(index)} />
        ))}
        <Button
          variant="outline"
          alignSelf="flex-start"
          minH="11"
          disabled={questions.fields.length >= screeningLimits.questions}
          onClick={() =>
            questions.append({
              id: newScreeningQuestionId(),
              kind: 'yes-no',
              prompt: '',
              required: true,
              maxLength: String(screeningLimits.textDefault),
              options: [{ text: '' }, { text: '' }],
              knockout: '',
            })
          }
        >
          <LuPlus aria-hidden />
          {t('jobForm.screening.add')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
