// A 256-bit summary of the character pairs in each job's haystack (a Bloom filter): a job whose summary lacks one
// of the needle's pairs cannot contain the needle. A plain-text search then runs `includes` only on the jobs left,
// which for most words is a small part of the board; the search itself still decides every one of them.

const wordsPerJob = 8 // 8 x 32 bits

function pairBit(first: number, second: number): number {
  return Math.imul(Math.imul(first, 31) + second, 0x9e3779b1) >>> 24 // 0..255
}

function addPairs(text: string, into: Uint32Array, offset: number): void {
  for (let i = 1; i < text.length; i++) {
    const bit = pairBit(text.charCodeAt(i - 1), text.charCodeAt(i))
    into[offset + (bit >>> 5)]! |= 1 << (bit & 31)
  }
}

export class PairIndex<T extends { readonly haystack: string }> {
  readonly entries: readonly T[]
  private readonly summaries: Uint32Array

  constructor(entries: readonly T[]) {
    this.entries = entries
    this.summaries = new Uint32Array(entries.length * wordsPerJob)
    entries.forEach((entry, i) => addPairs(entry.haystack, this.summaries, i * wordsPerJob))
  }

  /** The entries that may contain `needle`: every one that does, and a few that do not (the caller tests them). */
  mayContain(needle: string): readonly T[] {
    if (needle.length < 2) return this.entries
    const wanted = new Uint32Array(wordsPerJob)
    addPairs(needle, wanted, 0)
    const { summaries, entries } = this
    const kept: T[] = []
    for (let i = 0, at = 0; i < entries.length; i++, at += wordsPerJob) {
      let missing = 0
      for (let w = 0; w < wordsPerJob; w++) missing |= wanted[w]! & ~summaries[at + w]!
      if (missing === 0) kept.push(entries[i]!)
    }
    return kept
  }
}
