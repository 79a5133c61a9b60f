import type { Neighbors, NeighborsQuery, Pipeline, PipelineQuery } from '../../../../shared/pipeline/pipeline-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

// The board's read and the walk through the list (contract: src/shared/pipeline/pipeline-api.ts). Moves go through
// the company feature's setApplicationStatus and bulkSetStatus.

const enc = encodeURIComponent;

function search(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const getPipeline = (jobId: string, query: PipelineQuery, signal?: AbortSignal) =>
  apiJson<Pipeline>(`/company/jobs/${enc(jobId)}/pipeline${search(query)}`, { signal });

export const getNeighbors = (applicationId: string, query: NeighborsQuery, signal?: AbortSignal) =>
  apiJson<Neighbors>(`/company/applications/${enc(applicationId)}/neighbors${search(query)}`, { signal });
