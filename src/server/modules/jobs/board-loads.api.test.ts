import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardQuerySchema } from '../../../shared/jobs/job-filters-schema.ts';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { type BoardIndex, createBoardIndex } from './board-index.service.ts';
import { createIngestService } from './ingest.service.ts';

// When the board loads: each load builds a second board beside the one being served, so a load that reads data
// half written, or one that reads what the previous load just read, doubles the memory for nothing
// (docs/decisions/044-memory-after-board-loads.md).

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
});

afterAll(async () => {
  await testDatabase.dispose();
});

const quiet = { info() {}, warn() {} };

/** A board index (no poll within a test) and the versions it loaded, in order. */
async function startBoard(): Promise<{ board: BoardIndex; loads: string[] }> {
  const loads: string[] = [];
  const board = createBoardIndex({
    db: testDatabase.database.db,
    pollIntervalMs: 3_600_000,
    eagerSnapshot: false,
    log: {
      info(details, message) {
        if (message === 'job board loaded') loads.push((details as { version: string }).version);
      },
      warn() {},
    },
  });
  await board.start();
  return { board, loads };
}

/** The titles on the board's first page of 100, as served. */
const titles = (board: BoardIndex) =>
  board
    .view()
    .queryPage(jobBoardQuerySchema.parse({ limit: 100 }))
    .body.toString();

describe('board loads', () => {
  it('loads an import of both feeds once, after its last write, whatever refreshes come during the writes', async () => {
    const { board, loads } = await startBoard();
    try {
      const before = board.view().version;
      const versionsSeenDuringWrites: string[] = [];
      const ingest = createIngestService({
        database: testDatabase.database,
        feeds: [],
        log: quiet,
        onBoardChange: () => board.refresh(),
        whileWriting: (work) =>
          board.holdRefreshes(async () => {
            const written = await work();
            // A version poll or a change notice arriving now: both feeds are written, the import has not said so.
            await board.refresh();
            versionsSeenDuringWrites.push(board.view().version);
            return written;
          }),
      });
      const intern = buildListing({ title: 'Held Refresh Intern' });
      const newGrad = buildListing({ title: 'Held Refresh Engineer I' });
      const report = await ingest.importSources([
        { name: 'internships.json', type: 'internship', data: [intern] },
        { name: 'new-grads.json', type: 'new-grad', data: [newGrad] },
      ]);

      expect(report.feeds.map((feed) => feed.version)).toEqual([expect.any(String), expect.any(String)]);
      expect(versionsSeenDuringWrites).toEqual([before]);
      // The start's load, then one load of both feeds.
      expect(loads).toHaveLength(2);
      expect(board.view().version).not.toBe(before);
      expect(titles(board)).toContain('Held Refresh Intern');
      expect(titles(board)).toContain('Held Refresh Engineer I');

      // Once the import is done, refreshes load again when the data moves.
      await createIngestService({ database: testDatabase.database, feeds: [], log: quiet }).importSources([
        { name: 'internships.json', type: 'internship', data: [intern, buildListing({ title: 'Later Intern' })] },
      ]);
      await board.refresh();
      expect(loads).toHaveLength(3);
      expect(titles(board)).toContain('Later Intern');
    } finally {
      board.stop();
    }
  });

  it('reloads asked during a load share one follow-up, which loads only if the data moved past that load', async () => {
    const { board, loads } = await startBoard();
    try {
      await Promise.all([board.reload(), board.reload(), board.reload()]);
      // The start's load and one more: the follow-up found the version the running load had read.
      expect(loads).toHaveLength(2);

      const other = createIngestService({ database: testDatabase.database, feeds: [], log: quiet });
      const running = board.reload();
      await other.importSources([
        { name: 'new-grads.json', type: 'new-grad', data: [buildListing({ title: 'Written During A Load' })] },
      ]);
      // Whether the write landed before or after the running load read its rows, this reload reads it.
      await Promise.all([running, board.reload()]);
      expect(titles(board)).toContain('Written During A Load');
      expect(loads.length).toBeGreaterThanOrEqual(3);
      expect(loads.length).toBeLessThanOrEqual(4);
    } finally {
      board.stop();
    }
  });
});
