import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { loadBoardSource } from './board.repository.ts';
import { saveFeed } from './ingest.repository.ts';
import { prepareFeed } from './prepare-feed.ts';

// The embedded database answers without real I/O: a long write or read must still let the event loop serve other
// requests between its steps (yieldToEventLoop), and the steps must add up to the same result.

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
});

afterAll(async () => {
  await testDatabase.dispose();
});

/** Runs `work` and counts the turns of the event loop (setImmediate callbacks) that ran before it finished. */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

describe('long board writes and reads on the database', () => {
  const records = Array.from({ length: 6000 }, (_, i) =>
    buildListing({ title: `Intern ${i}`, date_posted: 1_760_000_000 + i }),
  );

  it('let other work run while 6,000 listings are written, and write every one of them', async () => {
    const feed = prepareFeed('internship', [{ name: 'many.json', data: records }]);
    expect(feed.jobs).toHaveLength(6000);
    let written: Awaited<ReturnType<typeof saveFeed>> | undefined;
    const turns = await loopTurnsDuring(async () => {
      written = await saveFeed(testDatabase.database.db, feed, { url: 'file:many.json', validators: null });
    });
    expect(written).toMatchObject({ imported: 6000, added: 6000 });
    // One turn per batch of 250 at least.
    expect(turns).toBeGreaterThanOrEqual(6000 / 250);
  });

  it('let other work run while the board is read in pages, and read every listing once', async () => {
    let listings: Awaited<ReturnType<typeof loadBoardSource>>['listings'] = [];
    const turns = await loopTurnsDuring(async () => {
      listings = (await loadBoardSource(testDatabase.database.db)).listings;
    });
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(listings).toHaveLength(6000);
    expect(new Set(listings.map((job) => job.id)).size).toBe(6000);
    expect(new Set(listings.map((job) => job.id))).toEqual(new Set(records.map((record) => record.id)));
  });
});
