import { LRUCache } from 'lru-cache'

// A per-key fixed-window counter kept in memory, for calls that make this server call someone else (Devpost,
// GitHub) on a person's behalf: one account must not be able to make us hammer them. Per instance by design.

export type RateLimiter = {
  /** Counts one call for `key`; answers the seconds to wait when the window's budget is spent, else null. */
  take(key: string): number | null
}

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
  now = () => Date.now(),
}: {
  limit: number
  windowMs: number
  maxKeys?: number
  now?: () => number
}): RateLimiter {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxKeys })
  return {
    take(key) {
      const time = now()
      const window = windows.get(key)
      if (!window || time - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 })
        return null
      }
      if (window.count >= limit) return Math.max(1, Math.ceil((window.startedAt + windowMs - time) / 1000))
      window.count += 1
      return null
    },
  }
}
