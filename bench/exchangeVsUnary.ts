/**
 * The gateway↔core framing, paired: the same REST requests through two
 * gateways on one core (mutual TLS on loopback, as `npm start` runs it), one
 * sending each call as a message on the CoreExchange stream (deadline and
 * cancellation carried in the message), the other as a plain unary gRPC call
 * each (deadline and cancellation native to HTTP/2). Issue 13 point 2: "if a
 * standard mechanism is as fast, use it instead". Rounds alternate the two so
 * that background load falls on both; the ratio of each pair is printed.
 *
 *   npm run bench:exchange   (DURATION=8 s per round, CONNECTIONS=32, REPEAT=3, TYPES="byId radius")
 * Each row also gives the CPU time per request of the core process and of the gateways' process (Linux /proc).
 *
 * The workload is bench:rest's (BENCH_PEERS/workload/workload.json, seed 42).
 * The core runs in its own process (test/support/coreProcess.ts), the two
 * gateways in a second, autocannon in this one.
 */
import { cliArgs } from '../lib/cliArgs.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { coreTlsFiles, loadGatewayConfig } from '../gateway/config.js';
import { startGateway } from '../gateway/app.js';
import { localKeyPath } from '../gateway/auth/keyStore.js';
import { projectRoot } from '../src/paths.js';

// Options (the env variables of bench:rest still set the defaults): --duration, --connections, --repeat, --types;
// --serve --core ADDR --core-state DIR is the child mode this script starts itself.
const { values: opts } = cliArgs({
  name: 'npm run bench:exchange',
  usage: 'npm run bench:exchange [-- options]',
  about: "The same REST requests through a gateway using the CoreExchange stream and one using unary gRPC calls, rounds alternated; prints each pair's ratio.",
  options: {
    duration: { arg: 'S', help: 'seconds per round (env DURATION)', type: 'string', default: process.env['DURATION'] ?? '8' },
    connections: { arg: 'N', help: 'autocannon connections (env CONNECTIONS)', type: 'string', default: process.env['CONNECTIONS'] ?? '32' },
    repeat: { arg: 'N', help: 'rounds per framing (env REPEAT)', type: 'string', default: process.env['REPEAT'] ?? '3' },
    types: { arg: '"byId radius"', help: 'request types of the workload, space-separated (env TYPES)', type: 'string', default: process.env['TYPES'] ?? 'byId radius' },
    serve: { help: 'child mode (the bench starts itself so): the two gateways on --core', type: 'boolean', default: false },
    core: { arg: 'HOST:PORT', help: "child mode: the core's address", type: 'string' },
    'core-state': { arg: 'DIR', help: "child mode: the core's state folder (its certificates)", type: 'string' },
  },
});
const positive = (name: string, v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1, got '${v}'`);
  return n;
};
const DURATION = positive('duration', opts.duration);
const CONNECTIONS = positive('connections', opts.connections);
const REPEAT = positive('repeat', opts.repeat);
const TYPES = opts.types.split(/\s+/).filter(Boolean);
const PEERS = process.env['BENCH_PEERS'] ?? join(projectRoot, '..', 'shared', 'bench-peers');
const log = (s: string) => process.stdout.write(`${s}\n`);

/** Child mode (--serve): two gateways on the core at --core (its state folder --core-state), one with the exchange and one without. */
async function serveGateways(coreAddress: string, coreState: string): Promise<void> {
  const out: Record<string, { url: string; key: string }> = {};
  for (const [name, coreExchange] of [['exchange', true], ['unary', false]] as const) {
    const stateDir = mkdtempSync(join(tmpdir(), `meridian-bench-gw-${name}-`));
    const config = { ...loadGatewayConfig({}), httpAddress: '127.0.0.1:0', coreAddress, stateDir, coreExchange, coreTls: coreTlsFiles(coreState) };
    const { url } = await startGateway(config, pino({ level: 'warn' }));
    out[name] = { url, key: readFileSync(localKeyPath(stateDir), 'utf8').trim() };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

function spawnLine<T>(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; value: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try { resolve({ child, value: JSON.parse(line) as T }); } catch { /* log lines */ }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited early (${code})`)));
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; NaN elsewhere): clock ticks of 10 ms. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return NaN; }
}

/** One round; `pids`: the core's and the gateways' processes, whose CPU per request is reported (µs). */
async function round(url: string, key: string, paths: string[], pids: { core?: number; gateway?: number } = {}): Promise<{ rps: number; p50: number; p99: number; errors: number; coreUs: number; gatewayUs: number }> {
  let i = 0;
  const cpu0 = { core: cpuMs(pids.core), gateway: cpuMs(pids.gateway) };
  const result = await autocannon({
    url, connections: CONNECTIONS, duration: DURATION,
    headers: { 'X-Gateway-Key': key },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  const n = result.requests.total || 1;
  return {
    rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx,
    coreUs: ((cpuMs(pids.core) - cpu0.core) * 1000) / n, gatewayUs: ((cpuMs(pids.gateway) - cpu0.gateway) * 1000) / n,
  };
}

async function main(): Promise<void> {
  if (opts.serve) {
    if (!opts.core || !opts['core-state']) throw new Error('--serve needs --core ADDR and --core-state DIR');
    await serveGateways(opts.core, opts['core-state']);
    return;
  }
  const workload = JSON.parse(readFileSync(join(PEERS, 'workload', 'workload.json'), 'utf8')) as { requests: { type: string; rest: string }[] };
  const coreState = mkdtempSync(join(tmpdir(), 'meridian-bench-core-'));
  const core = await spawnLine<{ address: string }>([join(projectRoot, 'test', 'support', 'coreProcess.ts')], { MERIDIAN_STATE_DIR: coreState, MERIDIAN_LOG_LEVEL: 'warn', MERIDIAN_SENTIMENT_WORKERS: '1' });
  const gws = await spawnLine<Record<'exchange' | 'unary', { url: string; key: string }>>([join(projectRoot, 'bench', 'exchangeVsUnary.ts'), '--serve', '--core', core.value.address, '--core-state', coreState], {});
  const rows: string[] = [];
  try {
    for (const type of TYPES) {
      const paths = workload.requests.filter((r) => r.type === type).map((r) => r.rest);
      for (const t of ['exchange', 'unary'] as const) await round(gws.value[t].url, gws.value[t].key, paths.slice(0, 200)); // warm-up
      const ratios: number[] = [];
      for (let rep = 0; rep < REPEAT; rep++) {
        const order = rep % 2 === 0 ? (['exchange', 'unary'] as const) : (['unary', 'exchange'] as const);
        const r: Partial<Record<'exchange' | 'unary', Awaited<ReturnType<typeof round>>>> = {};
        for (const t of order) r[t] = await round(gws.value[t].url, gws.value[t].key, paths, { core: core.child.pid, gateway: gws.child.pid });
        const ratio = r.exchange!.rps / r.unary!.rps;
        ratios.push(ratio);
        const cpu = (x: { coreUs: number; gatewayUs: number }) => `${Math.round(x.coreUs)} / ${Math.round(x.gatewayUs)}`;
        rows.push(`| ${type} | ${rep + 1} | ${Math.round(r.exchange!.rps)} (${r.exchange!.p50} / ${r.exchange!.p99}) | ${Math.round(r.unary!.rps)} (${r.unary!.p50} / ${r.unary!.p99}) | ${ratio.toFixed(2)}× | ${cpu(r.exchange!)} | ${cpu(r.unary!)} | ${r.exchange!.errors} / ${r.unary!.errors} |`);
        log(rows.at(-1)!);
      }
      ratios.sort((a, b) => a - b);
      log(`${type}: median exchange ÷ unary ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}×`);
    }
  } finally {
    gws.child.kill('SIGTERM');
    core.child.kill('SIGTERM');
    rmSync(coreState, { recursive: true, force: true });
  }
  log('');
  log(`| workload | round | exchange req/s (p50 / p99 ms) | unary req/s (p50 / p99 ms) | exchange ÷ unary | exchange CPU µs/req (core / gateway) | unary CPU µs/req (core / gateway) | errors (exchange / unary) |`);
  log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) log(r);
  log(`\n${CONNECTIONS} connections, ${DURATION} s per round; machine load at the end: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  process.exit(0);
}

main().catch((e: unknown) => { process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
