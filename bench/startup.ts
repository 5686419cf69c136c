/**
 * `npm run bench:startup`: start-up time and idle memory of the real `npm start`.
 *
 * Each run starts `npm start` (prestart's freshness check included) on a fresh
 * temporary state folder and free ports, polls GET /healthz every 20 ms and
 * records when it first answers 200, then samples the RSS of the node process
 * (npm execs it) `--idle` seconds after that, and stops it with SIGTERM. The
 * first run on a state folder also creates the certificates and the key, as a
 * first `npm start` does; `--reuse-state` keeps one folder for every run (a
 * restart). Prints each run and the median; the load average is printed with
 * them because the figures move with it.
 *
 *   npm run bench:startup -- --runs 5 --idle 3
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import { projectRoot } from '../src/paths.js';

const { values: opts } = cliArgs({
  name: 'npm run bench:startup',
  usage: 'npm run bench:startup [-- options]',
  about: 'Start-up time and idle memory of the real npm start, run after run.',
  options: {
    runs: { arg: 'N', help: 'starts to measure', type: 'string', default: '3' },
    idle: { arg: 'S', help: 'seconds after the first 200 before the RSS is sampled', type: 'string', default: '3' },
    'reuse-state': { help: 'one state folder for every run (a restart)', type: 'boolean', default: false },
    timeout: { arg: 'S', help: 'seconds a start may take', type: 'string', default: '30' },
  },
});
const runs = Number(opts.runs), idleS = Number(opts.idle), timeoutS = Number(opts.timeout);
if (!(runs >= 1) || !(idleS >= 0) || !(timeoutS > 0)) throw new Error('--runs ≥ 1, --idle ≥ 0 and --timeout > 0 seconds');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => resolve(typeof a === 'object' && a ? a.port : 0)); });
  });
}

/** RSS in MB of a process and its descendants (npm → node). */
function rssMb(pid: number): { total: number; byCommand: string[] } {
  const out: string[] = [];
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const name = /Name:\s+(\S+)/.exec(status)?.[1] ?? '?';
      total += kb / 1024;
      out.push(`${name}:${(kb / 1024).toFixed(0)}`);
      for (const t of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(t));
    } catch { /* gone */ }
  };
  visit(pid);
  return { total, byCommand: out };
}

/** RSS of the node process itself (the deepest one named node), the figure the README gives. */
function nodeRssMb(pid: number): number {
  const { byCommand } = rssMb(pid);
  const node = byCommand.filter((s) => s.startsWith('node:') || s.startsWith('MainThread:'));
  return Number(node.at(-1)?.split(':')[1] ?? NaN);
}

async function once(stateDir: string): Promise<{ healthzMs: number; rss: number }> {
  const [http, grpc] = [await freePort(), await freePort()];
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: projectRoot,
    env: { ...process.env, MERIDIAN_HTTP_ADDR: `127.0.0.1:${http}`, MERIDIAN_GRPC_ADDR: `127.0.0.1:${grpc}`, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => { log += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { log += d.toString(); });
  let healthzMs = NaN;
  try {
    while (performance.now() - t0 < timeoutS * 1000) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
      try {
        const r = await fetch(`http://127.0.0.1:${http}/healthz`, { signal: AbortSignal.timeout(1000) });
        await r.arrayBuffer();
        if (r.status === 200) { healthzMs = performance.now() - t0; break; }
      } catch { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (Number.isNaN(healthzMs)) throw new Error(`no 200 from /healthz within ${timeoutS} s:\n${log}`);
    await new Promise((r) => setTimeout(r, idleS * 1000));
    return { healthzMs, rss: nodeRssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); });
  }
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const shared = opts['reuse-state'] ? mkdtempSync(join(tmpdir(), 'meridian-startup-')) : undefined;
const times: number[] = [], rss: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const dir = shared ?? mkdtempSync(join(tmpdir(), 'meridian-startup-'));
    const load = loadavg()[0]!.toFixed(2);
    try {
      const r = await once(dir);
      times.push(r.healthzMs); rss.push(r.rss);
      process.stdout.write(`run ${i + 1}: /healthz 200 after ${(r.healthzMs / 1000).toFixed(2)} s, node RSS ${r.rss.toFixed(0)} MB ${idleS} s later (load average ${load})\n`);
    } finally {
      if (!shared) rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  if (shared) rmSync(shared, { recursive: true, force: true });
}
process.stdout.write(`median of ${runs}: /healthz ${(median(times) / 1000).toFixed(2)} s, RSS ${median(rss).toFixed(0)} MB (targets ≤ 3 s, ≤ 600 MB)\n`);
