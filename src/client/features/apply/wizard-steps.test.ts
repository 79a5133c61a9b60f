import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../../shared/profile/student-profile.ts';
import { skillsSaveBack } from './application-prefill.ts';
import { shouldAskSkills, wizardSteps } from './wizard-steps.ts';

describe('wizardSteps', () => {
  it('keeps the five steps when the job asks nothing more', () => {
    expect(wizardSteps({ askSkills: false, askQuestions: false })).toEqual([
      'personal',
      'github',
      'hackathons',
      'resume',
      'jobDetails',
    ]);
  });

  it('puts Skills then Questions before Job Details', () => {
    expect(wizardSteps({ askSkills: true, askQuestions: true })).toEqual([
      'personal',
      'github',
      'hackathons',
      'resume',
      'skills',
      'questions',
      'jobDetails',
    ]);
    expect(wizardSteps({ askSkills: false, askQuestions: true }).at(-2)).toBe('questions');
  });
});

describe('shouldAskSkills', () => {
  it('asks when the job requires skills and the profile lists none (or is unknown)', () => {
    expect(shouldAskSkills(['Go'], '')).toBe(true);
    expect(shouldAskSkills(['Go'], ' , ')).toBe(true);
    expect(shouldAskSkills(['Go'], null)).toBe(true);
    expect(shouldAskSkills(['Go'], 'Rust')).toBe(false);
    expect(shouldAskSkills([], '')).toBe(false);
  });
});

describe('skillsSaveBack', () => {
  const profile = (skills: string) => ({ skills }) as StudentProfile;

  it('saves the wizard’s skills into a profile without any', () => {
    expect(skillsSaveBack(['Go', 'SQL'], profile(''))).toEqual(['Go', 'SQL']);
  });

  it('never overwrites skills the profile lists, saves nothing empty and nothing the profile refuses', () => {
    expect(skillsSaveBack(['Go'], profile('Rust'))).toBeNull();
    expect(skillsSaveBack([], profile(''))).toBeNull();
    expect(skillsSaveBack(['Go', 'go'], profile(''))).toBeNull();
  });
});
