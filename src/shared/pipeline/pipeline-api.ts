import { z } from 'zod';
import { applicationStatuses, type ApplicationStatus } from '../company/application-status.ts';
import { applicantsQuerySchema } from '../company/company-api.ts';

// The pipeline board of a job and the walk through its applicants (issue 28, docs/decisions/033-pipeline-board.md).
// Both take the applicants list's own filters, so the board and "3 of 12" show what the list shows.

/** GET /api/company/jobs/{id}/pipeline: the list's search, filters and sort; the columns are the statuses. */
export const pipelineQuerySchema = applicantsQuerySchema.omit({ status: true, page: true, pageSize: true }).strict();
export type PipelineQuery = Partial<z.output<typeof pipelineQuerySchema>>;

/** GET /api/company/applications/{id}/neighbors: the list's filters and sort, without paging. */
export const neighborsQuerySchema = applicantsQuerySchema.omit({ page: true, pageSize: true }).strict();
export type NeighborsQuery = Partial<z.output<typeof neighborsQuerySchema>>;

/** The most cards a column answers; its count is always the whole column (the list shows the rest). */
export const pipelineCardLimit = 100;

export type PipelineCard = {
  applicationId: string;
  firstName: string;
  lastName: string;
  school: string;
  /** The team's scorecard score, 1-4 (null: no card yet), as the applicants list shows it. */
  rating: number | null;
  /** A knockout answer to one of the job's screening questions (the organization's eyes only). */
  knockedOut: boolean;
  appliedAt: string;
  statusChangedAt: string;
  status: ApplicationStatus;
  /** Sent back with a move (409 stale_status when someone moved it first). */
  version: number;
};

export type PipelineStage = { status: ApplicationStatus; count: number; cards: PipelineCard[] };

export type Pipeline = {
  jobId: string;
  /** Every status in pipeline order, withdrawn last (shown, never moved). */
  stages: PipelineStage[];
  total: number;
};

/** Where one application sits in the list as the member filtered and sorted it. */
export type Neighbors = {
  /** 1-based; null when the application is not in the list any more (its status left the filter). */
  position: number | null;
  total: number;
  previousId: string | null;
  nextId: string | null;
};

export const pipelineStatuses: readonly ApplicationStatus[] = applicationStatuses;

/** "3 d", "5 h": how long ago, in whole units, for a card. */
export function ageParts(from: string, now: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(from)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  if (minutes < 24 * 60) return { value: Math.floor(minutes / 60), unit: 'hour' };
  return { value: Math.floor(minutes / (24 * 60)), unit: 'day' };
}
