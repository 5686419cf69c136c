/**
 * Sentiment service benchmark, through the real `npm start` topology (one process:
 * gateway on the main thread, core on a worker thread, Piscina workers for the
 * models), on this machine's defaults:
 *   1. synchronous analysis through REST (POST /v1/analyses, X-Service-Async-Mode:
 *      false) next to REST city-by-id (GET /v1/geo/cities/{id}) in the same run:
 *      latency p50/p99 with 1 and with 16 connections (autocannon);
 *   2. asynchronous batch throughput: 10,000 tweet-length texts submitted through REST
 *      (POST /v1/analyses:batch, 1,000 per call) until every job has SUCCEEDED, next
 *      to vader-sentiment single-threaded on the same texts.
 *
 *   npm run bench:sentiment [-- --seconds 8 --texts 10000 --sequential 2000 --only sync|async]
 *   (--memory: where the peak RSS goes, per isolate and native; --profile DIR: V8 CPU profiles of its threads; --perf FILE: perf record of the service during the batch)
 *   (the BENCH_SECONDS, BENCH_TEXTS and BENCH_SEQUENTIAL variables set the same defaults)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { projectRoot } from '../src/paths.js';
import { positiveWhole as positive } from './benchArgs.js';
import { vader } from '../training/lexiconBaselines.js';
import { loadGeneralCorpus } from '../training/corpus.js';
import { SentimentAnalyzer, type AnalysisOutput } from '../src/sentiment/sentimentAnalyzer.js';
import { DuckDbSentimentStore } from '../src/sentiment/store/duckdbStore.js';
import { JobStore } from '../src/sentiment/store/jobStore.js';
import { storedResult } from '../src/sentiment/store/messages.js';
import type { NewJob } from '../src/sentiment/store/sentimentStore.js';

const { values: args } = cliArgs({
  name: 'npm run bench:sentiment',
  usage: 'npm run bench:sentiment [-- options]   (node dist/bench/sentimentService.js …)',
  about: 'The sentiment service through the npm start topology: synchronous REST latency next to city-by-id, and batch throughput next to vader-sentiment.',
  options: {
    seconds: { arg: 'S', help: 'seconds per latency run (env BENCH_SECONDS)', type: 'string', default: process.env['BENCH_SECONDS'] ?? '8' },
    texts: { arg: 'N', help: 'texts of the batch run (env BENCH_TEXTS)', type: 'string', default: process.env['BENCH_TEXTS'] ?? '10000' },
    sequential: { arg: 'N', help: 'texts of the one-after-the-other run (env BENCH_SEQUENTIAL)', type: 'string', default: process.env['BENCH_SEQUENTIAL'] ?? '2000' },
    /** Batch submissions in flight at once (each on its own keep-alive connection); 1 = one after the other. */
    submitters: { arg: 'N', help: 'batch submissions in flight at once (env BENCH_SUBMITTERS)', type: 'string', default: process.env['BENCH_SUBMITTERS'] ?? '4' },
    only: { arg: 'sync|async', help: 'run one half only', type: 'string' },
    /** Writes V8 CPU profiles of the service's threads (main, core, pool workers) to this folder. */
    profile: { arg: 'DIR', help: "V8 CPU profiles of the service's threads", type: 'string' },
    /** Records the service with `perf record` (Debian's linux-perf) during the measured batch, into this file (see by shared library: perf report -i FILE --sort dso). */
    perf: { arg: 'FILE', help: 'perf record of the service during the batch', type: 'string' },
    /** Where the peak RSS goes: each isolate's peak V8 heap and external memory, and the process's anonymous and lazily freed memory at its RSS peak. */
    memory: { help: 'where the peak RSS goes, per isolate and native', type: 'boolean', default: false },
  },
});
const SECONDS = positive('seconds', args.seconds);
const TEXTS = positive('texts', args.texts);
const N_SEQ = positive('sequential', args.sequential);
const SUBMITTERS = positive('submitters', args.submitters);
/** Texts the service and vader-sentiment each analyse untimed before the measured batch (batches of 1,000, three at a time). */
const WARM_TEXTS = 12_000;
if (args.only !== undefined && args.only !== 'sync' && args.only !== 'async') throw new Error(`--only must be sync or async, got '${args.only}'`);
const runSync = args.only !== 'async';
const runAsync = args.only !== 'sync';
const log = (s: string): void => void process.stdout.write(`${s}\n`);

/**
 * --memory: preloaded (NODE_OPTIONS --require) into every isolate of the service (main, core,
 * pool workers): samples this isolate's V8 heap and external memory every 50 ms and keeps the
 * maxima in <dir>/<threadId>.json.
 */
const MEMORY_TRACER = `const { isMainThread, threadId } = require('node:worker_threads');
const fs = require('node:fs');
const dir = process.env.MERIDIAN_BENCH_MEMORY_DIR;
if (dir) {
  // the launcher starts the core's thread first (threadId 1); the pool's workers come after
  const role = isMainThread ? 'main (gateway)' : threadId === 1 ? 'core' : 'pool worker';
  const max = { heapTotal: 0, heapUsed: 0, external: 0 };
  setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(max)) max[k] = Math.max(max[k], m[k]);
  }, 50).unref();
  setInterval(() => fs.writeFileSync(dir + '/' + threadId + '.json', JSON.stringify({ role, threadId, ...max })), 500).unref();
}
`;

/** The isolates' peak memory as the tracer left it, in MB. */
function isolatePeaks(dir: string): { role: string; threadId: number; heapTotal: number; heapUsed: number; external: number }[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { role: string; threadId: number; heapTotal: number; heapUsed: number; external: number })
    .sort((a, b) => a.threadId - b.threadId);
}

async function startService(stateDir: string): Promise<{ url: string; key: string; pid: number; stop: () => Promise<void> }> {
  const memoryEnv: Record<string, string> = {};
  if (args.memory) {
    const dir = join(stateDir, 'memory');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tracer.cjs'), MEMORY_TRACER);
    memoryEnv['NODE_OPTIONS'] = `${process.env['NODE_OPTIONS'] ?? ''} --require ${join(dir, 'tracer.cjs')}`.trim();
    memoryEnv['MERIDIAN_BENCH_MEMORY_DIR'] = dir;
  }
  const child = spawn(process.execPath, [...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []), join(projectRoot, 'dist', 'bin', 'meridian.js'), '--listen=127.0.0.1:0'], {
    env: { ...process.env, ...memoryEnv, MERIDIAN_STATE_DIR: stateDir, MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /gateway \(REST, JSONP, GraphQL, OpenAPI\) on (\S+)/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`meridian exited (${code}) before listening; run npm run build first`)));
  });
  const key = readFileSync(join(stateDir, 'local-key.txt'), 'utf8').trim();
  return {
    url,
    key,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(url: string, connections: number, requests: autocannon.Request[], headers: Record<string, string>): Promise<Latency> {
  const r = await autocannon({ url, connections, duration: SECONDS, headers, requests });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}

/** One connection, requests back to back, latencies in fractional ms (autocannon rounds to whole ms). */
async function sequential(url: string, n: number, next: () => { method: string; path: string; body?: string }, headers: Record<string, string>): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let errors = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const r = next();
    const t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url + r.path, { method: r.method, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(r.body);
    });
    times.push(performance.now() - t0);
    if (status !== 200) errors++;
  }
  const total = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)]!, p99: times[Math.floor(n * 0.99)]!, rps: n / total, errors };
}

const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** Resident memory of a process in MB (all its threads: gateway, core, pool workers, DuckDB). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) used so far by each thread of a process, by thread id. */
function threadCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) / 100); // utime, stime in clock ticks (USER_HZ 100)
    } catch { /* the thread ended */ }
  }
  return out;
}

/**
 * The job store's cost per job, in this process: the life of an asynchronous job as
 * the runner drives it (insert PENDING 1,000 per submission, claims of 256 and their completion,
 * through the JobStore's gathering and the store's queue) on a fresh DuckDB file, with
 * the results the model made for the same texts; and the shaping of those results
 * (message and stored JSON, made once per result).
 */
async function storeCost(texts: string[], outputs: AnalysisOutput[]): Promise<{ shapeUs: number; storeUs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-store-'));
  const store = new JobStore(await DuckDbSentimentStore.open(dir));
  try {
    const now = Date.now();
    const jobs: NewJob[] = texts.map((text, i) => ({ id: randomUUID(), tenant: 'default', text, feedId: 'bench', batchId: `b${Math.floor(i / 1000)}`, domain: 'GENERAL', occurredMs: now, createdMs: now }));
    const anomaly = { anomalous: false, zScore: 0.4, baselineItems: 200, baselineMedian: 0.3 };
    let t = performance.now();
    const results = jobs.map((j, i) => storedResult(j, outputs[i % outputs.length]!, randomUUID(), now, anomaly));
    const shapeUs = ((performance.now() - t) * 1000) / jobs.length;
    t = performance.now();
    await Promise.all(Array.from({ length: Math.ceil(jobs.length / 1000) }, (_, b) => store.insertPending(jobs.slice(b * 1000, b * 1000 + 1000), [])));
    const writes: Promise<unknown>[] = [];
    const byJob = new Map(results.map((r) => [r.jobId, r]));
    for (let claimed = await store.queue.claim(256, now); claimed.length; claimed = await store.queue.claim(256, now)) {
      writes.push(store.complete(claimed.map((j) => byJob.get(j.id)!), now));
    }
    await Promise.all(writes);
    return { shapeUs, storeUs: ((performance.now() - t) * 1000) / jobs.length };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function logMemory(stateDir: string, idle: string, peak: string): void {
  const mb = (x: number) => (x / 1048576).toFixed(0);
  const isolates = isolatePeaks(join(stateDir, 'memory'));
  log(`\nWhere the RSS goes (--memory): process ${idle} idle; ${peak} at the RSS peak. Peak V8 heap (committed / used) and external memory per isolate (MB): ${isolates.map((i) => `${i.role} [${i.threadId}] ${mb(i.heapTotal)} / ${mb(i.heapUsed)}, external ${mb(i.external)}`).join('; ')}.`);
}

async function main(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
  const svc = await startService(stateDir);
  try {
    const headers = { 'X-Gateway-Key': svc.key, 'content-type': 'application/json' };
    const rows = loadGeneralCorpus().filter((r) => r.split === 'heldout' && r.source === 'umsab');
    const texts = Array.from({ length: TEXTS }, (_, i) => rows[(i * 7919) % rows.length]!.text);
    const cities = (await (await fetch(`${svc.url}/v1/geo/cities?limit=100&sort=-population`, { headers })).json()) as { data: { id: number }[] };
    const ids = cities.data.map((c) => c.id);
    // warm up both paths (models load in the workers at start)
    for (let i = 0; i < 200; i++) {
      await fetch(`${svc.url}/v1/analyses`, { method: 'POST', headers: { ...headers, 'X-Service-Async-Mode': 'false' }, body: JSON.stringify({ text: texts[i] }) });
      await fetch(`${svc.url}/v1/geo/cities/${ids[i % ids.length]}`, { headers });
    }
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMb(svc.pid);
    let peakRss = idleRss;
    /** --memory: the process's anonymous and lazily freed (MADV_FREE, still counted in RSS) memory, idle and at the RSS peak. */
    const rollup = (): string => {
      const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${svc.pid}/smaps_rollup`, 'utf8'))?.[1] ?? NaN);
      return `anonymous ${(kb('Anonymous') / 1024).toFixed(0)} MB, lazily freed ${(kb('LazyFree') / 1024).toFixed(0)} MB`;
    };
    const idleRollup = args.memory ? rollup() : '';
    let peakRollup = idleRollup;
    const sampler = setInterval(() => {
      const r = rssMb(svc.pid);
      if (r > peakRss && args.memory) peakRollup = rollup();
      peakRss = Math.max(peakRss, r);
    }, 100);
    let t = 0;
    let c = 0;
    const syncReq: autocannon.Request = {
      method: 'POST', path: '/v1/analyses', headers: { ...headers, 'X-Service-Async-Mode': 'false' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ text: texts[t++ % texts.length] }) }),
    };
    const cityReq: autocannon.Request = { method: 'GET', setupRequest: (req) => ({ ...req, path: `/v1/geo/cities/${ids[c++ % ids.length]}` }) };
    if (runSync) {
      log('## Synchronous analysis vs city-by-id through REST\n');
      log(`1 connection: ${N_SEQ} requests back to back (node:http, keep-alive). 16 connections: autocannon for ${SECONDS} s (whole-ms latencies).\n`);
      log('| connections | route | req/s | p50 ms | p99 ms | errors | p50 ratio to city-by-id |');
      log('| --- | --- | --- | --- | --- | --- | --- |');
      const seqCity = await sequential(svc.url, N_SEQ, () => ({ method: 'GET', path: `/v1/geo/cities/${ids[c++ % ids.length]}` }), { 'X-Gateway-Key': svc.key });
      const seqSync = await sequential(svc.url, N_SEQ, () => ({ method: 'POST', path: '/v1/analyses', body: JSON.stringify({ text: texts[t++ % texts.length] }) }), { ...headers, 'X-Service-Async-Mode': 'false' });
      const row = (conns: number, route: string, l: Latency, base: Latency) =>
        log(`| ${conns} | ${route} | ${l.rps.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p99)} | ${l.errors} | ${(l.p50 / Math.max(base.p50, 0.001)).toFixed(2)} |`);
      row(1, 'GET /v1/geo/cities/{id}', seqCity, seqCity);
      row(1, 'POST /v1/analyses (sync)', seqSync, seqCity);
      const city = await measure(svc.url, 16, [cityReq], headers);
      const sync = await measure(svc.url, 16, [syncReq], headers);
      row(16, 'GET /v1/geo/cities/{id}', city, city);
      row(16, 'POST /v1/analyses (sync)', sync, city);
    }

    if (!runAsync) {
      clearInterval(sampler);
      log(`\nRSS of the service (all threads): ${idleRss.toFixed(0)} MB idle after warm-up, ${peakRss.toFixed(0)} MB at most under load.`);
      if (args.memory) logMemory(stateDir, idleRollup, peakRollup);
      return;
    }
    log(`\n## Asynchronous batch throughput (${TEXTS} texts, 1,000 per POST /v1/analyses:batch, ${SUBMITTERS === 1 ? 'one submission after the other' : `${SUBMITTERS} submissions in flight`})\n`);
    // the same warm-up texts for vader-sentiment first, untimed: both sides are measured warm
    const warm = Array.from({ length: WARM_TEXTS }, (_, i) => rows[(i * 104729 + 13) % rows.length]!.text);
    for (const x of warm) vader.polarity_scores(x);
    const vStart = performance.now();
    for (const x of texts) vader.polarity_scores(x);
    const vaderRate = TEXTS / ((performance.now() - vStart) / 1000);
    /** One POST /v1/analyses:batch of these texts (202 expected): its batch id. */
    const submitBatch = async (items: string[], feedId: string): Promise<string> => {
      const r = await fetch(`${svc.url}/v1/analyses:batch`, { method: 'POST', headers, body: JSON.stringify({ items: items.map((text) => ({ text, feedId })) }) });
      if (r.status !== 202) throw new Error(`batch submit (${feedId}) answered ${r.status}: ${await r.text()}`);
      const body = (await r.json()) as { data: unknown[]; metadata: { batchId: string } };
      if (body.data.length !== items.length) throw new Error(`batch submit (${feedId}) answered ${body.data.length} jobs for ${items.length} items`);
      return body.metadata.batchId;
    };
    /**
     * Polls a batch's progress (GET /v1/batches/{id}, as a client pushing batches would) every 20 ms until it is done;
     * every one of its jobs must have SUCCEEDED. (Until 2026-12-06 the bench read every 500th job one after the other
     * once the last had SUCCEEDED: 20 sequential requests, ~50 ms of a ~1 s batch, and a sample of the jobs.)
     */
    const untilDone = async (id: string): Promise<void> => {
      for (;;) {
        const b = (await (await fetch(`${svc.url}/v1/batches/${id}`, { headers })).json()) as { data: { done: boolean; total: string | number; counts: Record<string, string | number | undefined> } };
        if (b.data.done) {
          const succeeded = Number(b.data.counts['SUCCEEDED'] ?? 0);
          if (succeeded !== Number(b.data.total)) throw new Error(`batch ${id} done with ${succeeded} of ${b.data.total} jobs SUCCEEDED: ${JSON.stringify(b.data.counts)}`);
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    // Warm-up of the asynchronous path (submission, job store, completion) with other texts, untimed:
    // its code is otherwise compiled by V8 during the measured batch, which a long-running service has
    // done long before. 3,000 texts were not enough: V8's compiler threads still took 16 % of the
    // service's samples in the measured batch (perf), 5 % after 12,000 (bench/README.md).
    for (let round = 0; round < WARM_TEXTS / 3000; round++) {
      const warmBatches = await Promise.all([0, 1, 2].map((b) => submitBatch(warm.slice(round * 3000 + b * 1000, round * 3000 + b * 1000 + 1000), 'warm-up')));
      await Promise.all(warmBatches.map(untilDone));
    }
    const perf = args.perf === undefined ? null : spawn('perf', ['record', '-F', '999', '-g', '-p', String(svc.pid), '-o', args.perf], { stdio: 'ignore' });
    if (perf) await new Promise((r) => setTimeout(r, 500));
    const cpuBefore = threadCpu(svc.pid);
    const startHr = process.hrtime.bigint();
    const start = performance.now();
    // SUBMITTERS clients, each posting its next 1,000 as soon as its previous one was accepted (202)
    let nextChunk = 0;
    const batches: string[] = [];
    await Promise.all(Array.from({ length: SUBMITTERS }, async () => {
      for (let i = nextChunk++ * 1000; i < texts.length; i = nextChunk++ * 1000) {
        batches[i / 1000] = await submitBatch(texts.slice(i, i + 1000), 'bench');
      }
    }));
    const submitted = performance.now();
    // batches finish roughly in the order they were sent: wait for the last, then check every batch (in parallel)
    await untilDone(batches[batches.length - 1]!);
    await Promise.all(batches.map(untilDone));
    const done = performance.now();
    // the batch's window on the monotonic clock the profiles' timestamps use (µs), to read them for the batch alone
    if (args.profile !== undefined) {
      mkdirSync(args.profile, { recursive: true });
      writeFileSync(join(args.profile, 'batch-window.json'), JSON.stringify({ fromUs: Number(startHr / 1000n), toUs: Number(process.hrtime.bigint() / 1000n), texts: TEXTS }));
    }
    const cpuAfter = threadCpu(svc.pid);
    if (perf) {
      perf.kill('SIGINT');
      await new Promise((r) => perf.once('exit', r));
    }
    clearInterval(sampler);
    const rate = TEXTS / ((done - start) / 1000);
    log('| system | texts/s | ratio to vader-sentiment |');
    log('| --- | --- | --- |');
    log(`| vader-sentiment, one thread, in process | ${vaderRate.toFixed(0)} | 1.00 |`);
    log(`| Meridian: submit → every job SUCCEEDED (${((submitted - start) / 1000).toFixed(2)} s submitting, ${((done - start) / 1000).toFixed(2)} s total) | ${rate.toFixed(0)} | ${(rate / vaderRate).toFixed(2)} |`);

    // The model side of the same texts in this process, one thread, batches of 256 (what
    // a pool worker does per micro-batch), split by stage; the rest of the service's time
    // per text (gateway, gRPC, job store, scheduling) is what the service adds.
    const analyzer = await SentimentAnalyzer.load({ timeStages: true });
    await analyzer.analyze(texts.slice(0, 256));
    Object.assign(analyzer.stageNanos, { clean: 0, featurise: 0, language: 0, encode: 0, infer: 0, shape: 0, texts: 0 });
    const aStart = performance.now();
    const outputs: AnalysisOutput[] = [];
    for (let i = 0; i < texts.length; i += 256) {
      for (const o of await analyzer.analyze(texts.slice(i, i + 256))) if (!('error' in o)) outputs.push(o);
    }
    const modelRate = TEXTS / ((performance.now() - aStart) / 1000);
    const st = analyzer.stageNanos;
    const us = (x: number): string => (x / 1e3 / st.texts).toFixed(1);
    const rawRate = 1e9 / ((st.featurise + st.encode + st.infer) / st.texts);
    const spent = [...cpuAfter].map(([tid, s]) => ({ tid, s: s - (cpuBefore.get(tid) ?? 0), main: tid === svc.pid })).filter((x) => x.s > 0.005).sort((a, b) => b.s - a.s);
    const cpuTotal = spent.reduce((a, x) => a + x.s, 0);
    const cpuLine = `\nCPU of the service during the batch: ${cpuTotal.toFixed(2)} s over ${((done - start) / 1000).toFixed(2)} s (${(cpuTotal / ((done - start) / 1000)).toFixed(2)} cores busy on average; ${((cpuTotal * 1e6) / TEXTS).toFixed(0)} µs of CPU per text). By thread (s): ${spent.map((x) => `${x.s.toFixed(2)}${process.env["BENCH_TIDS"] ? `[+${x.tid - svc.pid}]` : ""}${x.main ? ' (main: gateway)' : ''}`).join(', ')}.`;
    log(`| model side only: full analysis, one thread, batch 256, in process | ${modelRate.toFixed(0)} | ${(modelRate / vaderRate).toFixed(2)} |`);
    log(`| model side only: featurise + infer (raw), one thread | ${rawRate.toFixed(0)} | ${(rawRate / vaderRate).toFixed(2)} |`);
    log(cpuLine);
    log(`\nService throughput / raw featurise+infer throughput of one thread: ${(rate / rawRate).toFixed(2)}.`);
    const sc = await storeCost(texts, outputs);
    log(`\nCost per text by stage (µs, one thread, in process): parse ${us(st.clean)}, language ${us(st.language)}, featurise ${us(st.featurise)} + encode ${us(st.encode)}, infer ${us(st.infer)}, shape ${us(st.shape)} (levels, rationale) + ${sc.shapeUs.toFixed(1)} (message and stored JSON), store ${sc.storeUs.toFixed(1)} (wall, DuckDB: insert, claim, result; its own thread). The service's wall time per text is ${(1e6 / rate).toFixed(1)} µs on this machine's cores; gateway, gRPC and scheduling are the rest.`);
    log(`\nRSS of the service (all threads): ${idleRss.toFixed(0)} MB idle after warm-up, ${peakRss.toFixed(0)} MB at most under load (synchronous rows and this batch).`);
    if (args.memory) logMemory(stateDir, idleRollup, peakRollup);
  } finally {
    await svc.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
