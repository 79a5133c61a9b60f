import { z } from 'zod';
import { textPolicy } from './text-policy.ts';

/** Spec section 5: the email sign-in request. The same messages are shown by the form and returned by any handler. */
export const emailLoginMessages = {
  invalidEmail: 'Invalid email address',
} as const;

export const emailLoginSchema = z.object({
  // Trimmed first so a pasted address with a trailing space is not refused.
  email: z
    .string()
    .check(textPolicy())
    .trim()
    .pipe(z.email({ error: emailLoginMessages.invalidEmail })),
  redirectUrl: z.string().check(textPolicy()).optional(),
});

export type EmailLoginInput = z.input<typeof emailLoginSchema>;
export type EmailLogin = z.output<typeof emailLoginSchema>;
