import { describe, expect, it } from 'vitest'
import { jobSearchCases } from '../../../shared/jobs/job-search.cases.ts'
import { compileJobSearch, plainSearchNeedle, searchableText } from '../../../shared/jobs/job-search.ts'
import { PairIndex } from './pair-index.ts'

const entry = (text: string) => ({ haystack: searchableText(text) })

describe('PairIndex', () => {
  it.each(jobSearchCases.map((c) => [c.pattern, c.text] as const))(
    'keeps every job the plain-text search finds: %j in %j',
    (pattern, text) => {
      const needle = plainSearchNeedle(pattern)
      const job = entry(text)
      if (needle === null || !compileJobSearch(pattern)(job.haystack)) return
      expect(new PairIndex([job]).mayContain(needle)).toEqual([job])
    },
  )

  it('keeps the jobs containing the needle, in order, and drops most others', () => {
    const words = ['google', 'meta', 'amazon', 'shopify', 'stripe', 'notion', 'toronto', 'seattle', 'data', 'quant']
    const jobs = Array.from({ length: 2000 }, (_, i) =>
      entry(`${words[i % words.length]} ${words[(i * 7) % words.length]} engineer ${i}\nsummer 2026`),
    )
    const index = new PairIndex(jobs)
    for (const needle of ['google', 'quant', 'seattle', 'zebra', 'meta amazon', '2026', 'r 1']) {
      const expected = jobs.filter((job) => job.haystack.includes(needle))
      const kept = index.mayContain(needle)
      expect(kept.filter((job) => job.haystack.includes(needle)), needle).toEqual(expected)
      expect(kept.length, needle).toBeLessThanOrEqual(expected.length + jobs.length / 10)
    }
  })

  it('keeps everything for a needle of one character (no pair to check)', () => {
    const jobs = [entry('a'), entry('b')]
    expect(new PairIndex(jobs).mayContain('a')).toEqual(jobs)
  })

  it('handles characters outside ASCII and surrogate pairs', () => {
    const jobs = [entry('Montréal, QC'), entry('東京 🚀 office'), entry('montreal')]
    const index = new PairIndex(jobs)
    expect(index.mayContain('tréal')).toContain(jobs[0])
    expect(index.mayContain('🚀 off')).toContain(jobs[1])
    expect(index.mayContain('tréal')).not.toContain(jobs[2])
  })
})
