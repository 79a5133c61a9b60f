// V8 flags and environment for the API server process (`npm start`, `npm run bench:jobs`); measured in
// docs/decisions/005-in-memory-job-board.md. Also for anyone starting `node dist/server/server/index.js` by hand.
// - --max-semi-space-size=16: V8 lets the young generation grow to 2 x 64 MB on a busy server; 16 MB semi-spaces
//   cost a few more scavenges and save ~100 MB of RSS.
// - --liftoff-only: PGlite is a 9 MB WebAssembly module. Optimising its hot functions with TurboFan briefly takes
//   ~500 MB (the peak of loading the board) and keeps ~50 MB of code; the baseline compiler is enough for the
//   database's share of the work (the board is served from JS memory). Only WebAssembly is affected.
// - --heap-growing-percent=20: the old generation may grow 20% past what survived the last full collection before
//   the next one; by default V8 lets it double and more on a busy server (~150 MB more RSS under 100 connections).
//   This replaced --optimize-for-size, which held the heap as low but by a memory-reducing full collection every
//   ~150 ms under load and by less optimised code: the cached page ran at 15-33k req/s instead of 38-53k, and an
//   uncached query cost ~60% more (docs/decisions/005-in-memory-job-board.md).
// - --expose-gc: lets the server ask for a memory-reducing full collection after a board load (src/server/lib/
//   release-memory.ts); without it V8 keeps the load's freed pages and grown young generation (~90 MB after an
//   ingestion of 20,000 listings; docs/decisions/044-memory-after-board-loads.md).
export const serverNodeFlags = [
  '--max-semi-space-size=16',
  '--liftoff-only',
  '--heap-growing-percent=20',
  '--expose-gc',
];

// glibc raises its mmap threshold (up to 32 MB) after large buffers are freed, so later ones come from the malloc
// heap, which keeps its peak: creating a data folder and ingesting 20,000 listings left ~90 MB there. A fixed
// threshold keeps large buffers in their own mappings, returned when freed. Other C libraries ignore the variable.
export const serverEnv = { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };
