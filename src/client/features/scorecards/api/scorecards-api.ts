import type {
  ApplicationScorecards,
  CriteriaRequest,
  JobScorecard,
  ScorecardRequest,
} from '../../../../shared/scorecards/scorecards-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;

export const getApplicationScorecards = (applicationId: string, signal?: AbortSignal) =>
  apiJson<ApplicationScorecards>(`/company/applications/${enc(applicationId)}/scorecards`, { signal });

export const saveMyScorecard = (applicationId: string, body: ScorecardRequest) =>
  apiJson<ApplicationScorecards>(`/company/applications/${enc(applicationId)}/scorecards/mine`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });

export const saveJobCriteria = (jobId: string, body: CriteriaRequest) =>
  apiJson<JobScorecard>(`/company/jobs/${enc(jobId)}/scorecard`, { method: 'PUT', body: JSON.stringify(body) });
