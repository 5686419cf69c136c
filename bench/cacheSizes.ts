/**
 * `npm run bench:caches`: what each bounded cache (lib/boundedCache.ts) holds after one pass of the REST
 * workload, and its bytes per entry as measured: core and gateway are started in this one thread (plaintext
 * on loopback, so that both heaps are this heap), the peers' seeded workload (bench/restVsPeers.sh's 2,000
 * requests: by id, prefix, radius) is sent once, then each cache is emptied in turn with a full GC before and
 * after, and the memory it let go (V8 heap + external: Buffers live outside the heap) is divided by its entries.
 *
 *   npm run bench:caches [-- --workload FILE --passes N]
 *
 * Run with node --expose-gc (the npm script does).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { cliArgs } from '../lib/cliArgs.js';
import { keptCaches } from '../lib/boundedCache.js';
import { projectRoot } from '../lib/projectRoot.js';
import { loadCoreConfig } from '../src/config.js';
import { startCore } from '../src/server.js';
import { loadGatewayConfig } from '../gateway/config.js';
import { startGateway } from '../gateway/app.js';
import { localKeyPath } from '../gateway/auth/keyStore.js';

const { values: args } = cliArgs({
  name: 'npm run bench:caches',
  usage: 'npm run bench:caches [-- options]',
  about: 'Entries and measured bytes per entry of every bounded cache after a pass of the REST workload.',
  options: {
    workload: { arg: 'FILE', help: 'the peers\' workload.json', type: 'string', default: join(projectRoot, '../shared/bench-peers/workload/workload.json') },
    passes: { arg: 'N', help: 'passes over the workload before measuring', type: 'string', default: '1' },
  },
});
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:caches does)');
const used = (): number => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.external; };

const workloadFile = args.workload.startsWith('/') ? args.workload : join(process.cwd(), args.workload);
const requests = (JSON.parse(readFileSync(workloadFile, 'utf8')) as { requests: { rest: string }[] }).requests.map((r) => r.rest);
const state = mkdtempSync(join(tmpdir(), 'meridian-caches-'));
const env = { ...process.env, MERIDIAN_STATE_DIR: state, MERIDIAN_GRPC_ADDR: '127.0.0.1:0', MERIDIAN_HTTP_ADDR: '127.0.0.1:0', MERIDIAN_CORE_PLAINTEXT: 'true', MERIDIAN_SENTIMENT_WORKERS: '1', MERIDIAN_WORK_BUDGET: '0' };
const core = await startCore(loadCoreConfig(env));
const { gateway, url } = await startGateway({ ...loadGatewayConfig(env), coreAddress: core.address }, pino({ level: 'silent' }));
try {
  const key = readFileSync(localKeyPath(state), 'utf8').trim();
  const before = used();
  let failed = 0;
  for (let pass = 0; pass < Number(args.passes); pass++) {
    for (let i = 0; i < requests.length; i += 16) {
      await Promise.all(requests.slice(i, i + 16).map(async (path) => {
        const res = await fetch(url + path, { headers: { 'X-Gateway-Key': key } });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }));
    }
  }
  const after = used();
  console.log(`${requests.length} requests × ${args.passes} (${failed} not 200): heap + external ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB`);
  console.log('| cache | entries | bound | counted | freed when emptied | bytes per entry |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { name, cache } of keptCaches()) {
    if (!cache.size) { console.log(`| ${name} | 0 | ${cache.bound} | 0 | — | — |`); continue; }
    const entries = cache.size, weight = cache.weight;
    const full = used();
    cache.clear();
    const freed = full - used();
    console.log(`| ${name} | ${entries} | ${cache.bound} | ${weight} | ${(freed / 1024).toFixed(0)} KiB | ${Math.round(freed / entries)} |`);
  }
} finally {
  await gateway.close();
  await core.close();
  rmSync(state, { recursive: true, force: true });
}
