import type { ApplicationStatus } from '../../../shared/company/application-status.ts';
import {
  type Neighbors,
  type Pipeline,
  pipelineCardLimit,
  type PipelineCard,
  pipelineStatuses,
} from '../../../shared/pipeline/pipeline-api.ts';
import { type ApplicantFilters, filterApplicants, type listApplicantRows } from '../company/index.ts';
import type { PipelineJob } from './pipeline.repository.ts';

type ApplicantRows = Awaited<ReturnType<typeof listApplicantRows>>;

/** The columns in pipeline order, each with its whole count and its first cards in the list's order. */
export function buildPipeline(
  job: PipelineJob,
  rows: ApplicantRows,
  query: Omit<ApplicantFilters, 'status'>,
): Pipeline {
  const versions = new Map(rows.map((row) => [row.id, row.version]));
  const items = filterApplicants(job, rows, query);
  const byStatus = new Map<ApplicationStatus, PipelineCard[]>(pipelineStatuses.map((status) => [status, []]));
  for (const item of items)
    byStatus.get(item.status)!.push({
      applicationId: item.applicationId,
      firstName: item.firstName,
      lastName: item.lastName,
      school: item.school,
      rating: item.rating,
      knockedOut: item.knockedOut,
      appliedAt: item.appliedAt,
      statusChangedAt: item.statusChangedAt,
      status: item.status,
      version: versions.get(item.applicationId) ?? 0,
    });
  return {
    jobId: job.id,
    stages: pipelineStatuses.map((status) => {
      const cards = byStatus.get(status)!;
      return { status, count: cards.length, cards: cards.slice(0, pipelineCardLimit) };
    }),
    total: items.length,
  };
}

/** "3 of 12" with the previous and next application of the list as filtered and sorted. */
export function neighborsOf(
  job: PipelineJob,
  rows: ApplicantRows,
  query: ApplicantFilters,
  applicationId: string,
): Neighbors {
  const items = filterApplicants(job, rows, query);
  const index = items.findIndex((item) => item.applicationId === applicationId);
  if (index < 0) return { position: null, total: items.length, previousId: null, nextId: null };
  return {
    position: index + 1,
    total: items.length,
    previousId: items[index - 1]?.applicationId ?? null,
    nextId: items[index + 1]?.applicationId ?? null,
  };
}
