#!/usr/bin/env node
// Reads a trace saved by `BENCH_PAGES_TRACE_DIR=... npm run bench:pages` and prints the page's long tasks: for each
// task on the main thread longer than the threshold, what it spent its time on (script evaluation, function calls,
// style, layout, garbage collection...) and, when the trace holds the JavaScript sampling profile, the functions with
// the most self time in it. Lighthouse's trace is unthrottled; its simulation multiplies task times by 4, so the
// default threshold (12.5 ms) is the 50 ms of a "long task" on the simulated phone.
//
// Usage: node scripts/trace-long-tasks.mjs TRACE.json [--min-ms 12.5] [--top 8] [--depth N] [--hide TEXT]
// --depth N also prints, per task, the call tree's inclusive time down to N frames (frames under 1 ms left out).
// --hide TEXT leaves out of that tree the frames whose script address contains TEXT (repeatable), so a library's deep
// recursion (React's commit walks the tree one frame per level) shows the app's own functions under it.
// --by-script prints, instead of the tasks, the main thread's time over the whole trace per script: the samples with
// a frame of that script on the stack (inclusive, so a script calling into another counts for both), the busy time
// of all tasks and of the long ones, and the count of frames (iframes included) that loaded a document.
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const file = argv.find((arg, index) => !arg.startsWith('--') && !/^\d/.test(arg) && argv[index - 1] !== '--hide');
if (!file) {
  console.error(
    'usage: node scripts/trace-long-tasks.mjs TRACE.json [--min-ms 12.5] [--top 8] [--depth N] [--hide TEXT] [--by-script]',
  );
  process.exit(2);
}
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : Number(argv[index + 1]);
};
const minMs = option('--min-ms', 12.5);
const top = option('--top', 8);
const depth = option('--depth', 0);
const hidden = argv.flatMap((arg, index) => (argv[index - 1] === '--hide' ? [arg] : []));

const trace = JSON.parse(readFileSync(file, 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's main thread: the renderer main thread with the most task time.
const threadNames = new Map();
for (const event of events) {
  if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
}
const taskTime = new Map();
for (const event of events) {
  const key = `${event.pid}:${event.tid}`;
  if (event.name === 'RunTask' && event.ph === 'X' && threadNames.get(key) === 'CrRendererMain') {
    taskTime.set(key, (taskTime.get(key) ?? 0) + event.dur);
  }
}
const mainKey = [...taskTime.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!mainKey) throw new Error('no renderer main thread in this trace');
const onMain = events
  .filter((event) => `${event.pid}:${event.tid}` === mainKey && event.ph === 'X' && typeof event.dur === 'number')
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const navigationStart =
  events.find((event) => event.name === 'navigationStart' && `${event.pid}:${event.tid}` === mainKey)?.ts ??
  onMain[0].ts;

// The sampling profile, when recorded: samples as [time, leaf node] and the nodes by id.
const nodes = new Map();
const samples = [];
{
  const profiles = new Map();
  for (const event of events) {
    if (event.name === 'Profile' && `${event.pid}:${event.tid}` === mainKey) {
      profiles.set(`${event.pid}:${event.id}`, { time: event.args.data.startTime });
    }
  }
  for (const event of events) {
    // Profile ids are only unique within a process.
    const key = `${event.pid}:${event.id}`;
    if (event.name !== 'ProfileChunk' || !profiles.has(key)) continue;
    const profile = profiles.get(key);
    const chunk = event.args.data.cpuProfile ?? {};
    for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args.data.timeDeltas ?? [];
    (chunk.samples ?? []).forEach((nodeId, index) => {
      profile.time += deltas[index] ?? 0;
      samples.push([profile.time, nodeId]);
    });
  }
  samples.sort((a, b) => a[0] - b[0]);
}

const label = (event) => {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const url = (data.url ?? data.stackTrace?.[0]?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${event.name} ${url}`;
    case 'FunctionCall':
      return `FunctionCall ${data.functionName || '(anonymous)'} ${url}`;
    case 'EventDispatch':
      return `EventDispatch ${data.type ?? ''}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'ParseHTML':
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'BlinkGC.AtomicPhase':
    case 'ParseAuthorStyleSheet':
    case 'HitTest':
    case 'XHRReadyStateChange':
    case 'ResourceReceivedData':
    case 'HandlePostMessage':
      return event.name;
    default:
      return null;
  }
};

const frameName = (node) => {
  const frame = node.callFrame;
  const url = (frame.url ?? '').replace(/^https?:\/\/[^/]+/, '');
  return `${frame.functionName || '(anonymous)'} ${url}:${(frame.lineNumber ?? -1) + 1}:${(frame.columnNumber ?? -1) + 1}`;
};

const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur / 1000 >= minMs);
if (argv.includes('--by-script')) {
  printByScript();
  process.exit(0);
}
console.log(
  `${file}: ${tasks.length} tasks >= ${minMs} ms on the main thread; x4 over 50 ms = ` +
    `${Math.round(tasks.reduce((sum, task) => sum + Math.max(0, (task.dur / 1000) * 4 - 50), 0))} ms simulated blocking`,
);
for (const task of tasks) {
  const end = task.ts + task.dur;
  // Outermost labelled events inside the task (an EvaluateScript holds its FunctionCalls; count it once).
  const parts = new Map();
  let coveredUntil = task.ts;
  for (const event of onMain) {
    if (event.ts < task.ts || event.ts >= end || event === task) continue;
    const name = label(event);
    if (!name || event.ts < coveredUntil) continue;
    parts.set(name, (parts.get(name) ?? 0) + event.dur);
    coveredUntil = event.ts + event.dur;
  }
  const partText = [...parts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, dur]) => `${(dur / 1000).toFixed(1)} ${name}`)
    .join(' | ');
  console.log(
    `\n@${((task.ts - navigationStart) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms (x4 = ${((task.dur / 1000) * 4).toFixed(0)}): ${partText}`,
  );
  if (samples.length === 0) continue;
  const self = new Map();
  let previous = null;
  for (const [time, nodeId] of samples) {
    if (time < task.ts || time > end) continue;
    if (previous) {
      const node = nodes.get(previous[1]);
      if (node) {
        const name = frameName(node);
        self.set(name, (self.get(name) ?? 0) + (time - previous[0]));
      }
    }
    previous = [time, nodeId];
  }
  const selfText = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, dur]) => `    ${(dur / 1000).toFixed(1)} ms ${name}`)
    .join('\n');
  if (selfText) console.log(selfText);
  if (depth > 0) printTree(task, end);
}

/** The task's samples as a call tree: inclusive milliseconds per frame, down to `depth` frames. */
function printTree(task, end) {
  const root = { children: new Map(), time: 0 };
  let previous = null;
  for (const [time, nodeId] of samples) {
    if (time < task.ts || time > end) continue;
    if (previous) {
      const stack = [];
      for (let node = nodes.get(previous[1]); node; node = nodes.get(node.parent)) {
        const url = node.callFrame.url ?? '';
        if (stack.length === 0 || !hidden.some((text) => url.includes(text))) stack.unshift(node);
      }
      let branch = root;
      for (const node of stack.slice(0, depth + 1)) {
        const name = frameName(node);
        if (!branch.children.has(name)) branch.children.set(name, { children: new Map(), time: 0 });
        branch = branch.children.get(name);
        branch.time += time - previous[0];
      }
    }
    previous = [time, nodeId];
  }
  const walk = (branch, indent) => {
    for (const [name, child] of [...branch.children.entries()].sort((a, b) => b[1].time - a[1].time)) {
      if (child.time < 1000) continue;
      console.log(`${'  '.repeat(indent)}${(child.time / 1000).toFixed(1)} ${name}`);
      walk(child, indent + 1);
    }
  };
  walk(root, 2);
}

/** Main-thread time per script over the whole trace (inclusive sample time), busiest first. */
function printByScript() {
  const byScript = new Map();
  let previous = null;
  for (const [time, nodeId] of samples) {
    if (previous) {
      const scripts = new Set();
      for (let node = nodes.get(previous[1]); node; node = nodes.get(node.parent)) {
        const url = (node.callFrame.url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js');
        if (url) scripts.add(url);
      }
      for (const url of scripts) byScript.set(url, (byScript.get(url) ?? 0) + (time - previous[0]));
    }
    previous = [time, nodeId];
  }
  const allTasks = onMain.filter((event) => event.name === 'RunTask');
  const busy = allTasks.reduce((sum, task) => sum + task.dur, 0) / 1000;
  const longBusy = tasks.reduce((sum, task) => sum + task.dur, 0) / 1000;
  const documents = new Set(
    events
      .filter((event) => event.name === 'ResourceSendRequest' && event.args?.data?.resourceType === 'Document')
      .map((event) => event.args.data.url),
  );
  console.log(
    `${file}: main thread busy ${busy.toFixed(0)} ms in ${allTasks.length} tasks, ${longBusy.toFixed(0)} ms in ` +
      `${tasks.length} tasks >= ${minMs} ms; documents requested: ${documents.size}`,
  );
  for (const [url, time] of [...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${(time / 1000).toFixed(1)} ms ${url}`);
  }
}
