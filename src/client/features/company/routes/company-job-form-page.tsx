import '../company-i18n.ts';
import {
  Card,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { jobTypes, jobVisibilities, type CompanyJob } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createJob, getJob, updateJob } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { JobCriteriaFields } from '../components/job-criteria-fields.tsx';
import { JobSkillsInput } from '../components/job-skills-input.tsx';
import { ScreeningQuestionsEditor } from '../components/screening-questions-editor.tsx';
import { useResource } from '../hooks/use-resource.ts';
import {
  currencies,
  emptyJobForm,
  jobFormSchema,
  jobToForm,
  toRequestFields,
  type JobFormValues,
} from '../job-form-model.ts';
import { useOrganization } from '../organization-context.ts';

const noTerms: readonly string[] = [];

function JobForm({ job }: { job: CompanyJob | null }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const { current } = useOrganization();
  const [submitting, setSubmitting] = useState<'draft' | 'published' | 'save' | null>(null);
  const form = useForm<JobFormValues>({
    resolver: zodResolver(jobFormSchema),
    defaultValues: job ? jobToForm(job) : emptyJobForm(),
    mode: 'onTouched',
  });
  const { register, handleSubmit, control, formState, setError } = form;
  const errors = formState.errors;
  const message = (name: FieldPath<JobFormValues>) => {
    const key = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return key ? t(`jobForm.errors.${key}`, { defaultValue: key }) : undefined;
  };

  async function save(values: JobFormValues, status: 'draft' | 'published' | null) {
    setSubmitting(status ?? 'save');
    try {
      const fields = toRequestFields(values);
      const saved = job
        ? await updateJob(job.id, fields)
        : await createJob({ organizationId: current.id, ...fields, status: status ?? 'draft' });
      toaster.create({
        type: 'success',
        title: job ? t('jobForm.saved') : status === 'published' ? t('jobForm.published') : t('jobForm.draftSaved'),
      });
      void navigate(`/company/jobs/${saved.id}`);
    } catch (error) {
      // A field the server refused (it checks again): shown beside the field when it names one.
      const fields =
        error instanceof ApiError && error.body && typeof error.body === 'object' && 'fields' in error.body
          ? (error.body.fields as Record<string, string>)
          : null;
      if (fields)
        for (const [name, text] of Object.entries(fields))
          setError(name as FieldPath<JobFormValues>, { message: text });
      toaster.create({ type: 'error', title: t('jobForm.saveFailed'), description: apiErrorText(t, error) });
      setSubmitting(null);
    }
  }

  const textField = (name: 'title' | 'location', required = true) => (
    <Field.Root invalid={Boolean(errors[name])} required={required}>
      <Field.Label>
        {t(`jobForm.${name}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...register(name)} minH="11" />
      {errors[name] ? <Field.ErrorText>{message(name)}</Field.ErrorText> : null}
    </Field.Root>
  );
  const longField = (name: 'description' | 'requirements') => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {t(`jobForm.${name}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea {...register(name)} rows={6} autoresize />
      {errors[name] ? (
        <Field.ErrorText>{message(name)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t(`jobForm.${name}Help`)}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit((values) => save(values, job ? null : 'draft'))} noValidate data-testid="job-form">
        <Stack gap="5">
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Heading as="h2" size="md">
                {t('jobForm.sections.basics')}
              </Heading>
              {textField('title')}
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                <Field.Root required>
                  <Field.Label>
                    {t('jobForm.type')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('type')} minH="11">
                      {jobTypes.map((type) => (
                        <option key={type} value={type}>
                          {t(`jobType.${type}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {textField('location')}
              </Grid>
              {longField('description')}
              {longField('requirements')}
              <Controller
                control={control}
                name="skills"
                render={({ field }) => (
                  <JobSkillsInput value={field.value} onChange={field.onChange} error={message('skills')} />
                )}
              />
            </Card.Body>
          </Card.Root>

          <JobCriteriaFields savedTerms={job?.terms ?? noTerms} />

          <ScreeningQuestionsEditor />

          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Heading as="h2" size="md">
                {t('jobForm.sections.datesPay')}
              </Heading>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                <Field.Root invalid={Boolean(errors.postingDate)} required>
                  <Field.Label>
                    {t('jobForm.postingDate')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="date" {...register('postingDate')} minH="11" />
                  {errors.postingDate ? <Field.ErrorText>{message('postingDate')}</Field.ErrorText> : null}
                </Field.Root>
                <Field.Root invalid={Boolean(errors.deadline)}>
                  <Field.Label>{t('jobForm.deadline')}</Field.Label>
                  <Input type="date" {...register('deadline')} minH="11" />
                  {errors.deadline ? (
                    <Field.ErrorText>{message('deadline')}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('jobForm.optional')}</Field.HelperText>
                  )}
                </Field.Root>
              </Grid>
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
                {(['salaryMin', 'salaryMax'] as const).map((name) => (
                  <Field.Root key={name} invalid={Boolean(errors[name])}>
                    <Field.Label>{t(`jobForm.${name}`)}</Field.Label>
                    <Input inputMode="numeric" {...register(name)} minH="11" />
                    {errors[name] ? (
                      <Field.ErrorText>{message(name)}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>{t('jobForm.optional')}</Field.HelperText>
                    )}
                  </Field.Root>
                ))}
                <Field.Root invalid={Boolean(errors.salaryCurrency)}>
                  <Field.Label>{t('jobForm.salaryCurrency')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('salaryCurrency')} minH="11">
                      <option value="">{t('jobForm.noCurrency')}</option>
                      {currencies.map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.salaryCurrency ? <Field.ErrorText>{message('salaryCurrency')}</Field.ErrorText> : null}
                </Field.Root>
              </Grid>
            </Card.Body>
          </Card.Root>

          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Controller
                control={control}
                name="visibility"
                render={({ field }) => (
                  <RadioGroup.Root
                    value={field.value}
                    onValueChange={(detail) => field.onChange(detail.value)}
                    name="visibility"
                  >
                    <RadioGroup.Label asChild>
                      <Heading as="h2" size="md" mb="3">
                        {t('jobForm.visibility')}
                      </Heading>
                    </RadioGroup.Label>
                    <Stack gap="3">
                      {jobVisibilities.map((visibility) => (
                        <RadioGroup.Item key={visibility} value={visibility} alignItems="flex-start" minH="11">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator mt="0.5" />
                          <Stack gap="0">
                            <RadioGroup.ItemText fontWeight="medium">
                              {t(`visibility.${visibility}.label`)}
                            </RadioGroup.ItemText>
                            <Text textStyle="sm" color="fg.muted">
                              {t(`visibility.${visibility}.description`)}
                            </Text>
                          </Stack>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                )}
              />
            </Card.Body>
          </Card.Root>

          <HStack justify="flex-end" gap="3" wrap="wrap">
            <Button asChild variant="ghost" minH="11">
              <RouterLink to={job ? `/company/jobs/${job.id}` : '/company'}>{t('common.cancel')}</RouterLink>
            </Button>
            {job ? (
              <Button type="submit" loading={submitting === 'save'} minH="11">
                {t('jobForm.save')}
              </Button>
            ) : (
              <>
                <Button
                  type="submit"
                  variant="outline"
                  loading={submitting === 'draft'}
                  disabled={submitting !== null}
                  minH="11"
                >
                  {t('jobForm.saveDraft')}
                </Button>
                <Button
                  type="button"
                  loading={submitting === 'published'}
                  disabled={submitting !== null}
                  minH="11"
                  onClick={() => void handleSubmit((values) => save(values, 'published'))()}
                >
                  {t('jobForm.publish')}
                </Button>
              </>
            )}
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** /company/jobs/new and /company/jobs/:jobId/edit. */
export default function CompanyJobFormPage() {
  const { t } = useTranslation('company');
  const { jobId } = useParams();
  const job = useResource(jobId ? `job:${jobId}` : 'job:new', (signal) =>
    jobId ? getJob(jobId, signal) : Promise.resolve(null),
  );

  useEffect(() => {
    document.title = `${jobId ? t('jobForm.editTitle') : t('jobForm.newTitle')} · ${t('brand')}`;
  }, [jobId, t]);

  return (
    <Stack gap="5" maxW="3xl" w="full" mx="auto">
      <Button asChild variant="ghost" alignSelf="flex-start" minH="11">
        <RouterLink to={jobId ? `/company/jobs/${jobId}` : '/company'}>
          <LuArrowLeft aria-hidden />
          {t('common.back')}
        </RouterLink>
      </Button>
      <Heading as="h1" size="2xl">
        {jobId ? t('jobForm.editTitle') : t('jobForm.newTitle')}
      </Heading>
      {job.status === 'loading' ? <LoadingRows rows={4} height="20" /> : null}
      {job.status === 'error' ? <ErrorPanel error={job.error} onRetry={job.reload} /> : null}
      {job.status === 'ready' ? <JobForm job={job.data} /> : null}
    </Stack>
  );
}
