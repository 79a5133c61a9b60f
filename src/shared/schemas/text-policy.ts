import { z } from 'zod';

// The one text policy for everything a person or a feed sends us. Text is stored, shown to other people and copied
// into e-mails, so characters that are invisible or change how the text around them is displayed are refused, with
// a message that says what to fix, rather than stored as sent (PostgreSQL cannot even hold NUL: that was a 500).
//
// - NUL, the other C0 controls, DEL and the C1 controls: refused everywhere; tab and line breaks only in multi-line
//   fields (a cover letter).
// - U+2028 / U+2029 (line and paragraph separators): line breaks that most software does not show as one; refused.
// - Bidirectional controls (U+202A-U+202E, U+2066-U+2069, LRM/RLM/ALM): refused in names and one-line identifiers,
//   where a right-to-left override makes "gpj.exe" read as "exe.jpg"; allowed in multi-line prose, where
//   right-to-left writers use the marks.
// - Lone surrogates (half of a UTF-16 pair, not a character at all): refused.
// - What is accepted is normalised to NFC, so "é" typed two ways is stored one way.
//
// Schemas opt in with `policyText(kind)` (a z.string() to chain .trim().min().max() on) or `.check(textPolicy(kind))`.

export const textPolicyMessages = {
  controlCharacter: 'Remove the invisible control characters from this text',
  lineBreak: 'This field must be on a single line',
  directionCharacter: 'Remove the text-direction characters from this text',
  invalidCharacter: 'This text contains an invalid character',
} as const;

export type TextKind = 'single-line' | 'multi-line';

// C0 except tab, LF, CR; DEL; C1. Written with escapes: the source file itself stays plain.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const lineBreaks = /[\t\n\r\u2028\u2029]/;
const paragraphSeparators = /[\u2028\u2029]/;
const directionCharacters = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/;
// With the u flag a lone surrogate is matched as its own code point, of category Cs.
const loneSurrogates = /\p{Cs}/u;

/** The first rule `value` breaks for a field of this kind, as the message to show; null when it is fine. */
export function textPolicyProblem(value: string, kind: TextKind = 'single-line'): string | null {
  if (loneSurrogates.test(value)) return textPolicyMessages.invalidCharacter;
  if (controlCharacters.test(value)) return textPolicyMessages.controlCharacter;
  if (kind === 'single-line') {
    if (lineBreaks.test(value)) return textPolicyMessages.lineBreak;
    if (directionCharacters.test(value)) return textPolicyMessages.directionCharacter;
  } else if (paragraphSeparators.test(value)) {
    return textPolicyMessages.controlCharacter;
  }
  return null;
}

/** A zod check for a string schema: `z.string().check(textPolicy('multi-line'))`. */
export function textPolicy(kind: TextKind = 'single-line') {
  return z.superRefine<string>((value, context) => {
    const problem = textPolicyProblem(value, kind);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value, abort: true });
  });
}

/**
 * A string under the text policy, normalised to NFC; chain `.trim().min().max()` as on z.string(). The policy runs
 * first (and aborts), so its message is the one a person sees.
 */
export function policyText(kind: TextKind = 'single-line', params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(textPolicy(kind)).normalize('NFC');
}

/**
 * For input without a schema of its own (path and query parameters, every string and key of a JSON body): the
 * characters no field accepts anywhere. Multi-line prose is the most permissive kind, so this never refuses what a
 * field's own schema would accept. Answers the message, or null.
 */
export function findForbiddenText(value: unknown, maxDepth = 64): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textPolicyProblem(current, 'multi-line');
      if (problem) return problem;
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth) return textPolicyMessages.invalidCharacter;
      for (const [key, child] of Object.entries(current)) {
        const problem = textPolicyProblem(key, 'multi-line');
        if (problem) return problem;
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}
