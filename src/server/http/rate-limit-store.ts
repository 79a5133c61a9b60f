import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

// @fastify/rate-limit's counters in the database, so a limit holds for an account across every instance (its
// in-memory store counted per instance: with two instances an account got twice its GitHub connections). One
// statement per counted request: insert the key, or add one to it, or start a new window when the last one ended.
// Times come from this process's clock (tests move it), as they would with the in-memory store.

const sweepEveryMs = 10 * 60_000;

export type RateLimitStoreOptions = {
  db: Database;
  /** Keeps two limits' counters apart ('github-connect'): the plugin's keys are only the account's uid. */
  name: string;
  now?: () => number;
};

export function databaseRateLimitStore({
  db,
  name,
  now = () => Date.now(),
}: RateLimitStoreOptions): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function hit(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
    const at = new Date(now());
    const resetAt = new Date(at.getTime() + timeWindowMs);
    const result = (await db.execute(sql`
      insert into ${rateLimitCounters} (key, hits, reset_at) values (${`${name}:${key}`}, 1, ${resetAt})
      on conflict (key) do update set
        hits = case when ${rateLimitCounters.resetAt} <= ${at} then 1 else ${rateLimitCounters.hits} + 1 end,
        reset_at = case when ${rateLimitCounters.resetAt} <= ${at} then excluded.reset_at
          else ${rateLimitCounters.resetAt} end
      returning hits, reset_at`)) as { rows: { hits: number; reset_at: string | Date }[] };
    const row = result.rows[0]!;
    if (at.getTime() - lastSweep > sweepEveryMs) {
      lastSweep = at.getTime();
      await db.execute(sql`delete from ${rateLimitCounters} where ${rateLimitCounters.resetAt} < ${at}`);
    }
    return { current: Number(row.hits), ttl: Math.max(0, new Date(row.reset_at).getTime() - at.getTime()) };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }
    // Limits made with createRateLimit (the only kind used) do not call it; a route-level limit would share the name.
    child() {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
