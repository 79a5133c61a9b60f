import { type TextKind, textPolicyMessages, textPolicyProblem } from '../../../shared/schemas/text-policy.ts';

const keyByMessage = new Map<string, string>(
  Object.entries(textPolicyMessages).map(([key, message]) => [message, `tracker.textPolicy.${key}`]),
);

/**
 * The `applications` key of what the server's text policy would refuse in `value` (the same shared rule), so the
 * form says what to fix before sending; null when the text is fine.
 */
export function textPolicyKey(value: string, kind: TextKind = 'single-line'): string | null {
  const problem = textPolicyProblem(value, kind);
  return problem ? (keyByMessage.get(problem) ?? 'tracker.textPolicy.invalidCharacter') : null;
}
