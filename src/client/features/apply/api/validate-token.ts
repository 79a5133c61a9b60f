import { z } from 'zod';
import { publicScreeningQuestionSchema } from '../../../../shared/screening/screening-questions.ts';
import { apiJson } from '../../../lib/api-client.ts';

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const tokenInfoSchema = z.object({
  applicant: z.object({ firstName: nullableText, lastName: nullableText, email: z.string() }),
  job: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    title: z.string(),
    type: nullableText,
    location: nullableText,
    description: nullableText,
    skills: z.array(z.string()).catch([]),
    screeningQuestions: z.array(publicScreeningQuestionSchema).catch([]),
  }),
  organization: z
    .object({ name: z.string(), logo: nullableText })
    .nullish()
    .transform((value) => value ?? null),
});

/** Spec section 3, token info for the wizard: applicant, job and organization of a private invitation. */
export type TokenInfo = z.output<typeof tokenInfoSchema>;

/** GET /api/applicants/validate/{token}: only the invited (signed-in) applicant may read it. */
export async function validateToken(token: string, signal?: AbortSignal): Promise<TokenInfo> {
  const body = await apiJson<unknown>(`/applicants/validate/${encodeURIComponent(token)}`, { signal });
  return tokenInfoSchema.parse(body);
}
