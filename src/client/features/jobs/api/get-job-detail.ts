import { z } from 'zod';
import { apiJson } from '../../../lib/api-client.ts';
import {
  degreeLevelSchema,
  jobFamilySchema,
  sponsorshipSchema,
  termKeyPattern,
} from '../../../../shared/jobs/job-criteria.ts';
import { publicScreeningQuestionSchema } from '../../../../shared/screening/screening-questions.ts';

// Spec section 3: job type and location are free text, and dates may be missing or in any format (an unparseable
// one is shown as is), so everything but the title is lenient here.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const dateValue = z
  .union([z.string(), z.number(), z.object({ _seconds: z.number() }).loose()])
  .nullish()
  .transform((value) => value ?? null);

const publicJobSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  slug: optionalText,
  title: z.string(),
  type: optionalText,
  location: optionalText,
  description: optionalText,
  requirements: optionalText,
  postingDate: dateValue,
  endPostingDate: dateValue,
  // Criteria (issue 25): a copy saved on the device before they existed, or a value this version does not know,
  // reads as not stated rather than failing the whole page.
  family: jobFamilySchema.nullable().catch(null),
  termKeys: z
    .array(z.unknown())
    .catch([])
    .transform((terms) =>
      terms.filter((term): term is string => typeof term === 'string' && termKeyPattern.test(term)),
    ),
  degreeLevels: z
    .array(z.unknown())
    .catch([])
    .transform((levels) =>
      levels.flatMap((level) => {
        const parsed = degreeLevelSchema.safeParse(level);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  sponsorship: sponsorshipSchema.catch('unknown'),
  skills: z
    .array(z.unknown())
    .catch([])
    .transform((skills) => skills.filter((skill): skill is string => typeof skill === 'string' && skill.trim() !== '')),
  /** Asked by the apply wizard; a copy kept before questions existed, or one this version cannot read, has none. */
  screeningQuestions: z.array(publicScreeningQuestionSchema).catch([]),
});

const organizationSchema = z
  .object({
    name: z.string(),
    logo: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
  })
  .nullish()
  .transform((value) => value ?? null);

type ParsedPublicJob = z.output<typeof publicJobSchema>;
type CriteriaFields = 'family' | 'termKeys' | 'degreeLevels' | 'sponsorship' | 'skills' | 'screeningQuestions';
/** A job as read from the API, or from a copy saved on the device (not parsed again: older copies lack the criteria). */
export type PublicJob = Omit<ParsedPublicJob, CriteriaFields> & Partial<Pick<ParsedPublicJob, CriteriaFields>>;

/** The public job view (spec section 3): `{job, organization}`. */
export type PublicJobView = {
  job: PublicJob;
  organization: z.output<typeof organizationSchema>;
};
export type JobDateValue = PublicJob['postingDate'];

/** Invitation (`token`) or shared link (`sharedId`) parameters a job link may carry (spec section 2). */
export interface JobAccess {
  token?: string | null;
  sharedId?: string | null;
}

/** `?token=…&sharedId=…` with only the values present, or '' when there are none. */
export function jobAccessQuery(access: JobAccess): string {
  const params = new URLSearchParams();
  if (access.token) params.set('token', access.token);
  if (access.sharedId) params.set('sharedId', access.sharedId);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Spec section 3: the answer may be wrapped as `{job, organization}` or be the job itself. */
export function parsePublicJobView(body: unknown): PublicJobView {
  const wrapped = body !== null && typeof body === 'object' && 'job' in body;
  const record = (wrapped ? body : { job: body }) as { job?: unknown; organization?: unknown };
  return { job: publicJobSchema.parse(record.job), organization: organizationSchema.parse(record.organization) };
}

/** `GET /api/public/jobs/{idOrSlug}`, without authentication in the spec's terms (public), carrying token/sharedId. */
export async function getJobDetail(slug: string, access: JobAccess, signal?: AbortSignal): Promise<PublicJobView> {
  const body = await apiJson<unknown>(`/public/jobs/${encodeURIComponent(slug)}${jobAccessQuery(access)}`, { signal });
  return parsePublicJobView(body);
}
