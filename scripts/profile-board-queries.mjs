#!/usr/bin/env node
// In-process cost of the board's uncached queries: loads the listings of `npm run bench:jobs` (../shared/data scaled
// to 20,000, or generated) into a board view and times the same 2,000 rotating queries, without HTTP. Prints the
// split of the reference path (shared filter functions, step by step) and the view's own cost per query.
// Runs the TypeScript sources directly (Node 24 strips types). BENCH_LISTINGS sets the job count; PROFILE_ROUNDS
// the passes over the 2,000 queries (default 3, the first one is a warm-up).
import { createBoardView } from '../src/server/modules/jobs/index.ts';
import { BoardQueryIndex } from '../src/server/modules/jobs/index.ts';
import { filterJobs, indexJobs, jobFacets } from '../src/shared/jobs/filter-jobs.ts';
import { jobBoardQuerySchema } from '../src/shared/jobs/job-filters-schema.ts';
import { parseExternalFeed } from '../src/shared/jobs/listing-schemas.ts';
import { placesOf } from '../src/shared/jobs/normalize-place.ts';
import { rotatingQueries, sampleRecords, scaleTo } from './bench-support.mjs';

const listingCount = Number(process.env.BENCH_LISTINGS ?? 20_000);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);

const half = Math.floor(listingCount / 2);
// Places filed as ingestion files them (prepare-feed.ts).
const filePlaces = (listing) => placesOf(listing.locations, listing.normalized_locations);
const jobs = [
  ...parseExternalFeed(scaleTo(sampleRecords('internship').records, half), 'internship', filePlaces).jobs,
  ...parseExternalFeed(scaleTo(sampleRecords('new-grad').records, listingCount - half), 'new-grad', filePlaces).jobs,
];
let started = performance.now();
const indexed = indexJobs(jobs);
const indexMs = performance.now() - started;
const urls = rotatingQueries(2000);
const parse = (url) => jobBoardQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
const queries = urls.map(parse);

const ms = (value) => value.toFixed(3).padStart(8);
console.log(
  `${indexed.length} jobs (indexJobs ${indexMs.toFixed(0)} ms), ${urls.length} rotating queries, ${rounds} rounds`,
);

// Reference path, step by step (what the view did before its own index): parse, type + text scan, location
// filter + total, facets, page + JSON.
const split = { parse: 0, scan: 0, locate: 0, facets: 0, page: 0 };
for (let round = 0; round < rounds; round++) {
  const warm = round === 0;
  for (const url of urls) {
    let t = performance.now();
    const query = parse(url);
    let now = performance.now();
    if (!warm) split.parse += now - t;
    t = now;
    const base = filterJobs(indexed, { type: query.type, q: query.q });
    now = performance.now();
    if (!warm) split.scan += now - t;
    t = now;
    const matched = filterJobs(base, {
      type: query.type,
      country: query.country,
      state: query.state,
      city: query.city,
    });
    now = performance.now();
    if (!warm) split.locate += now - t;
    t = now;
    const facets = jobFacets(base, { type: query.type, country: query.country, state: query.state, city: query.city });
    now = performance.now();
    if (!warm) split.facets += now - t;
    t = now;
    JSON.stringify({
      jobs: matched.slice(query.offset, query.offset + query.limit).map((e) => e.job),
      total: matched.length,
      facets,
    });
    now = performance.now();
    if (!warm) split.page += now - t;
  }
}
const measured = urls.length * (rounds - 1);
console.log('reference path, ms per query:');
for (const [step, total] of Object.entries(split)) console.log(`  ${step.padEnd(8)}${ms(total / measured)}`);
console.log(`  total   ${ms(Object.values(split).reduce((a, b) => a + b, 0) / measured)}`);

// The board view as the endpoint uses it (its caches included: the rotation defeats them, as in the benchmark).
started = performance.now();
const view = createBoardView('profile', new Date(), indexed, 500);
const viewMs = performance.now() - started;
const times = [];
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < queries.length; i++) {
    const t = performance.now();
    view.queryPage(queries[i]);
    if (round > 0) times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const average = times.reduce((a, b) => a + b, 0) / times.length;
const parseAverage = split.parse / measured;
console.log(
  `board view (built in ${viewMs.toFixed(0)} ms): ms per query (parse excluded: add ${parseAverage.toFixed(3)})`,
);
console.log(
  `  average ${ms(average)}  p50 ${ms(times[Math.floor(times.length * 0.5)])}  p99 ${ms(times[Math.floor(times.length * 0.99)])}  max ${ms(times.at(-1))}`,
);
console.log(`query index typed arrays: ${(new BoardQueryIndex(indexed).byteLength / 2 ** 20).toFixed(1)} MB`);
const memory = process.memoryUsage();
console.log(
  `memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB`,
);
