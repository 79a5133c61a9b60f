export {
  createBoardIndex,
  createBoardView,
  type BoardIndex,
  type BoardView,
  type NewBoardCard,
  type NewCards,
  type NewCardsOptions,
} from './board-index.service.ts';
export { BoardQueryIndex } from './board-query-index.ts';
export { loadBoardSource } from './board.repository.ts';
export { boardRoutes } from './board.routes.ts';
export { downloadFeed, FeedReadError, readFeedFile } from './feed-download.ts';
export type { FeedWriteResult } from './ingest.repository.ts';
export {
  createIngestService,
  type ImportReport,
  type ImportSource,
  IngestBusyError,
  type IngestService,
  startFeedSchedule,
} from './ingest.service.ts';
export { findOpenFeaturedJob, isFeaturedJobHidden, type PublicJobRow } from './jobs.repository.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { publicJobPageRoutes } from './public-job-page.routes.ts';
export type { SourceSummary } from './prepare-feed.ts';
export { jobExists, jobSummaries, type JobSummary, listingClosings } from './job-summaries.repository.ts';
