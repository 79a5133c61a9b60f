import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { notificationRuns, scheduledTasks } from '../db/schema.ts';
import { claimNotificationRuns, recordedNotificationRuns } from './notification-runs.ts';
import { createScheduler, type Scheduler, type TaskRun } from './scheduler.ts';

// The scheduled-task runner: a lease row lets one instance at a time run a task, a process that died gives it up
// when its lease runs out, and units of work recorded in notification_runs are never done twice.

const log = pino({ level: 'silent' });
let testDatabase: TestDatabase;
/** "Another instance": its own connection pool on PostgreSQL; the same embedded database with PGlite. */
let otherHandle: DatabaseHandle | null = null;
let clock: TestClock;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (testDatabase.url) otherHandle = await openDatabase({ databaseUrl: testDatabase.url });
});

afterAll(async () => {
  await otherHandle?.close();
  await testDatabase.dispose();
});

beforeEach(async () => {
  await db().delete(scheduledTasks);
  await db().delete(notificationRuns);
  clock = createTestClock(Date.parse('2026-12-07T12:00:00Z'));
});

const db = () => testDatabase.database.db;
const otherDb = (): Database => otherHandle?.db ?? db();

/** A promise and the function that settles it, to hold a task in the middle of its round. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function instance(database: Database, run: (round: TaskRun) => Promise<unknown>, leaseMs = 60_000): Scheduler {
  const scheduler = createScheduler({ db: database, log, now: clock.now });
  scheduler.add({ name: 'test-task', everyMs: 60_000, leaseMs, run });
  return scheduler;
}

async function taskRow() {
  const [row] = await db().select().from(scheduledTasks).where(eq(scheduledTasks.name, 'test-task'));
  return row;
}

describe('the lease', () => {
  it('a round runs the task, records when it completed and frees the lease', async () => {
    const rounds: TaskRun[] = [];
    const scheduler = instance(db(), async (round) => rounds.push(round));
    expect(await scheduler.runNow('test-task')).toEqual({ ran: true });
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.now.getTime()).toBe(clock.now());
    expect(rounds[0]!.lastRunAt).toBeNull();
    expect(await taskRow()).toMatchObject({ lockedUntil: null, lockedBy: null, lastRunAt: new Date(clock.now()) });

    clock.advance(60_000);
    await scheduler.runNow('test-task');
    expect(rounds[1]!.lastRunAt).toEqual(new Date(clock.now() - 60_000));
  });

  it('two instances trying at once: one runs the round, the other does not', async () => {
    const held = gate();
    let rounds = 0;
    const task = async () => {
      rounds += 1;
      await held.opened;
    };
    const first = instance(db(), task);
    const second = instance(otherDb(), task);
    const both = Promise.all([first.runNow('test-task'), second.runNow('test-task')]);
    // Whichever took the lease is now inside its round; the other has given up.
    await expect.poll(() => rounds).toBe(1);
    held.open();
    const results = await both;
    expect(results.map((result) => result.ran).sort()).toEqual([false, true]);
    expect(rounds).toBe(1);
  });

  it('while one instance runs the task the other is refused; once it is done the other may run', async () => {
    const held = gate();
    const first = instance(db(), () => held.opened);
    const second = instance(otherDb(), async () => undefined);
    const running = first.runNow('test-task');
    await expect.poll(async () => (await taskRow())?.lockedBy).toBe(first.instanceId);
    expect(await second.runNow('test-task')).toEqual({ ran: false });
    held.open();
    await running;
    expect(await second.runNow('test-task')).toEqual({ ran: true });
  });

  it('a lease left by a process that died is taken over once it has run out, not before', async () => {
    await db()
      .insert(scheduledTasks)
      .values({ name: 'test-task', lockedBy: 'dead-instance', lockedUntil: new Date(clock.now() + 60_000) });
    let rounds = 0;
    const scheduler = instance(db(), async () => {
      rounds += 1;
    });
    expect(await scheduler.runNow('test-task')).toEqual({ ran: false });
    clock.advance(60_000);
    expect(await scheduler.runNow('test-task')).toEqual({ ran: true });
    expect(rounds).toBe(1);
  });

  it('a failed round frees the lease at once and is not recorded as completed', async () => {
    const scheduler = instance(db(), async () => {
      throw new Error('round failed');
    });
    await expect(scheduler.runNow('test-task')).rejects.toThrow('round failed');
    expect(await taskRow()).toMatchObject({ lockedUntil: null, lockedBy: null, lastRunAt: null });
  });

  it('renewing tells a round that overran its lease, and that another instance took over, to stop', async () => {
    const held = gate();
    const renewals: boolean[] = [];
    const slow = instance(db(), async (round) => {
      renewals.push(await round.renewLease());
      await held.opened;
      renewals.push(await round.renewLease());
    });
    const running = slow.runNow('test-task');
    await expect.poll(() => renewals.length).toBe(1);
    clock.advance(61_000);
    const other = instance(otherDb(), async () => undefined);
    // Its round ends at once, freeing the lease: the slow round's lease is gone either way.
    expect(await other.runNow('test-task')).toEqual({ ran: true });
    held.open();
    await running;
    expect(renewals).toEqual([true, false]);
  });
});

describe('notification runs', () => {
  it('a unit is recorded by the first transaction that claims it; later claims are left out', async () => {
    const run = { id: 'digest:uid-1:2026-12-07', kind: 'digest', itemCount: 3 };
    const claimed = await db().transaction((tx) => claimNotificationRuns(tx, [run]));
    expect([...claimed]).toEqual([run.id]);
    const again = await otherDb().transaction((tx) =>
      claimNotificationRuns(tx, [run, { ...run, id: 'digest:uid-2:2026-12-07' }]),
    );
    expect([...again]).toEqual(['digest:uid-2:2026-12-07']);
    expect(await recordedNotificationRuns(db(), [run.id, 'digest:uid-3:2026-12-07'])).toEqual(new Set([run.id]));
  });

  it('a claim rolled back with its transaction leaves the unit to be done', async () => {
    const run = { id: 'digest:uid-4:2026-12-07', kind: 'digest', itemCount: 1 };
    await expect(
      db().transaction(async (tx) => {
        await claimNotificationRuns(tx, [run]);
        throw new Error('crash before the commit');
      }),
    ).rejects.toThrow('crash before the commit');
    expect(await recordedNotificationRuns(db(), [run.id])).toEqual(new Set());
  });

  it('two transactions claiming one unit at once: exactly one records it', async () => {
    const run = { id: 'digest:uid-5:2026-12-07', kind: 'digest', itemCount: 2 };
    const held = gate();
    const first = db().transaction(async (tx) => {
      const mine = await claimNotificationRuns(tx, [run]);
      await held.opened;
      return mine.size;
    });
    // The second waits on the first's uncommitted row, then finds it recorded.
    const second = otherDb().transaction((tx) => claimNotificationRuns(tx, [run]).then((mine) => mine.size));
    held.open();
    expect((await Promise.all([first, second])).sort()).toEqual([0, 1]);
  });
});

describe('starting', () => {
  it('with releaseLeasesOnStart (the embedded database, one process), a crashed run’s lease is cleared at start', async () => {
    await db()
      .insert(scheduledTasks)
      .values({ name: 'test-task', lockedBy: 'crashed-run', lockedUntil: new Date(clock.now() + 5 * 60_000) });
    const scheduler = createScheduler({
      db: db(),
      log,
      now: clock.now,
      releaseLeasesOnStart: true,
      firstRoundDelayMs: 60_000,
    });
    scheduler.add({ name: 'test-task', everyMs: 60_000, run: async () => undefined });
    scheduler.start();
    await expect.poll(async () => (await taskRow())?.lockedBy ?? null).toBeNull();
    await scheduler.stop();
    expect(await scheduler.runNow('test-task')).toEqual({ ran: true });
  });
});
