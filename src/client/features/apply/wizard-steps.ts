import { parseSkillsText } from '../../../shared/profile/skills.ts';
import { applicationSteps, type ApplicationStep } from '../../../shared/applications/application-schema.ts';

/**
 * The wizard's steps: the five of the spec, with two more before Job Details when the job calls for them: Skills
 * (the job lists required skills and the profile lists none, so the match does not count what was never asked) and
 * Questions (the job's screening questions).
 */
export type WizardStep = ApplicationStep | 'skills' | 'questions';

export function wizardSteps({ askSkills, askQuestions }: { askSkills: boolean; askQuestions: boolean }): WizardStep[] {
  const steps: WizardStep[] = [...applicationSteps];
  const extra: WizardStep[] = [
    ...(askSkills ? ['skills' as const] : []),
    ...(askQuestions ? ['questions' as const] : []),
  ];
  steps.splice(steps.indexOf('jobDetails'), 0, ...extra);
  return steps;
}

/**
 * Whether to ask for skills: the job requires some and the profile lists none (`profileSkills` is the profile's
 * comma-separated text; null when the profile could not be read).
 */
export function shouldAskSkills(jobSkills: readonly string[], profileSkills: string | null): boolean {
  return jobSkills.length > 0 && (profileSkills === null || parseSkillsText(profileSkills).length === 0);
}
