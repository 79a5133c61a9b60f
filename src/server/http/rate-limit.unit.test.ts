import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.ts'

describe('createRateLimiter', () => {
  it('allows `limit` calls per window and key, then answers the seconds left', () => {
    let time = 0
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time })
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([null, null, null])
    time = 15_000
    expect(limiter.take('a')).toBe(45)
    expect(limiter.take('b')).toBeNull()
    time = 60_000
    expect(limiter.take('a')).toBeNull()
  })

  it('forgets the least recently used keys beyond maxKeys', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2, now: () => 0 })
    limiter.take('a')
    limiter.take('b')
    limiter.take('c')
    expect(limiter.take('a')).toBeNull()
    expect(limiter.take('c')).toBe(60)
  })
})
