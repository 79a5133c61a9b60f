#!/usr/bin/env node
// In-process cost of the board's uncached queries: loads the listings of `npm run bench:jobs` (../shared/data scaled
// to 20,000, or generated) into a board view and times the same 2,000 rotating queries, without HTTP. Prints the
// split of the reference path (shared filter functions, step by step) and the view's own cost per query.
// Runs the TypeScript sources directly (Node 24 strips types). BENCH_LISTINGS sets the job count; PROFILE_ROUNDS
// the passes over the 2,000 queries (default 3, the first one is a warm-up).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBoardView } from '../src/server/routes/board/board-index.service.ts';
import { BoardQueryIndex } from '../src/server/routes/board/board-query-index.ts';
import { filterJobs, indexJobs, jobFacets } from '../src/shared/jobs/filter-jobs.ts';
import { jobBoardQuerySchema } from '../src/shared/jobs/job-filters-schema.ts';
import { parseExternalFeed } from '../src/shared/jobs/listing-schemas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedData = path.resolve(root, '..', 'shared', 'data');
const listingCount = Number(process.env.BENCH_LISTINGS ?? 20_000);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);

// The same records and rotation as scripts/bench-jobs.mjs.
const roles = ['Software Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Product Designer', 'Backend Developer',
  'Frontend Engineer', 'Site Reliability Engineer', 'Security Analyst', 'Hardware Engineer', 'Quantitative Researcher'];
const levels = ['Intern', 'Co-op', 'New Grad', 'I', 'Associate', 'Summer 2026 Intern'];
const companies = ['Google', 'Notion', 'Shopify', 'Stripe', 'Maple Bank', 'Northern Labs', 'Capital One', 'Datadog',
  'Cohere', 'Wealthsimple', 'Meta', 'Amazon', 'Nvidia', 'Figma', 'Ramp'];
const places = ['San Francisco, CA', 'New York, NY', 'Seattle, WA', 'Austin, TX', 'Remote in USA', 'Toronto, ON, Canada',
  'Vancouver, BC, Canada', 'Montreal, QC, Canada', 'Boston, MA', 'Chicago, IL', 'London, UK', 'Waterloo, ON, Canada'];
const categories = ['Software', 'AI/ML/Data', 'Hardware', 'Product', 'Quant', null];

function sampleRecords(type) {
  const file = path.join(sharedData, type === 'internship' ? 'internships-current.json' : 'new-grads-current.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).filter((record) => record && record.active !== false);
  return Array.from({ length: 3000 }, (_, i) => ({
    id: randomUUID(),
    title: `${roles[i % roles.length]} ${levels[(i * 7) % levels.length]}`,
    company_name: companies[(i * 3) % companies.length],
    locations: [places[i % places.length], ...(i % 4 === 0 ? [places[(i + 5) % places.length]] : [])],
    category: categories[i % categories.length],
    terms: type === 'internship' ? ['Summer 2026'] : undefined,
    degrees: i % 3 === 0 ? ["Bachelor's", "Master's"] : null,
    date_posted: 1_760_000_000 - i * 600,
    date_updated: 1_760_000_000,
    url: `https://jobs.example.com/${i}`,
    active: true,
  }));
}

function scaleTo(records, count) {
  return Array.from({ length: count }, (_, i) => {
    const record = records[i % records.length];
    const round = Math.floor(i / records.length);
    return round === 0 ? record : { ...record, id: randomUUID(), date_posted: Number(record.date_posted) - round * 3600 };
  });
}

function rotatingQueries(count) {
  const words = ['engineer', 'intern', 'data', 'software', 'google|meta', 'design', 'machine learning', 'security',
    'backend|frontend', '^senior', 'new grad', 'analyst', 'developer', 'research', 'c\\+\\+', 'summer 202[67]',
    'product', 'cloud', 'quant', 'hardware', 'remote', 'toronto', 'co-op', 'ai', 'platform'];
  const types = ['all', 'internship', 'new-grad', 'featured'];
  const locations = ['', '&country=USA', '&country=Canada', '&country=USA&state=CA', '&country=Canada&state=ON'];
  const queries = [];
  for (let i = 0; queries.length < count; i++) {
    const word = words[i % words.length];
    const type = types[Math.floor(i / words.length) % types.length];
    const location = locations[Math.floor(i / (words.length * types.length)) % locations.length];
    const offset = 20 * (Math.floor(i / (words.length * types.length * locations.length)) % 4);
    queries.push(`/api/public/board?type=${type}&q=${encodeURIComponent(word)}${location}${offset ? `&offset=${offset}` : ''}`);
  }
  return queries;
}

const half = Math.floor(listingCount / 2);
const jobs = [
  ...parseExternalFeed(scaleTo(sampleRecords('internship'), half), 'internship').jobs,
  ...parseExternalFeed(scaleTo(sampleRecords('new-grad'), listingCount - half), 'new-grad').jobs,
];
let started = performance.now();
const indexed = indexJobs(jobs);
const indexMs = performance.now() - started;
const urls = rotatingQueries(2000);
const parse = (url) => jobBoardQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
const queries = urls.map(parse);

const ms = (value) => value.toFixed(3).padStart(8);
console.log(`${indexed.length} jobs (indexJobs ${indexMs.toFixed(0)} ms), ${urls.length} rotating queries, ${rounds} rounds`);

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
    const matched = filterJobs(base, { type: query.type, country: query.country, state: query.state, city: query.city });
    now = performance.now();
    if (!warm) split.locate += now - t;
    t = now;
    const facets = jobFacets(base, { type: query.type, country: query.country, state: query.state, city: query.city });
    now = performance.now();
    if (!warm) split.facets += now - t;
    t = now;
    JSON.stringify({ jobs: matched.slice(query.offset, query.offset + query.limit).map((e) => e.job), total: matched.length, facets });
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
    view.queryJson(queries[i]);
    if (round > 0) times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const average = times.reduce((a, b) => a + b, 0) / times.length;
const parseAverage = split.parse / measured;
console.log(`board view (built in ${viewMs.toFixed(0)} ms): ms per query (parse excluded: add ${parseAverage.toFixed(3)})`);
console.log(`  average ${ms(average)}  p50 ${ms(times[Math.floor(times.length * 0.5)])}  p99 ${ms(times[Math.floor(times.length * 0.99)])}  max ${ms(times.at(-1))}`);
console.log(`query index typed arrays: ${(new BoardQueryIndex(indexed).byteLength / 2 ** 20).toFixed(1)} MB`);
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB`);
