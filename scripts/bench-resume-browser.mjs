#!/usr/bin/env node
// `npm run bench:resume -- --browser` runs this: how long the browser takes to read a two-page resume with the CPU
// slowed down (4x by default, Chromium's DevTools CPU throttling).
//
// Serves the built client (dist/client; build it first with `npx vite build`) from a small local server, opens a
// blank page of it in Chromium and slows the CPU through the DevTools protocol (Emulation.setCPUThrottlingRate).
// Chromium throttles only a page's main thread: sent to a dedicated worker's target, the command is refused
// ("Operation is only supported for pages, not workers"). So the reader is timed twice on each two-page resume of
// tests/fixtures/resumes, several times each:
// - on the page's main thread, under the slowdown: the built reader chunk the app loads when it cannot start a
//   worker (read-pdf-resume-*.js, the same code as the worker's), from the bytes to the fields;
// - in the app's own resume-reader worker, as the app uses it (PDF.js loaded first), from sending the bytes to
//   receiving the fields: not slowed, whatever --cpu says.
// Both first do what the app's worker does when it starts: load PDF.js and read its small built-in resume once (the
// warm-up); `--cold` skips the warm-up on the main thread, to show what it saves on the first read of a session.
// Prints figures; asserts nothing. Options: --cpu N (default 4), --runs N (default 3), --cold.
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
/* global Worker -- used inside a function that runs in the page */
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : Number(argv[index + 1]);
};
const cpuRate = option('--cpu', 4);
const runs = option('--runs', 3);
const cold = argv.includes('--cold');
const clientDir = path.join(root, 'dist', 'client');
const assets = path.join(clientDir, 'assets');
const workerFile = readdirSync(assets).find((file) => /^resume-reader\.worker-.*\.js$/.test(file));
const readerFile = readdirSync(assets).find((file) => /^read-pdf-resume-.*\.js$/.test(file));
if (!workerFile || !readerFile) {
  console.error('No resume reader in dist/client/assets: build the client first (npx vite build).');
  process.exit(1);
}
const fixtures = path.join(root, 'tests', 'fixtures', 'resumes');
// The app's worker reads this one when it starts (warmUpPdfResume); the page's chunk does not carry it.
const warmUpFile = path.join(root, 'src', 'client', 'features', 'profile', 'resume-autofill', 'warm-up-resume.pdf');
const twoPage = readdirSync(fixtures)
  .filter((file) => file.endsWith('.json'))
  .filter((file) => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')).pages === 2)
  .map((file) => file.replace(/\.json$/, '.pdf'));

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    return;
  }
  const file =
    url.pathname === '/warm-up-resume.pdf'
      ? warmUpFile
      : url.pathname.startsWith('/fixtures/')
        ? path.join(fixtures, path.basename(url.pathname))
        : path.join(clientDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
  try {
    const body = readFileSync(file);
    const type = file.endsWith('.js') || file.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(`http://127.0.0.1:${port}/`);
  // On the main thread, slowed: the reader chunk's own export, PDF.js loaded first (as the app warms it).
  const onPage = await page.evaluate(
    async ({ readerUrl, files, runs, cold }) => {
      const reader = await import(readerUrl);
      await reader.preparePdfJs();
      if (!cold) {
        const warmUp = await (await fetch('/warm-up-resume.pdf')).arrayBuffer();
        if (!(await reader.readPdfResume(warmUp))) throw new Error('the built-in resume was not read');
      }
      const times = [];
      for (const file of files) {
        const bytes = await (await fetch(`/fixtures/${file}`)).arrayBuffer();
        for (let run = 0; run < runs; run += 1) {
          const started = performance.now();
          const fields = await reader.readPdfResume(bytes.slice(0));
          times.push({ file, run, total: performance.now() - started, ok: fields !== null });
        }
      }
      return times;
    },
    { readerUrl: `/assets/${readerFile}`, files: twoPage, runs, cold },
  );
  // In the app's worker: the same bytes, as the app sends them (the slowdown does not reach it).
  const inWorker = await page.evaluate(
    async ({ workerUrl, files, runs }) => {
      const worker = new Worker(workerUrl, { type: 'module' });
      await new Promise((resolve) => {
        worker.addEventListener('message', function ready(event) {
          if (event.data && event.data.ready) {
            worker.removeEventListener('message', ready);
            resolve(undefined);
          }
        });
      });
      const times = [];
      let id = 1;
      for (const file of files) {
        const bytes = await (await fetch(`/fixtures/${file}`)).arrayBuffer();
        for (let run = 0; run < runs; run += 1) {
          const copy = bytes.slice(0);
          const started = performance.now();
          const reply = await new Promise((resolve) => {
            const requestId = id++;
            worker.addEventListener('message', function answer(event) {
              if (event.data && event.data.id === requestId) {
                worker.removeEventListener('message', answer);
                resolve(event.data);
              }
            });
            worker.postMessage({ id: requestId, bytes: copy }, [copy]);
          });
          times.push({ file, run, total: performance.now() - started, ok: reply.ok });
        }
      }
      worker.terminate();
      return times;
    },
    { workerUrl: `/assets/${workerFile}`, files: twoPage, runs },
  );
  const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const describe = (results) => {
    const totals = results.map((result) => result.total).sort((a, b) => a - b);
    const first = results.filter((result) => result.run === 0).map((result) => result.total);
    return `median ${totals[Math.floor(totals.length / 2)].toFixed(0)} ms, mean ${mean(totals).toFixed(0)} ms, max ${totals[totals.length - 1].toFixed(0)} ms; first read of each file: mean ${mean(first).toFixed(0)} ms (the very first of the session: ${results[0].total.toFixed(0)} ms); without the very first: max ${Math.max(...results.slice(1).map((result) => result.total)).toFixed(0)} ms; all read: ${results.every((result) => result.ok)}`;
  };
  if (process.env.BENCH_RESUME_DETAILS) console.log(JSON.stringify({ onPage, inWorker }));
  console.log(`${twoPage.length} two-page resumes x ${runs} runs, load average ${loadavg()[0].toFixed(1)}`);
  console.log(
    `on the page's main thread, CPU slowed ${cpuRate}x, ${cold ? 'no warm-up' : 'after the warm-up'}: ${describe(onPage)}`,
  );
  console.log(`in the app's resume-reader worker (not slowed: Chromium throttles pages only): ${describe(inWorker)}`);
} finally {
  await browser.close();
  server.close();
}
