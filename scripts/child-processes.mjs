// The processes a benchmark or check script starts (servers, the Auth emulator, a reference server): started from the
// project root, stopped on the way out, an unexpected exit reported under the script's prefix.
import { spawn } from 'node:child_process';

/**
 * `start(args, env, { label, detached, quiet })` runs `node ...args`; `stop(child, signal)` asks it to stop and kills it
 * after 10 s; `stopAll(signal)` stops every child still running (their exits are expected, so not reported).
 */
export function childProcesses(cwd, prefix) {
  const children = new Set();
  let stopping = false;

  function start(args, env = {}, { label = 'process', detached = false, quiet = false } = {}) {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      detached,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
    });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (!stopping && code !== 0) console.error(`[${prefix}] ${label} exited (${signal ?? code})`);
    });
    return child;
  }

  async function stop(child, signal = 'SIGINT') {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The Firebase CLI starts the emulator as a grandchild: signal its whole process group.
    const send = (name) => {
      try {
        process.kill(child.spawnargs.includes('emulators:start') ? -child.pid : child.pid, name);
      } catch {
        /* gone */
      }
    };
    send(signal);
    const timer = setTimeout(() => send('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async function stopAll(signal = 'SIGINT') {
    stopping = true;
    await Promise.all([...children].map((child) => stop(child, signal)));
    stopping = false; // the script may start a new set (one server per database kind)
  }

  return { start, stop, stopAll };
}
