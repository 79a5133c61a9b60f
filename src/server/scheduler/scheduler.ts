import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { scheduledTasks } from '../db/schema.ts';

// The scheduled-task runner: one small piece for everything on a schedule (alert digests, instant alerts, later
// company summaries and sweeps), so each of them gets the same three guarantees (conventions.md, "Background work"):
//
// 1. One instance at a time. A task runs only while this instance holds its lease, a row of `scheduled_tasks`
//    (`locked_until`, `locked_by`) taken with one INSERT ... ON CONFLICT DO UPDATE ... WHERE the lease is free or
//    ran out. A run renews the lease as it goes (`renewLease()`); a process that dies leaves the lease to run out,
//    and another instance takes the task over then.
// 2. Never twice. A task splits its work into units with stable ids (`digest:{uid}:{local date}`) and records each
//    in `notification_runs` in the same transaction as what the unit writes (outbox rows, `last_digest_at`), with
//    claimNotificationRuns (notification-runs.ts): a unit already recorded, by a run that crashed after its commit
//    or by another instance whose lease ran out under it, is skipped or rolled back, never sent again.
// 3. No sleeping in tests. Every time the runner and the tasks read comes from the injected clock (`now`); tests
//    call `runNow(name)` after moving it, and the timers (`start()`) are not started in tests.
//
// API (a new task: `scheduler.add({ name, everyMs, run })` before the app is ready; see modules/digests):
//   add(task)        registers a task; `run({ now, lastRunAt, renewLease, signal })` does one round of its work and
//                    decides itself what is due at `now` (a run that finds nothing to do is normal);
//   runNow(name)     one round now, if this instance can take the lease: `{ ran: false }` when another holds it;
//   nudge(name)      a round soon (after a change that may give the task work, such as a board refresh);
//   start() / stop() the timers: each task every `everyMs`, started and stopped with the app like the mail sender.

export type TaskRun = {
  /** The time of this round (the injected clock). */
  now: Date;
  /** When a round of this task last completed without error, on any instance; null: never. */
  lastRunAt: Date | null;
  /**
   * Extends the lease by the task's `leaseMs` from the clock's current time. Call it between units of a long round:
   * false means the lease was lost (it ran out and another instance took the task), so stop at once.
   */
  renewLease(): Promise<boolean>;
  /** Aborted when the scheduler stops: finish the unit in hand, then return. */
  signal: AbortSignal;
};

export type ScheduledTask = {
  /** The task's row in scheduled_tasks; stable across releases. */
  name: string;
  /** How often each instance tries a round (only the lease holder runs it). */
  everyMs: number;
  /** How long the lease lasts without renewal. Default 5 minutes. */
  leaseMs?: number;
  run(run: TaskRun): Promise<unknown>;
};

export type Scheduler = {
  add(task: ScheduledTask): void;
  /** Starts each task's timer: a first round soon after start, then every `everyMs`. */
  start(): void;
  /** Stops the timers, aborts the rounds in progress and waits for them to return. */
  stop(): Promise<void>;
  /** One round of `name` now, when this instance can take the lease. */
  runNow(name: string): Promise<{ ran: boolean }>;
  /** A round of `name` soon (never two at once in this instance: a nudge during a round asks for one more). */
  nudge(name: string): void;
  /** This instance's name in `scheduled_tasks.locked_by`. */
  readonly instanceId: string;
};

export type SchedulerOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch. Tests move it. */
  now?: () => number;
  /** Default: host, pid and a random part. */
  instanceId?: string;
  /** Delay of the first round after start(), so start-up is not slowed (default 10 s). */
  firstRoundDelayMs?: number;
  /**
   * Clear every lease when starting. Only when this process is the database's only user (embedded PGlite, whose
   * data folder is locked): a lease found then is a crashed run's, and need not run out first.
   */
  releaseLeasesOnStart?: boolean;
};

const defaultLeaseMs = 5 * 60_000;

type TaskState = {
  task: ScheduledTask;
  running: Promise<boolean> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
};

export function createScheduler({
  db,
  log,
  now = Date.now,
  instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  firstRoundDelayMs = 10_000,
  releaseLeasesOnStart = false,
}: SchedulerOptions): Scheduler {
  const tasks = new Map<string, TaskState>();
  let started = false;
  let abort = new AbortController();

  async function takeLease(task: ScheduledTask): Promise<{ lastRunAt: Date | null } | null> {
    const at = new Date(now());
    const until = new Date(at.getTime() + (task.leaseMs ?? defaultLeaseMs));
    const rows = await db
      .insert(scheduledTasks)
      .values({ name: task.name, lockedUntil: until, lockedBy: instanceId, updatedAt: at })
      .onConflictDoUpdate({
        target: scheduledTasks.name,
        set: { lockedUntil: until, lockedBy: instanceId, updatedAt: at },
        setWhere: or(isNull(scheduledTasks.lockedUntil), lte(scheduledTasks.lockedUntil, at)),
      })
      .returning({ lastRunAt: scheduledTasks.lastRunAt });
    return rows[0] ?? null;
  }

  async function renewLease(task: ScheduledTask): Promise<boolean> {
    const at = new Date(now());
    const rows = await db
      .update(scheduledTasks)
      .set({ lockedUntil: new Date(at.getTime() + (task.leaseMs ?? defaultLeaseMs)), updatedAt: at })
      .where(and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.lockedBy, instanceId)))
      .returning({ name: scheduledTasks.name });
    return rows.length > 0;
  }

  async function releaseLease(task: ScheduledTask, completedAt: Date | null): Promise<void> {
    await db
      .update(scheduledTasks)
      .set({
        lockedUntil: null,
        lockedBy: null,
        updatedAt: new Date(now()),
        ...(completedAt ? { lastRunAt: completedAt } : {}),
      })
      .where(and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.lockedBy, instanceId)));
  }

  async function round(state: TaskState): Promise<boolean> {
    const { task } = state;
    const lease = await takeLease(task);
    if (lease === null) return false;
    const startedAt = new Date(now());
    let completed = false;
    try {
      await task.run({
        now: startedAt,
        lastRunAt: lease.lastRunAt,
        renewLease: () => renewLease(task),
        signal: abort.signal,
      });
      completed = true;
    } finally {
      // A failed round releases the lease too (the next round retries); a crashed process leaves it to run out.
      await releaseLease(task, completed ? startedAt : null).catch((error: unknown) =>
        log.warn({ err: error, task: task.name }, 'could not release a scheduled task lease'),
      );
    }
    return true;
  }

  function runRounds(state: TaskState): Promise<boolean> {
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      let ran = false;
      try {
        do {
          state.again = false;
          ran = (await round(state)) || ran;
        } while (state.again && !abort.signal.aborted);
      } finally {
        state.running = null;
      }
      return ran;
    })();
    return state.running;
  }

  function stateOf(name: string): TaskState {
    const state = tasks.get(name);
    if (!state) throw new Error(`no scheduled task named "${name}"`);
    return state;
  }

  function schedule(state: TaskState, delayMs: number): void {
    if (!started) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = null;
      runRounds(state)
        .catch((error: unknown) => log.error({ err: error, task: state.task.name }, 'scheduled task failed'))
        .finally(() => schedule(state, state.task.everyMs));
    }, delayMs);
    state.timer.unref();
  }

  return {
    instanceId,
    add(task) {
      if (tasks.has(task.name)) throw new Error(`scheduled task "${task.name}" added twice`);
      const state: TaskState = { task, running: null, again: false, timer: null };
      tasks.set(task.name, state);
      if (started) schedule(state, firstRoundDelayMs);
    },
    start() {
      if (started) return;
      started = true;
      abort = new AbortController();
      const released = releaseLeasesOnStart
        ? db
            .update(scheduledTasks)
            .set({ lockedUntil: null, lockedBy: null })
            .then(() => undefined)
            .catch((error: unknown) =>
              log.warn({ err: error }, 'could not release the scheduled task leases of a previous run'),
            )
        : Promise.resolve();
      void released.then(() => {
        for (const state of tasks.values()) schedule(state, firstRoundDelayMs);
      });
    },
    async stop() {
      started = false;
      abort.abort();
      for (const state of tasks.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
      }
      await Promise.allSettled([...tasks.values()].map((state) => state.running));
    },
    async runNow(name) {
      return { ran: await runRounds(stateOf(name)) };
    },
    nudge(name) {
      const state = stateOf(name);
      if (!started) return;
      runRounds(state).catch((error: unknown) => log.error({ err: error, task: name }, 'scheduled task failed'));
    },
  };
}
