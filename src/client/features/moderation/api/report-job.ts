import type { JobReportCreated, JobReportRequest } from '../../../../shared/moderation/moderation-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `POST /api/public/jobs/{idOrSlug}/reports`: once per job per student (409 already_reported). */
export function reportJob(idOrSlug: string, report: JobReportRequest): Promise<JobReportCreated> {
  return apiJson<JobReportCreated>(`/public/jobs/${encodeURIComponent(idOrSlug)}/reports`, {
    method: 'POST',
    body: JSON.stringify(report),
  });
}
