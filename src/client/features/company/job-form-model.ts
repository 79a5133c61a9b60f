import { z } from 'zod';
import {
  companyLimits,
  jobFieldsProblems,
  jobTypes,
  jobVisibilities,
  maxJobTerms,
  typeHasTerms,
  type CompanyJob,
  type JobUpdateRequest,
} from '../../../shared/company/company-api.ts';
import {
  compareTerms,
  degreeLevels,
  isPastTerm,
  jobFamilies,
  type JobFamily,
  sponsorshipValues,
  type TermKey,
  termSeasons,
} from '../../../shared/jobs/job-criteria.ts';
import { skillListError } from '../../../shared/profile/skills.ts';
import {
  type ScreeningQuestion,
  type ScreeningQuestionInput,
  screeningLimits,
  screeningMessages,
  screeningQuestionSchema,
  screeningQuestionKinds,
} from '../../../shared/screening/screening-questions.ts';

// The job form works on text inputs; the request is built from them and the server checks it again with the shared
// schema. Messages are keys of the `company` namespace under `jobForm.errors`.

export const currencies = ['USD', 'CAD', 'EUR', 'GBP', 'CHF', 'AUD', 'INR', 'JPY'] as const;

const requiredText = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
const money = z
  .string()
  .trim()
  .regex(/^\d{0,9}$/, { error: 'wholeNumber' });

/** One screening question as the form edits it: every kind's fields kept while the kind changes back and forth. */
const screeningQuestionForm = z.object({
  id: z.string(),
  kind: z.enum(screeningQuestionKinds),
  prompt: z.string(),
  required: z.boolean(),
  maxLength: z.string(),
  options: z.array(z.object({ text: z.string() })),
  /** '' : no knockout answer. */
  knockout: z.string(),
});
export type ScreeningQuestionForm = z.input<typeof screeningQuestionForm>;

/** The key under `jobForm.errors.screening` for one of the shared screening texts. */
function screeningMessageKey(message: string): string {
  const found = Object.entries(screeningMessages).find(([, text]) => text === message);
  return found ? `screening.${found[0]}` : 'invalid';
}

export const jobFormSchema = z
  .object({
    title: requiredText(companyLimits.title),
    type: z.enum(jobTypes, { error: 'required' }),
    location: requiredText(companyLimits.location),
    description: requiredText(companyLimits.description),
    requirements: requiredText(companyLimits.requirements),
    postingDate: z.iso.date({ error: 'date' }),
    deadline: z.union([z.literal(''), z.iso.date({ error: 'date' })]),
    salaryMin: money,
    salaryMax: money,
    salaryCurrency: z.string(),
    skills: z.array(z.string()),
    visibility: z.enum(jobVisibilities),
    // '' until a family is chosen: the select starts on "Choose…" so nobody posts the first family by accident.
    family: z.union([z.literal(''), z.enum(jobFamilies)]).refine((family) => family !== '', { error: 'required' }),
    terms: z.array(z.string()),
    degreeLevels: z.array(z.enum(degreeLevels)),
    sponsorship: z.enum(sponsorshipValues),
    screeningQuestions: z.array(screeningQuestionForm),
  })
  .superRefine((form, context) => {
    const keys: Record<string, string> = {
      salaryMax: 'salaryOrder',
      salaryCurrency: 'currency',
      deadline: 'deadlineOrder',
    };
    for (const problem of jobFieldsProblems(toRequestFields(form))) {
      context.addIssue({ code: 'custom', path: [problem.path], message: keys[problem.path] ?? 'invalid' });
    }
    if (skillListError(form.skills)) context.addIssue({ code: 'custom', path: ['skills'], message: 'skills' });
    if (typeHasTerms(form.type) && form.terms.length > maxJobTerms)
      context.addIssue({ code: 'custom', path: ['terms'], message: 'tooManyTerms' });
    // Each question checked by the shared schema the server uses; its problems are shown beside the field at fault.
    for (const [index, question] of form.screeningQuestions.entries()) {
      const parsed = screeningQuestionSchema.safeParse(toScreeningQuestion(question));
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'prompt';
        context.addIssue({
          code: 'custom',
          path: ['screeningQuestions', index, field],
          message: screeningMessageKey(issue.message),
        });
      }
    }
    if (form.screeningQuestions.length > screeningLimits.questions)
      context.addIssue({ code: 'custom', path: ['screeningQuestions'], message: 'screening.tooManyQuestions' });
  });

/** The question the request carries: only the fields of its kind. */
export function toScreeningQuestion(form: ScreeningQuestionForm): ScreeningQuestionInput {
  const base = { id: form.id, prompt: form.prompt.trim(), required: form.required };
  if (form.kind === 'yes-no') {
    const knockout = form.knockout === 'yes' || form.knockout === 'no' ? form.knockout : null;
    return { ...base, kind: 'yes-no', knockout };
  }
  if (form.kind === 'text') {
    const maxLength = Number(form.maxLength);
    return {
      ...base,
      kind: 'text',
      maxLength: form.maxLength.trim() === '' || !Number.isInteger(maxLength) ? screeningLimits.textDefault : maxLength,
    };
  }
  const options = form.options.map((option) => option.text.trim());
  return {
    ...base,
    kind: 'choice',
    options,
    knockout: form.knockout && options.includes(form.knockout) ? form.knockout : null,
  };
}

export function screeningQuestionToForm(question: ScreeningQuestion): ScreeningQuestionForm {
  return {
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    required: question.required,
    maxLength: String(question.kind === 'text' ? question.maxLength : screeningLimits.textDefault),
    options: question.kind === 'choice' ? question.options.map((text) => ({ text })) : [{ text: '' }, { text: '' }],
    knockout: question.kind === 'text' ? '' : (question.knockout ?? ''),
  };
}

export type JobFormValues = z.input<typeof jobFormSchema>;

export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function emptyJobForm(): JobFormValues {
  return {
    title: '',
    type: 'Internship',
    location: '',
    description: '',
    requirements: '',
    postingDate: todayIso(),
    deadline: '',
    salaryMin: '',
    salaryMax: '',
    salaryCurrency: '',
    skills: [],
    visibility: 'public',
    family: '',
    terms: [],
    degreeLevels: [],
    sponsorship: 'unknown',
    screeningQuestions: [],
  };
}

export function jobToForm(job: CompanyJob): JobFormValues {
  return {
    title: job.title,
    type: (jobTypes as readonly string[]).includes(job.type) ? (job.type as JobFormValues['type']) : 'Internship',
    location: job.location,
    description: job.description,
    requirements: job.requirements,
    postingDate: job.postingDate.slice(0, 10),
    deadline: job.deadline ? job.deadline.slice(0, 10) : '',
    salaryMin: job.salaryMin === null ? '' : String(job.salaryMin),
    salaryMax: job.salaryMax === null ? '' : String(job.salaryMax),
    salaryCurrency: job.salaryCurrency ?? '',
    skills: job.skills,
    visibility: job.visibility,
    family: job.family ?? '',
    terms: job.terms,
    degreeLevels: job.degreeLevels,
    sponsorship: job.sponsorship,
    screeningQuestions: job.screeningQuestions.map(screeningQuestionToForm),
  };
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The fields of a create or update request, from the form's text. */
export function toRequestFields(form: JobFormValues) {
  return {
    title: form.title.trim(),
    type: form.type,
    location: form.location.trim(),
    description: form.description.trim(),
    requirements: form.requirements.trim(),
    postingDate: form.postingDate,
    deadline: form.deadline || null,
    salaryMin: numberOrNull(form.salaryMin),
    salaryMax: numberOrNull(form.salaryMax),
    salaryCurrency: form.salaryCurrency || null,
    skills: form.skills,
    visibility: form.visibility,
    // The form checks a family is chosen before it builds a request.
    family: form.family as JobFamily,
    // Kept in the form while the type changes back and forth, sent only for an internship.
    terms: typeHasTerms(form.type) ? form.terms : [],
    degreeLevels: form.degreeLevels,
    sponsorship: form.sponsorship,
    screeningQuestions: form.screeningQuestions.map(toScreeningQuestion),
  } satisfies JobUpdateRequest;
}

/**
 * The terms a job can be posted for: the next `count` terms that have not ended, then any the job already has
 * (an older job's past term stays listed, checked, so saving does not drop it unseen).
 */
export function termChoices(now: Date, selected: readonly string[] = [], count = 6): TermKey[] {
  const choices: TermKey[] = [];
  for (let year = now.getUTCFullYear(); choices.length < count; year++) {
    for (const season of termSeasons) {
      const term: TermKey = `${season}-${year}`;
      if (!isPastTerm(term, now) && choices.length < count) choices.push(term);
    }
  }
  const kept = selected.filter((term): term is TermKey => !choices.includes(term as TermKey));
  return [...kept, ...choices].sort(compareTerms);
}
