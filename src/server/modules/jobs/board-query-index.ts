import { RE2JS } from 're2js';
import { workModes } from '../../../shared/jobs/board-place.ts';
import { compareTerms, degreeLevels, jobFamilies, type TermKey } from '../../../shared/jobs/job-criteria.ts';
import {
  compareByUpdate,
  compareFacetValues,
  criteriaKeyOf,
  type FacetValue,
  filterJobs,
  type IndexedJob,
  type JobFacets,
  placeKeyOf,
} from '../../../shared/jobs/filter-jobs.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import { planJobSearch } from '../../../shared/jobs/job-search.ts';
import { type BoardJob, type JobTypeFilter, jobTypeFilterValues } from '../../../shared/jobs/listing-schemas.ts';
import { postingRefOf } from '../../../shared/jobs/posting-groups.ts';
import { provideRegexEngine } from '../../../shared/jobs/regex-engine.ts';
import type { SearchRequirement } from '../../../shared/jobs/search-prefilter.ts';
import { GramIndex, intersect, union } from './gram-index.ts';

// The server searches regular expressions from its first query: the shared search's RE2 engine, which the device
// loads only when a search needs it (shared/jobs/regex-engine.ts), comes with the board's code here.
provideRegexEngine(RE2JS);

// The board's queries over numbers instead of objects and strings: jobs are their positions in board order,
// location values are interned ids, and the text search reads only the candidates of a gram index. The shared
// rules (filter-jobs.ts, job-search.ts) still decide: the type lists come from filterJobs, every candidate is
// tested with the shared search, and a test compares every answer with referenceQueryJobs.

const noValue = -1;

function modeBit(mode: string | undefined): number {
  const index = mode === undefined ? -1 : (workModes as readonly string[]).indexOf(mode);
  return index < 0 ? 0 : 1 << index;
}
const unknownValue = -2; // a filter value no job has: matches nothing

function bitsOf<T>(list: readonly T[], values: Iterable<T> | undefined): number {
  let bits = 0;
  for (const value of values ?? []) {
    const index = list.indexOf(value);
    if (index >= 0) bits |= 1 << index;
  }
  return bits;
}

function countedValues<T extends string>(
  values: readonly T[],
  counts: Int32Array,
  order: readonly number[],
): FacetValue[] {
  const facet: FacetValue[] = [];
  for (const id of order) if (counts[id]! > 0) facet.push({ value: values[id]!, count: counts[id]! });
  return facet;
}

const familyOrder = jobFamilies.map((_, i) => i);
const degreeOrder = degreeLevels.map((_, i) => i);

/** A result as cards: `order` lists postings card after card; card `i` is `order[starts[i]..starts[i + 1]]`. */
export type BoardCards = { order: Int32Array; starts: Int32Array };

export type BoardMatches = {
  /** Jobs (positions in board order) matching every filter. */
  matched: Int32Array;
  facets: JobFacets;
};

export class BoardQueryIndex {
  readonly jobs: readonly IndexedJob[];
  private readonly haystacks: string[];
  private readonly grams: GramIndex;
  private readonly typeJobs: Map<JobTypeFilter, Int32Array>;
  private readonly typeMasks: Uint8Array;
  private readonly typeBits: Map<JobTypeFilter, number>;
  /** Lower-cased location values (every level) to ids. */
  private readonly keyIds = new Map<string, number>();
  /** Facet labels (original spelling) by id, and each label's rank in facet order. */
  private readonly labels: string[] = [];
  private readonly labelRanks: Int32Array;
  /** Each job's locations: slots `slotStarts[job]` to `slotStarts[job + 1]`. */
  private readonly slotStarts: Uint32Array;
  private readonly slotKeys: Int32Array; // country, state, city key ids per slot
  private readonly slotLabels: Int32Array; // country, state, city label ids per slot
  private readonly slotModes: Uint8Array; // the work mode's bit per slot
  /** Each job's rank in "recently updated" order. */
  private readonly updateRanks: Int32Array;
  /** Each job's family as a bit of `jobFamilies` (0: unknown), degree levels as bits of `degreeLevels` (0: not
   * stated), and 1 when it sponsors work visas. */
  private readonly familyBits: Uint8Array;
  private readonly degreeBits: Uint8Array;
  private readonly sponsors: Uint8Array;
  /** Term keys by id, ids in calendar order, and each job's term ids: `termIds[termStarts[job]..termStarts[job+1]]`. */
  private readonly termKeys: TermKey[] = [];
  private readonly termOrder: number[];
  private readonly termStarts: Uint32Array;
  private readonly termIds: Uint16Array;
  /** Each job's card (posting-groups.ts) as a number; a card's postings are side by side in board order. */
  private readonly groupIds: Int32Array;
  /** Per key id and facet level: the last pass that listed it. */
  private readonly seen: [Int32Array, Int32Array, Int32Array];
  /** Per key id and facet level: the cards counted in the current pass, and the last card counted (once per card). */
  private readonly counts: [Int32Array, Int32Array, Int32Array];
  private readonly lastCard: [Int32Array, Int32Array, Int32Array];
  private pass = 0;
  /** Working space for one query's lists; each answer is copied out at its exact length. */
  private readonly scratch: Int32Array;

  constructor(jobs: readonly IndexedJob[]) {
    this.jobs = jobs;
    this.haystacks = jobs.map((entry) => entry.haystack);
    this.grams = new GramIndex(this.haystacks);
    const positions = new Map(jobs.map((entry, i) => [entry, i]));
    this.typeMasks = new Uint8Array(jobs.length);
    this.typeBits = new Map(jobTypeFilterValues.map((type, i) => [type, 1 << i]));
    this.typeJobs = new Map(
      jobTypeFilterValues.map((type) => {
        const list = Int32Array.from(filterJobs(jobs, { type }), (entry) => positions.get(entry)!);
        for (const job of list) this.typeMasks[job]! |= this.typeBits.get(type)!;
        return [type, list];
      }),
    );

    const labelIds = new Map<string, number>();
    const label = (value: string | null) => {
      if (value === null) return noValue;
      let id = labelIds.get(value);
      if (id === undefined) {
        id = this.labels.length;
        this.labels.push(value);
        labelIds.set(value, id);
      }
      return id;
    };
    const key = (value: string | null) => {
      if (value === null) return noValue;
      let id = this.keyIds.get(value);
      if (id === undefined) {
        id = this.keyIds.size;
        this.keyIds.set(value, id);
      }
      return id;
    };
    const slotCount = jobs.reduce((sum, entry) => sum + entry.places.length, 0);
    this.slotStarts = new Uint32Array(jobs.length + 1);
    this.slotKeys = new Int32Array(slotCount * 3);
    this.slotLabels = new Int32Array(slotCount * 3);
    this.slotModes = new Uint8Array(slotCount);
    let slot = 0;
    jobs.forEach((entry, job) => {
      entry.places.forEach((place, i) => {
        const placeKey = entry.placeKeys[i]!;
        this.slotKeys.set([key(placeKey.country), key(placeKey.state), key(placeKey.city)], slot * 3);
        this.slotLabels.set([label(place.country), label(place.state), label(place.city)], slot * 3);
        this.slotModes[slot] = modeBit(entry.modes[i]);
        slot++;
      });
      this.slotStarts[job + 1] = slot;
    });
    this.labelRanks = new Int32Array(this.labels.length);
    this.labels
      .map((_, id) => id)
      .sort((a, b) => compareFacetValues(this.labels[a]!, this.labels[b]!))
      .forEach((id, rank) => (this.labelRanks[id] = rank));
    this.seen = [0, 1, 2].map(() => new Int32Array(this.keyIds.size)) as [Int32Array, Int32Array, Int32Array];
    this.counts = [0, 1, 2].map(() => new Int32Array(this.keyIds.size)) as [Int32Array, Int32Array, Int32Array];
    this.lastCard = [0, 1, 2].map(() => new Int32Array(this.keyIds.size)) as [Int32Array, Int32Array, Int32Array];
    this.updateRanks = new Int32Array(jobs.length);
    jobs
      .map((_, job) => job)
      .sort((a, b) => compareByUpdate(jobs[a]!.job, jobs[b]!.job))
      .forEach((job, rank) => (this.updateRanks[job] = rank));
    this.scratch = new Int32Array(jobs.length);

    this.groupIds = new Int32Array(jobs.length);
    const groupIdOf = new Map<number, number>();
    jobs.forEach((entry, position) => {
      let id = groupIdOf.get(entry.group);
      if (id === undefined) {
        id = groupIdOf.size;
        groupIdOf.set(entry.group, id);
      }
      this.groupIds[position] = id;
    });

    this.familyBits = new Uint8Array(jobs.length);
    this.degreeBits = new Uint8Array(jobs.length);
    this.sponsors = new Uint8Array(jobs.length);
    this.termStarts = new Uint32Array(jobs.length + 1);
    const termIdOf = new Map<TermKey, number>();
    const termIds: number[] = [];
    jobs.forEach(({ job }, position) => {
      this.familyBits[position] = job.family === null ? 0 : bitsOf(jobFamilies, [job.family]);
      this.degreeBits[position] = bitsOf(degreeLevels, job.degreeLevels);
      this.sponsors[position] = job.sponsorship === 'yes' ? 1 : 0;
      for (const term of job.termKeys) {
        let id = termIdOf.get(term);
        if (id === undefined) {
          id = this.termKeys.length;
          this.termKeys.push(term);
          termIdOf.set(term, id);
        }
        termIds.push(id);
      }
      this.termStarts[position + 1] = termIds.length;
    });
    this.termIds = Uint16Array.from(termIds);
    this.termIdOf = termIdOf;
    this.termOrder = this.termKeys
      .map((_, id) => id)
      .sort((a, b) => compareTerms(this.termKeys[a]!, this.termKeys[b]!));
  }

  private readonly termIdOf: Map<TermKey, number>;

  /** Bytes held by the typed arrays of this index (the gram index included). */
  get byteLength(): number {
    let bytes =
      this.grams.byteLength + this.typeMasks.byteLength + this.slotStarts.byteLength + this.scratch.byteLength;
    bytes +=
      this.slotKeys.byteLength + this.slotLabels.byteLength + this.labelRanks.byteLength + this.seen[0].byteLength * 9;
    bytes += this.slotModes.byteLength + this.updateRanks.byteLength;
    bytes += this.familyBits.byteLength * 3 + this.termStarts.byteLength + this.termIds.byteLength;
    bytes += this.groupIds.byteLength;
    for (const list of this.typeJobs.values()) bytes += list.byteLength;
    return bytes;
  }

  /** The jobs of `type` whose text matches `q` (the shared search), ascending. */
  search(type: JobTypeFilter, q: string | undefined): Int32Array {
    const ofType = this.typeJobs.get(type)!;
    const plan = planJobSearch(q ?? '');
    if (plan.kind === 'all') return ofType;
    const candidates = plan.kind === 'literal' ? this.grams.candidates(plan.needle) : this.required(plan.required);
    const source = candidates === null || ofType.length <= candidates.length ? ofType : candidates;
    const bit = this.typeBits.get(type)!;
    const { haystacks, typeMasks } = this;
    const kept = this.scratch;
    let k = 0;
    if (plan.kind === 'literal') {
      const { needle } = plan;
      for (const job of source) if (typeMasks[job]! & bit && haystacks[job]!.includes(needle)) kept[k++] = job;
    } else {
      const { test } = plan;
      for (const job of source) if (typeMasks[job]! & bit && test(haystacks[job]!)) kept[k++] = job;
    }
    return kept.slice(0, k);
  }

  /** Candidates for a regular expression's required text; null: every job. Valid until the next gram lookup. */
  private required(requirement: SearchRequirement | null): Int32Array | null {
    if (requirement === null) return null;
    switch (requirement.kind) {
      case 'any':
        return null;
      case 'text':
        return this.grams.candidates(requirement.text);
      // A gram list is only valid until the next lookup: combining copies it first.
      case 'all': {
        let kept: Int32Array | null = null;
        for (const part of requirement.of) {
          const list = this.required(part);
          if (list !== null) kept = kept === null ? list.slice() : intersect(kept, list);
        }
        return kept;
      }
      case 'oneOf': {
        let kept: Int32Array = new Int32Array(0);
        for (const part of requirement.of) {
          const list = this.required(part);
          if (list === null) return null;
          kept = union(kept, list);
        }
        return kept;
      }
    }
  }

  private keyId(value: string | undefined): number {
    return value === undefined ? noValue : (this.keyIds.get(value) ?? unknownValue);
  }

  /**
   * The location and work-mode filters and facets over `base` (the jobs of the type and text, ascending), as
   * referenceQueryJobs computes them: a location must satisfy every chosen level and the mode together, and each facet level
   * lists the values of the locations within the levels chosen above it (first spelling seen in board order), each
   * with the number of jobs having such a location. `matched` is in the order `filters.sort` asks for.
   */
  filter(base: Int32Array, filters: JobFilters): BoardMatches {
    const placeKey = placeKeyOf(filters);
    const country = this.keyId(placeKey.country);
    const state = this.keyId(placeKey.state);
    const city = this.keyId(placeKey.city);
    const mode = modeBit(placeKey.mode);
    const placeFiltered = country !== noValue || state !== noValue || city !== noValue || mode !== 0;
    // The criteria filters (shared rule: criteriaPass). A chosen term no job has selects nothing.
    const criteria = criteriaKeyOf(filters);
    const familyMask = bitsOf(jobFamilies, criteria.families);
    const degreeMask = bitsOf(degreeLevels, criteria.degrees);
    const termFiltered = criteria.terms !== undefined;
    const chosenTerms = new Uint8Array(this.termKeys.length);
    for (const term of criteria.terms ?? []) {
      const id = this.termIdOf.get(term);
      if (id !== undefined) chosenTerms[id] = 1;
    }
    const sponsorsOnly = criteria.sponsors;
    const filtered =
      placeFiltered ||
      criteria.families !== undefined ||
      criteria.degrees !== undefined ||
      termFiltered ||
      sponsorsOnly;
    const familyCounts = new Int32Array(jobFamilies.length);
    const degreeCounts = new Int32Array(degreeLevels.length);
    const termCounts = new Int32Array(this.termKeys.length);
    const { slotStarts, slotKeys, slotLabels, slotModes, familyBits, degreeBits, sponsors, termStarts, termIds } = this;
    const matched = this.scratch;
    let total = 0;
    if (this.pass === 0x7fffffff) {
      this.pass = 0;
      for (const level of this.seen) level.fill(0);
    }
    const pass = ++this.pass;
    const countries: number[] = [];
    const states: number[] = [];
    const cities: number[] = [];
    const countryKeys: number[] = [];
    const stateKeys: number[] = [];
    const cityKeys: number[] = [];
    const [seenCountry, seenState, seenCity] = this.seen;
    const [countCountry, countState, countCity] = this.counts;
    const [lastCountry, lastState, lastCity] = this.lastCard;
    // Facets count cards: a card's postings come one after the other, so "not the last card counted" is enough.
    const familyLast = new Int32Array(jobFamilies.length).fill(-1);
    const degreeLast = new Int32Array(degreeLevels.length).fill(-1);
    const termLast = new Int32Array(this.termKeys.length).fill(-1);
    const { groupIds } = this;
    for (const job of base) {
      const group = groupIds[job]!;
      const familyPass = criteria.families === undefined || (familyBits[job]! & familyMask) !== 0;
      const degreePass =
        criteria.degrees === undefined || degreeBits[job] === 0 || (degreeBits[job]! & degreeMask) !== 0;
      let termPass = !termFiltered;
      const termsStart = termStarts[job]!;
      const termsEnd = termStarts[job + 1]!;
      for (let t = termsStart; !termPass && t < termsEnd; t++) termPass = chosenTerms[termIds[t]!] === 1;
      const sponsorshipPass = !sponsorsOnly || sponsors[job] === 1;
      const misses = +!familyPass + +!degreePass + +!termPass + +!sponsorshipPass;
      // A job failing two criteria counts nowhere: each facet is counted under the other filters only.
      if (misses > 1) continue;
      let hit = false;
      for (let slot = slotStarts[job]!, end = slotStarts[job + 1]!; slot < end; slot++) {
        if (mode !== 0 && (slotModes[slot]! & mode) === 0) continue;
        const at = slot * 3;
        const slotCountry = slotKeys[at]!;
        const slotState = slotKeys[at + 1]!;
        const slotCity = slotKeys[at + 2]!;
        const inCountry = country === noValue || slotCountry === country;
        const inState = inCountry && (state === noValue || slotState === state);
        if (inState && (city === noValue || slotCity === city)) hit = true;
        // The place facets count the jobs passing every criteria filter.
        if (misses !== 0) {
          if (hit) break;
          continue;
        }
        // A value's count is the number of jobs: a job with two locations in one country counts once.
        if (slotCountry !== noValue) {
          if (seenCountry[slotCountry] !== pass) {
            seenCountry[slotCountry] = pass;
            countCountry[slotCountry] = 1;
            lastCountry[slotCountry] = group;
            countries.push(slotLabels[at]!);
            countryKeys.push(slotCountry);
          } else if (lastCountry[slotCountry] !== group) {
            countCountry[slotCountry]!++;
            lastCountry[slotCountry] = group;
          }
        }
        if (country !== noValue && inCountry && slotState !== noValue) {
          if (seenState[slotState] !== pass) {
            seenState[slotState] = pass;
            countState[slotState] = 1;
            lastState[slotState] = group;
            states.push(slotLabels[at + 1]!);
            stateKeys.push(slotState);
          } else if (lastState[slotState] !== group) {
            countState[slotState]!++;
            lastState[slotState] = group;
          }
        }
        if (state !== noValue && inState && slotCity !== noValue) {
          if (seenCity[slotCity] !== pass) {
            seenCity[slotCity] = pass;
            countCity[slotCity] = 1;
            lastCity[slotCity] = group;
            cities.push(slotLabels[at + 2]!);
            cityKeys.push(slotCity);
          } else if (lastCity[slotCity] !== group) {
            countCity[slotCity]!++;
            lastCity[slotCity] = group;
          }
        }
      }
      if (placeFiltered && !hit) continue;
      if (misses === 0 && filtered) matched[total++] = job;
      if (termPass && degreePass && sponsorshipPass) {
        const bits = familyBits[job]!;
        const family = 31 - Math.clz32(bits);
        if (bits !== 0 && familyLast[family] !== group) {
          familyLast[family] = group;
          familyCounts[family]!++;
        }
      }
      if (familyPass && degreePass && sponsorshipPass) {
        for (let t = termsStart; t < termsEnd; t++) {
          const term = termIds[t]!;
          if (termLast[term] !== group) {
            termLast[term] = group;
            termCounts[term]!++;
          }
        }
      }
      if (familyPass && termPass && sponsorshipPass) {
        // A job stating no degree is kept by every degree choice.
        const bits = degreeBits[job]! || (1 << degreeLevels.length) - 1;
        for (let level = 0; level < degreeLevels.length; level++) {
          if (bits & (1 << level) && degreeLast[level] !== group) {
            degreeLast[level] = group;
            degreeCounts[level]!++;
          }
        }
      }
    }
    let result = filtered ? matched.slice(0, total) : base;
    if (filters.sort === 'updated') {
      const ranks = this.updateRanks;
      result = result.slice().sort((a, b) => ranks[a]! - ranks[b]!);
    }
    return {
      matched: result,
      facets: {
        countries: this.sorted(countries, countryKeys, countCountry),
        states: this.sorted(states, stateKeys, countState),
        cities: this.sorted(cities, cityKeys, countCity),
        categories: countedValues(jobFamilies, familyCounts, familyOrder),
        terms: countedValues(this.termKeys, termCounts, this.termOrder),
        degrees: countedValues(degreeLevels, degreeCounts, degreeOrder),
      },
    };
  }

  /**
   * The cards of a result (cardsOf's rule over positions): `order` lists the postings card after card, card `i`
   * being `order[starts[i]]` (its leading posting) to `order[starts[i + 1] - 1]`.
   */
  cards(matched: Int32Array): BoardCards {
    const { groupIds } = this;
    // Board order (ascending positions, the common case): a card's postings are side by side, so cards are runs.
    let ascending = true;
    for (let i = 1; i < matched.length && ascending; i++) ascending = matched[i - 1]! < matched[i]!;
    if (ascending) {
      const runStarts: number[] = [];
      let previous = -1;
      matched.forEach((job, i) => {
        const group = groupIds[job]!;
        if (group !== previous) runStarts.push(i);
        previous = group;
      });
      runStarts.push(matched.length);
      return { order: matched, starts: Int32Array.from(runStarts) };
    }
    const cardOf = new Map<number, number>();
    const next = new Int32Array(matched.length).fill(-1); // the next posting of the same card, by index in matched
    const lastOf: number[] = [];
    const firsts: number[] = [];
    matched.forEach((job, i) => {
      const group = groupIds[job]!;
      const card = cardOf.get(group);
      if (card === undefined) {
        cardOf.set(group, firsts.length);
        firsts.push(i);
        lastOf.push(i);
      } else {
        next[lastOf[card]!] = i;
        lastOf[card] = i;
      }
    });
    const order = new Int32Array(matched.length);
    const starts = new Int32Array(firsts.length + 1);
    let k = 0;
    firsts.forEach((first, card) => {
      starts[card] = k;
      for (let i = first; i !== -1; i = next[i]!) order[k++] = matched[i]!;
    });
    starts[firsts.length] = k;
    return { order, starts };
  }

  /** Card `card` of `cards` as the board shows it: its leading posting, the others as `alsoPosted`. */
  cardJob({ order, starts }: BoardCards, card: number): BoardJob {
    const start = starts[card]!;
    const end = starts[card + 1]!;
    const { job } = this.jobs[order[start]!]!;
    if (end - start === 1) return job;
    const alsoPosted = Array.from(order.subarray(start + 1, end), (other) => postingRefOf(this.jobs[other]!.job));
    return { ...job, alsoPosted };
  }

  private sorted(labelIds: number[], keyIds: number[], counts: Int32Array): FacetValue[] {
    return labelIds
      .map((label, i) => ({ label, count: counts[keyIds[i]!]! }))
      .sort((a, b) => this.labelRanks[a.label]! - this.labelRanks[b.label]!)
      .map(({ label, count }) => ({ value: this.labels[label]!, count }));
  }
}
