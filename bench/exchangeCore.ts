/**
 * The core's CPU per call on the CoreExchange stream, without a gateway: one
 * core in its own process (test/support/coreProcess.ts, mutual TLS on
 * loopback), this process writing the calls directly on one stream (16 per
 * message, `--in-flight` at a time, as the gateway does), the core's CPU time
 * (user + system, Linux /proc) divided by the calls answered. CPU time rather
 * than calls per second, so that a busy machine changes the figure less:
 * compare two trees by running this in each, alternated.
 *
 *   npx tsx bench/exchangeCore.ts [--calls 20000] [--in-flight 64] [--rounds 3] [--method GetCity]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as grpc from '@grpc/grpc-js';
import { cliArgs } from '../lib/cliArgs.js';
import { exchangeWire } from '../proto/contract/exchange.js';
import { packageDefinition } from '../src/grpc/protos.js';
import { projectRoot } from '../src/paths.js';

const { values: opts } = cliArgs({
  name: 'bench/exchangeCore.ts',
  usage: 'npx tsx bench/exchangeCore.ts [options]',
  about: "The core's CPU time per call answered on one CoreExchange stream (no gateway).",
  options: {
    calls: { arg: 'N', help: 'calls per round', type: 'string', default: '20000' },
    'in-flight': { arg: 'N', help: 'calls in flight at once', type: 'string', default: '64' },
    rounds: { arg: 'N', help: 'rounds (the first one warms up and is not counted)', type: 'string', default: '4' },
    method: { arg: 'NAME', help: 'GetCity (by id) or ListCitiesNearLocation (radius)', type: 'string', default: 'GetCity' },
  },
});
const CALLS = Number(opts.calls);
const IN_FLIGHT = Number(opts['in-flight']);
const ROUNDS = Number(opts.rounds);

const cpuMs = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

const stateDir = mkdtempSync(join(tmpdir(), 'meridian-xcore-'));
const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'test', 'support', 'coreProcess.ts')], {
  cwd: projectRoot, env: { ...process.env, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_LOG_LEVEL: 'warn', MERIDIAN_SENTIMENT_WORKERS: '1', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'inherit'],
});
const address = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout }).on('line', (l) => { try { const m = JSON.parse(l) as { address?: string }; if (m.address) resolve(m.address); } catch { /* log line */ } });
  child.once('exit', (c) => reject(new Error(`core exited (${c})`)));
});
const tls = join(stateDir, 'tls');
const credentials = grpc.credentials.createSsl(readFileSync(join(tls, 'ca-cert.pem')), readFileSync(join(tls, 'gateway-key.pem')), readFileSync(join(tls, 'gateway-cert.pem')));
const client = new grpc.Client(address, credentials, { 'grpc.ssl_target_name_override': 'localhost' });
const m = (packageDefinition()['meridian.geo.v1.GeoService'] as unknown as Record<string, { path: string; requestSerialize: (v: unknown) => Buffer }>)[opts.method]!;
const ids = [5391959, 2988507, 2643743, 5128581, 1850147, 2867714, 3448439, 292223, 2147714, 6167865];
const payloads = opts.method === 'GetCity'
  ? ids.map((cityId) => m.requestSerialize({ cityId }))
  : ids.map((_, i) => m.requestSerialize({ location: `+${(40 + i).toFixed(4)}+00${i}.0000`, radius: 100, distanceUnit: 'KM', limit: 10 }));

async function round(): Promise<{ ms: number; cpu: number; failed: number }> {
  const stream = client.makeBidiStreamRequest('/meridian.exchange.v1.CoreExchange/Exchange', exchangeWire.encodeRequest as (v: object) => Buffer, exchangeWire.decodeResponse);
  let sent = 0;
  let done = 0;
  let failed = 0;
  const cpu0 = cpuMs(child.pid!);
  const t0 = performance.now();
  const send = (n: number) => {
    const calls = [];
    for (let i = 0; i < n && sent < CALLS; i++, sent++) calls.push({ id: sent + 1, method: m.path, payload: payloads[sent % payloads.length]!, timeoutMs: 30_000 });
    for (let i = 0; i < calls.length; i += 16) stream.write({ calls: calls.slice(i, i + 16) });
  };
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (msg: { results: { statusCode: number }[] }) => {
      for (const r of msg.results) { done++; if (r.statusCode !== 0) failed++; }
      if (done === CALLS) resolve(); else send(msg.results.length);
    });
    stream.on('error', reject);
    send(IN_FLIGHT);
  });
  stream.end();
  return { ms: performance.now() - t0, cpu: cpuMs(child.pid!) - cpu0, failed };
}

try {
  for (let r = 0; r < ROUNDS; r++) {
    const x = await round();
    if (r === 0) continue;
    process.stdout.write(`${opts.method} round ${r}: ${CALLS} calls, core CPU ${((x.cpu * 1000) / CALLS).toFixed(1)} µs/call, ${Math.round(CALLS / (x.ms / 1000))} calls/s, ${x.failed} failed\n`);
  }
} finally {
  client.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(stateDir, { recursive: true, force: true });
}
