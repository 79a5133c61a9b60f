import { z } from 'zod';
import { textPolicy } from './text-policy.ts';

// POST /api/auth/create-account: the request the client sends after sign-in and the answer it gets.

export const emailAddressSchema = z
  .string({ error: 'An e-mail address is required' })
  .check(textPolicy())
  .trim()
  .min(1, { error: 'An e-mail address is required' })
  .max(254, { error: 'The e-mail address is too long' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const createAccountRequestSchema = z.object(
  { email: emailAddressSchema },
  { error: 'The request body must be a JSON object like {"email": "you@example.com"}' },
);

export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

export const accountUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  signInProvider: z.string(),
  studentId: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  lastSignInAt: z.iso.datetime({ offset: true }),
});

export type AccountUser = z.infer<typeof accountUserSchema>;

export const createAccountResponseSchema = z.object({ user: accountUserSchema });

export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

/** E-mail addresses compare case-insensitively in practice (providers lower-case them). */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
