import { z } from 'zod';
import { policyText } from '../schemas/text-policy.ts';

// Screening questions of a featured job (issue 28): asked in the apply wizard, answered with the application, shown to
// the organization. A yes/no or choice question may carry a "knockout" answer: an applicant who gives it is marked
// "knocked out" for the organization (never told, never refused). The knockout answer is the organization's only:
// the public job view carries the questions without it (`publicScreeningQuestion`).

export const screeningQuestionKinds = ['yes-no', 'text', 'choice'] as const;
export type ScreeningQuestionKind = (typeof screeningQuestionKinds)[number];

export const screeningLimits = {
  questions: 10,
  prompt: 300,
  option: 100,
  minOptions: 2,
  maxOptions: 10,
  /** A short-text question's answer: the organization picks a maximum up to this. */
  textMax: 1000,
  textDefault: 300,
} as const;

export const yesNoAnswers = ['yes', 'no'] as const;
export type YesNoAnswer = (typeof yesNoAnswers)[number];

/** Stable texts: the client translates them by matching (like the application's messages). */
export const screeningMessages = {
  promptRequired: 'Write the question',
  promptTooLong: `A question is at most ${screeningLimits.prompt} characters`,
  optionRequired: 'An option cannot be empty',
  optionTooLong: `An option is at most ${screeningLimits.option} characters`,
  optionsCount: `A choice question has ${screeningLimits.minOptions} to ${screeningLimits.maxOptions} options`,
  optionsUnique: 'Two options have the same text',
  tooManyQuestions: `A job has at most ${screeningLimits.questions} screening questions`,
  knockoutNotAnOption: 'The knockout answer must be one of the options',
  knockoutNotForText: 'A short-text question has no knockout answer',
  duplicateId: 'Two questions have the same id',
  answerRequired: 'Please answer this question',
  answerTooLong: 'This answer is too long',
  answerNotAnOption: 'Choose one of the options',
  answerNotYesNo: 'Answer yes or no',
  unknownQuestion: 'This question is not asked by the job',
} as const;

const questionId = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, { error: 'A question id is 1-40 lowercase letters, digits or hyphens' });

const prompt = policyText('single-line', { error: screeningMessages.promptRequired })
  .trim()
  .min(1, { error: screeningMessages.promptRequired })
  .max(screeningLimits.prompt, { error: screeningMessages.promptTooLong });

const option = policyText('single-line', { error: screeningMessages.optionRequired })
  .trim()
  .min(1, { error: screeningMessages.optionRequired })
  .max(screeningLimits.option, { error: screeningMessages.optionTooLong });

const base = { id: questionId, prompt, required: z.boolean().default(false) };

/** One question as the organization writes it (the company job form, PATCH /api/company/jobs/{id}). */
export const screeningQuestionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...base, kind: z.literal('yes-no'), knockout: z.enum(yesNoAnswers).nullable().default(null) }).strict(),
    z
      .object({
        ...base,
        kind: z.literal('text'),
        maxLength: z.number().int().min(1).max(screeningLimits.textMax).default(screeningLimits.textDefault),
      })
      .strict(),
    z
      .object({
        ...base,
        kind: z.literal('choice'),
        options: z
          .array(option)
          .min(screeningLimits.minOptions, { error: screeningMessages.optionsCount })
          .max(screeningLimits.maxOptions, { error: screeningMessages.optionsCount }),
        knockout: option.nullable().default(null),
      })
      .strict()
      .superRefine((question, context) => {
        const folded = question.options.map((text) => text.toLocaleLowerCase());
        if (new Set(folded).size !== folded.length)
          context.addIssue({ code: 'custom', path: ['options'], message: screeningMessages.optionsUnique });
        if (question.knockout !== null && !question.options.includes(question.knockout))
          context.addIssue({ code: 'custom', path: ['knockout'], message: screeningMessages.knockoutNotAnOption });
      }),
  ],
  { error: 'A question kind is yes-no, text or choice' },
);
export type ScreeningQuestion = z.output<typeof screeningQuestionSchema>;
export type ScreeningQuestionInput = z.input<typeof screeningQuestionSchema>;

/** A job's questions: at most 10, ids unique. */
export const screeningQuestionsSchema = z
  .array(screeningQuestionSchema)
  .max(screeningLimits.questions, { error: screeningMessages.tooManyQuestions })
  .superRefine((questions, context) => {
    const ids = questions.map((question) => question.id);
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', message: screeningMessages.duplicateId });
  });

/** A question as the applicant sees it: no knockout answer. */
export const publicScreeningQuestionSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), prompt: z.string(), required: z.boolean(), kind: z.literal('yes-no') }),
  z.object({
    id: z.string(),
    prompt: z.string(),
    required: z.boolean(),
    kind: z.literal('text'),
    maxLength: z.number(),
  }),
  z.object({
    id: z.string(),
    prompt: z.string(),
    required: z.boolean(),
    kind: z.literal('choice'),
    options: z.array(z.string()),
  }),
]);
export type PublicScreeningQuestion = z.infer<typeof publicScreeningQuestionSchema>;

export function publicScreeningQuestion(question: ScreeningQuestion): PublicScreeningQuestion {
  const { id, prompt: text, required } = question;
  if (question.kind === 'yes-no') return { id, prompt: text, required, kind: 'yes-no' };
  if (question.kind === 'text') return { id, prompt: text, required, kind: 'text', maxLength: question.maxLength };
  return { id, prompt: text, required, kind: 'choice', options: question.options };
}

/**
 * The answers sent with an application: question id -> the answer ('yes' / 'no', the text, or the option's text).
 * An empty string means "not answered". Shape only; `checkScreeningAnswers` judges them against the job's questions.
 */
export const screeningAnswersInputSchema = z
  .record(z.string().max(100), policyText('multi-line').max(screeningLimits.textMax * 4))
  .refine((answers) => Object.keys(answers).length <= screeningLimits.questions * 2, {
    error: 'Too many screening answers',
  });
export type ScreeningAnswersInput = z.infer<typeof screeningAnswersInputSchema>;

/** One answer as kept with the application: the question as it was asked, so later edits of the job never change it. */
export type ScreeningAnswer = {
  questionId: string;
  prompt: string;
  kind: ScreeningQuestionKind;
  /** null: an optional question left unanswered. */
  answer: string | null;
  /** The answer is the question's knockout answer. */
  knockout: boolean;
};

/** A question as the server holds it (with its knockout) or as the wizard sees it (without: nothing is marked). */
export type AskedQuestion = PublicScreeningQuestion & { knockout?: string | null };

export type ScreeningOutcome =
  { ok: true; answers: ScreeningAnswer[]; knockedOut: boolean } | { ok: false; problems: Record<string, string> };

/**
 * Judges the answers against the job's questions: every required question answered, a yes/no answered yes or no, a
 * choice among the options, a text within its length, no answer to a question the job does not ask. Problems are
 * keyed by question id. The knockout answers are marked; an application is never refused for one.
 */
export function checkScreeningAnswers(
  questions: readonly AskedQuestion[],
  input: ScreeningAnswersInput,
): ScreeningOutcome {
  const problems: Record<string, string> = {};
  const asked = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(input)) {
    if (!asked.has(id)) problems[id] = screeningMessages.unknownQuestion;
  }
  const answers: ScreeningAnswer[] = [];
  for (const question of questions) {
    const raw = input[question.id];
    const given = typeof raw === 'string' ? raw.trim() : '';
    if (given === '') {
      if (question.required) problems[question.id] = screeningMessages.answerRequired;
      answers.push({
        questionId: question.id,
        prompt: question.prompt,
        kind: question.kind,
        answer: null,
        knockout: false,
      });
      continue;
    }
    if (question.kind === 'yes-no' && !(yesNoAnswers as readonly string[]).includes(given)) {
      problems[question.id] = screeningMessages.answerNotYesNo;
    } else if (question.kind === 'choice' && !question.options.includes(given)) {
      problems[question.id] = screeningMessages.answerNotAnOption;
    } else if (question.kind === 'text' && [...given].length > question.maxLength) {
      problems[question.id] = screeningMessages.answerTooLong;
    }
    const knockout = question.kind !== 'text' && question.knockout != null && question.knockout === given;
    answers.push({ questionId: question.id, prompt: question.prompt, kind: question.kind, answer: given, knockout });
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, answers, knockedOut: answers.some((answer) => answer.knockout) };
}

/** The applicants list's screening filter. */
export const screeningFilters = ['passed', 'knocked-out'] as const;
export type ScreeningFilter = (typeof screeningFilters)[number];

/** The screening filter of a URL or a select, when it is one. */
export function screeningFilterOf(value: string | null | undefined): ScreeningFilter | undefined {
  return value && (screeningFilters as readonly string[]).includes(value) ? (value as ScreeningFilter) : undefined;
}

/** A new question's id (the client makes it when a question is added; the server only checks its shape). */
export function newScreeningQuestionId(random: () => string = () => crypto.randomUUID()): string {
  return `q-${random()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 12)}`;
}
