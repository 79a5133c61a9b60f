// Which jobs' haystacks may contain a given text, without reading them: for each hashed trigram (and bigram) of the
// board, the sorted list of jobs whose haystack has it. A job containing a text has every trigram of it, so the
// intersection of those lists holds every such job, plus a few whose trigrams only collide or sit apart; the
// search still tests each candidate. Lists are 16-bit job numbers while the board has fewer than 65,536 jobs.

const bucketBits = 18;
const bucketCount = 1 << bucketBits;

function bigramBucket(a: number, b: number): number {
  return Math.imul((Math.imul(a, 0x2c1b3c6d) ^ b) + 0x5bd1e995, 0x9e3779b1) >>> (32 - bucketBits);
}

function trigramBucket(a: number, b: number, c: number): number {
  return Math.imul((Math.imul(Math.imul(a, 0x297a2d39) ^ b, 0x7feb352d) ^ c) + 1, 0x846ca68b) >>> (32 - bucketBits);
}

const longS = 0x17f;
const s = 0x73;

/**
 * The character code the grams use: the long s "ſ" reads as "s", since RE2 matches "s" against it case-
 * insensitively; so the required text of a regular expression may hold "s" (searchRequirement's `longSAsS`).
 */
function gramCode(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code === longS ? s : code;
}

/** Calls `visit` with each bucket of `text`'s bigrams and trigrams (repeats included). */
function forEachBucket(text: string, visit: (bucket: number) => void): void {
  for (let i = 1; i < text.length; i++) {
    const b = gramCode(text, i - 1);
    const c = gramCode(text, i);
    visit(bigramBucket(b, c));
    if (i >= 2) visit(trigramBucket(gramCode(text, i - 2), b, c));
  }
}

export class GramIndex {
  readonly size: number;
  private readonly starts: Uint32Array;
  private readonly postings: Uint16Array | Uint32Array;
  /** Working space for intersections, so a query allocates only its answer. */
  private readonly scratch: [Int32Array, Int32Array];

  constructor(haystacks: readonly string[]) {
    this.size = haystacks.length;
    const starts = new Uint32Array(bucketCount + 1);
    const lastJob = new Int32Array(bucketCount).fill(-1);
    haystacks.forEach((haystack, job) =>
      forEachBucket(haystack, (bucket) => {
        if (lastJob[bucket] === job) return;
        lastJob[bucket] = job;
        starts[bucket + 1]! += 1;
      }),
    );
    for (let bucket = 0; bucket < bucketCount; bucket++) starts[bucket + 1]! += starts[bucket]!;
    const postings =
      haystacks.length <= 0xffff ? new Uint16Array(starts[bucketCount]!) : new Uint32Array(starts[bucketCount]!);
    const fill = starts.slice(0, bucketCount);
    lastJob.fill(-1);
    haystacks.forEach((haystack, job) =>
      forEachBucket(haystack, (bucket) => {
        if (lastJob[bucket] === job) return;
        lastJob[bucket] = job;
        postings[fill[bucket]!++] = job;
      }),
    );
    this.starts = starts;
    this.postings = postings;
    this.scratch = [new Int32Array(haystacks.length), new Int32Array(haystacks.length)];
  }

  get byteLength(): number {
    return this.starts.byteLength + this.postings.byteLength;
  }

  /**
   * The jobs (ascending) whose haystack may contain `text` (with "ſ" read as "s"): all that do and possibly others.
   * null when the text is too short to tell (one character): every job may. The list is this index's working space,
   * valid until its next call: copy it to keep it.
   */
  candidates(text: string): Int32Array | null {
    if (text.length < 2) return null;
    const buckets = new Set<number>();
    if (text.length === 2) buckets.add(bigramBucket(gramCode(text, 0), gramCode(text, 1)));
    else {
      for (let i = 2; i < text.length; i++) {
        buckets.add(trigramBucket(gramCode(text, i - 2), gramCode(text, i - 1), gramCode(text, i)));
      }
    }
    const lists = [...buckets]
      .map((bucket) => this.postings.subarray(this.starts[bucket]!, this.starts[bucket + 1]!))
      .sort((a, b) => a.length - b.length);
    const [first, second] = this.scratch;
    let kept = first.subarray(0, lists[0]!.length);
    kept.set(lists[0]!);
    for (let l = 1; l < lists.length && kept.length > 16; l++) {
      kept = intersect(kept, lists[l]!, kept.buffer === first.buffer ? second : first);
    }
    return kept;
  }
}

/**
 * The jobs in both ascending lists: a new array, or a view of `into` (which must not be `a`'s memory and must have
 * room for the shorter list) when given.
 */
export function intersect(a: Int32Array, b: ArrayLike<number>, into?: Int32Array): Int32Array {
  const out = into ?? new Int32Array(Math.min(a.length, b.length));
  let k = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return into ? out.subarray(0, k) : out.slice(0, k);
}

/** The jobs in either ascending list. */
export function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let k = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.slice(0, k);
}
