import { describe, expect, it } from 'vitest';
import {
  checkScreeningAnswers,
  newScreeningQuestionId,
  publicScreeningQuestion,
  type ScreeningQuestion,
  screeningAnswersInputSchema,
  screeningMessages,
  screeningQuestionsSchema,
} from './screening-questions.ts';

const questions: ScreeningQuestion[] = screeningQuestionsSchema.parse([
  { id: 'q-visa', kind: 'yes-no', prompt: 'Do you need a visa?', required: true, knockout: 'yes' },
  { id: 'q-why', kind: 'text', prompt: 'Why us?', maxLength: 10 },
  {
    id: 'q-lang',
    kind: 'choice',
    prompt: 'Main language?',
    required: true,
    options: ['TypeScript', 'Go', 'COBOL'],
    knockout: 'COBOL',
  },
]);

describe('screeningQuestionsSchema', () => {
  it('fills the defaults: optional, no knockout, a 300-character text', () => {
    expect(screeningQuestionsSchema.parse([{ id: 'a', kind: 'text', prompt: ' Why? ' }])).toEqual([
      { id: 'a', kind: 'text', prompt: 'Why?', required: false, maxLength: 300 },
    ]);
    expect(screeningQuestionsSchema.parse([{ id: 'b', kind: 'yes-no', prompt: 'Ok?' }])[0]).toMatchObject({
      knockout: null,
      required: false,
    });
  });

  it.each([
    ['more than 10 questions', Array.from({ length: 11 }, (_, i) => ({ id: `q${i}`, kind: 'yes-no', prompt: 'Ok?' }))],
    ['two questions with one id', [1, 2].map(() => ({ id: 'same', kind: 'yes-no', prompt: 'Ok?' }))],
    ['an empty prompt', [{ id: 'a', kind: 'yes-no', prompt: '  ' }]],
    ['a prompt over 300 characters', [{ id: 'a', kind: 'yes-no', prompt: 'x'.repeat(301) }]],
    ['a choice with one option', [{ id: 'a', kind: 'choice', prompt: 'Pick', options: ['Only'] }]],
    [
      'a choice with 11 options',
      [{ id: 'a', kind: 'choice', prompt: 'Pick', options: Array.from({ length: 11 }, (_, i) => `o${i}`) }],
    ],
    ['two options with one text', [{ id: 'a', kind: 'choice', prompt: 'Pick', options: ['Go', 'go'] }]],
    [
      'a knockout that is not an option',
      [{ id: 'a', kind: 'choice', prompt: 'Pick', options: ['A', 'B'], knockout: 'C' }],
    ],
    ['a knockout on a text question', [{ id: 'a', kind: 'text', prompt: 'Why?', knockout: 'x' }]],
    ['a yes/no knockout that is not yes or no', [{ id: 'a', kind: 'yes-no', prompt: 'Ok?', knockout: 'maybe' }]],
    ['a text maximum over 1000', [{ id: 'a', kind: 'text', prompt: 'Why?', maxLength: 1001 }]],
    ['an unknown kind', [{ id: 'a', kind: 'essay', prompt: 'Why?' }]],
    ['an id with capitals', [{ id: 'Q1', kind: 'yes-no', prompt: 'Ok?' }]],
  ])('refuses %s', (_label, input) => {
    expect(screeningQuestionsSchema.safeParse(input).success).toBe(false);
  });

  it('makes ids the schema accepts', () => {
    const id = newScreeningQuestionId();
    expect(screeningQuestionsSchema.safeParse([{ id, kind: 'yes-no', prompt: 'Ok?' }]).success).toBe(true);
    expect(newScreeningQuestionId()).not.toBe(id);
  });
});

describe('publicScreeningQuestion', () => {
  it('never carries the knockout answer', () => {
    const views = questions.map(publicScreeningQuestion);
    for (const view of views) expect(view).not.toHaveProperty('knockout');
    expect(views[2]).toEqual({
      id: 'q-lang',
      kind: 'choice',
      prompt: 'Main language?',
      required: true,
      options: ['TypeScript', 'Go', 'COBOL'],
    });
  });
});

describe('checkScreeningAnswers', () => {
  it('keeps the answers with their questions and passes an applicant without knockout answers', () => {
    const outcome = checkScreeningAnswers(questions, { 'q-visa': 'no', 'q-lang': 'Go' });
    expect(outcome).toEqual({
      ok: true,
      knockedOut: false,
      answers: [
        { questionId: 'q-visa', prompt: 'Do you need a visa?', kind: 'yes-no', answer: 'no', knockout: false },
        { questionId: 'q-why', prompt: 'Why us?', kind: 'text', answer: null, knockout: false },
        { questionId: 'q-lang', prompt: 'Main language?', kind: 'choice', answer: 'Go', knockout: false },
      ],
    });
  });

  it('marks a knockout answer (yes/no or choice) without refusing the application', () => {
    const outcome = checkScreeningAnswers(questions, { 'q-visa': 'yes', 'q-lang': 'COBOL', 'q-why': 'Because' });
    expect(outcome.ok && outcome.knockedOut).toBe(true);
    expect(outcome.ok && outcome.answers.filter((answer) => answer.knockout).map((a) => a.questionId)).toEqual([
      'q-visa',
      'q-lang',
    ]);
  });

  it('names every problem by question id', () => {
    expect(
      checkScreeningAnswers(questions, {
        'q-visa': 'maybe',
        'q-why': 'x'.repeat(11),
        'q-other': 'hi',
        'q-lang': 'Rust',
      }),
    ).toEqual({
      ok: false,
      problems: {
        'q-visa': screeningMessages.answerNotYesNo,
        'q-why': screeningMessages.answerTooLong,
        'q-lang': screeningMessages.answerNotAnOption,
        'q-other': screeningMessages.unknownQuestion,
      },
    });
  });

  it('asks for the required questions, a blank answer counting as none', () => {
    expect(checkScreeningAnswers(questions, { 'q-visa': '  ' })).toEqual({
      ok: false,
      problems: { 'q-visa': screeningMessages.answerRequired, 'q-lang': screeningMessages.answerRequired },
    });
  });

  it('counts a text answer in characters, not UTF-16 units', () => {
    expect(checkScreeningAnswers(questions, { 'q-visa': 'no', 'q-lang': 'Go', 'q-why': '😀'.repeat(10) }).ok).toBe(
      true,
    );
  });

  it('accepts no answers when the job asks nothing', () => {
    expect(checkScreeningAnswers([], {})).toEqual({ ok: true, answers: [], knockedOut: false });
  });
});

describe('screeningAnswersInputSchema', () => {
  it('takes a map of texts and nothing else', () => {
    expect(screeningAnswersInputSchema.safeParse({ a: 'yes' }).success).toBe(true);
    expect(screeningAnswersInputSchema.safeParse({ a: 1 }).success).toBe(false);
    expect(screeningAnswersInputSchema.safeParse(['yes']).success).toBe(false);
    expect(screeningAnswersInputSchema.safeParse('yes').success).toBe(false);
  });
});
