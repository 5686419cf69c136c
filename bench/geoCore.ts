/**
 * Core-level geo benchmark: the three hot shapes (by id, name prefix, radius;
 * every list with its total count) on a seeded workload, measured
 *   1. in process (PlaceStore, what the gRPC handlers call),
 *   2. through the real gRPC core on loopback (sequential, then 16 in flight),
 *   3. as plain DuckDB SQL over the same file (src/geo/placeSql.ts),
 * and printed with the ratio SQL / fast path from the same run. The gRPC
 * floor (an empty health check, same client and channel) is measured too, so the
 * gRPC columns read as handler work over transport.
 *
 *   npm run bench            (BENCH_N=600 queries per shape; BENCH_SQL_N=150)
 *   node dist/bench/geoCore.js --n 600 --sql-n 150
 */
import * as grpc from '@grpc/grpc-js';
import { cliArgs } from '../lib/cliArgs.js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProto } from 'grpc-health-check';
import { loadCoreConfig } from '../src/config.js';
import { ConnectionPool, openDatabase } from '../src/db/duckdb.js';
import type { PlaceQuery } from '../src/geo/placeStore.js';
import { searchPlacesSql } from '../src/geo/placeSql.js';
import { searchPrefix } from '../src/geo/searchKey.js';
import { clientConstructor } from '../src/grpc/protos.js';
import { startCore } from '../src/server.js';
import { seededRandom } from '../src/seededRandom.js';

// --n / --sql-n (BENCH_N / BENCH_SQL_N still work, for `npm run bench`)
const { values: opts } = cliArgs({
  name: 'npm run bench',
  usage: 'node dist/bench/geoCore.js [options]   (npm run bench runs it first)',
  about: 'Geo hot shapes (by id, name prefix, radius) in process, through gRPC and as plain DuckDB SQL, with the ratios.',
  options: { n: { arg: 'N', help: 'queries per shape (env BENCH_N)', type: 'string', default: process.env['BENCH_N'] ?? '600' }, 'sql-n': { arg: 'N', help: 'queries per shape for the SQL side (env BENCH_SQL_N)', type: 'string', default: process.env['BENCH_SQL_N'] ?? '150' } },
});
const N = Number(opts.n);
const SQL_N = Number(opts['sql-n']);
if (!(Number.isInteger(N) && N > 0 && Number.isInteger(SQL_N) && SQL_N > 0)) throw new Error('--n and --sql-n are whole numbers above 0');
const log = (s: string) => process.stdout.write(`${s}\n`);


type Shape = 'byId' | 'prefix' | 'radius';
interface Item { shape: Shape; query?: PlaceQuery; id?: number; grpc: Record<string, unknown> }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(items: Item[], fn: (it: Item) => unknown): Promise<{ p50: number; p99: number; qps: number }> {
  const lat: number[] = [];
  for (const it of items.slice(0, Math.min(50, items.length))) await fn(it); // warm-up
  const t0 = performance.now();
  for (const it of items) {
    const t = performance.now();
    await fn(it);
    lat.push(performance.now() - t);
  }
  const total = performance.now() - t0;
  lat.sort((a, b) => a - b);
  return { p50: percentile(lat, 50), p99: percentile(lat, 99), qps: (items.length / total) * 1000 };
}

async function main(): Promise<void> {
  const config = { ...loadCoreConfig(), grpcAddress: '127.0.0.1:0', plaintext: true }; // loopback: the core's own cost, without TLS
  log(`starting the core on ${config.geoDbPath} ...`);
  const core = await startCore(config);
  const store = core.geo.places;
  const db = await ConnectionPool.create(await openDatabase(config.geoDbPath, { readOnly: true }), 2);
  const r = seededRandom(42);
  const pick = () => Math.floor(r() * store.size);
  const now = Date.now();
  const items: Item[] = [];
  for (let k = 0; k < N; k++) {
    const i = pick();
    items.push({ shape: 'byId', id: store.ids[i]!, grpc: { cityId: store.ids[i]! } });
    const j = pick();
    const prefix = store.names.at(j).slice(0, 2 + Math.floor(r() * 4));
    const minPop = [0, 1000, 10000][Math.floor(r() * 3)]!;
    items.push({ shape: 'prefix', query: { prefix: searchPrefix(prefix) || 'a', minPopulation: minPop, includeDeleted: 'NONE', now, sort: [{ field: 'population', desc: true }], offset: 0, limit: 10 },
      grpc: { namePrefix: prefix, minPopulation: minPop, limit: 10 } });
    const c = pick();
    const lat = store.latitude[c]! + (r() - 0.5) * 0.2, lon = store.longitude[c]! + (r() - 0.5) * 0.2;
    const radiusKm = 5 + Math.floor(r() * 195);
    const minPopR = [0, 1000, 10000, 100000][Math.floor(r() * 4)]!;
    const iso = `${lat >= 0 ? '+' : '-'}${Math.abs(lat).toFixed(4)}${lon >= 0 ? '+' : '-'}${Math.abs(lon).toFixed(4)}`;
    items.push({ shape: 'radius', query: { near: { latitude: Number(iso.slice(0, 8)), longitude: Number(iso.slice(8)), radiusKm }, minPopulation: minPopR, includeDeleted: 'NONE', now, sort: [{ field: 'distance', desc: false }], offset: 0, limit: 10 },
      grpc: { location: iso, radius: radiusKm, distanceUnit: 'KM', minPopulation: minPopR, limit: 10 } });
  }
  const Geo = clientConstructor('meridian.geo.v1.GeoService');
  const client = new Geo(core.address, grpc.credentials.createInsecure()) as unknown as Record<string, (req: unknown, cb: (e: Error | null, r: unknown) => void) => void>;
  const rpc = (it: Item) => new Promise((resolve, reject) => {
    const m = it.shape === 'byId' ? 'GetCity' : 'ListPlaces';
    client[m]!.call(client, it.grpc, (e, res) => (e ? reject(e) : resolve(res)));
  });

  const healthDef = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto)) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
  const health = new healthDef.grpc.health.v1.Health(core.address, grpc.credentials.createInsecure()) as unknown as grpc.Client & { check: (r: object, cb: (e: Error | null) => void) => void };
  const floor = await time(items.slice(0, N), () => new Promise<void>((resolve, reject) => health.check({ service: '' }, (e) => (e ? reject(e) : resolve()))));

  const rows: string[] = [];
  log(`workload: ${N} queries per shape (seed 42); SQL reference on the first ${SQL_N} of each`);
  for (const shape of ['byId', 'prefix', 'radius'] as Shape[]) {
    const its = items.filter((x) => x.shape === shape);
    const mem = await time(its, (it) => (it.shape === 'byId' ? core.geo.details(store.indexOf(it.id!)!, { language: 'en', ascii: false }) : store.search(it.query!)));
    const viaGrpc = await time(its, rpc);
    const conc = 16;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: conc }, async () => { while (next < its.length) await rpc(its[next++]!); }));
    const grpcQps = (its.length / (performance.now() - t0)) * 1000;
    const sqlItems = its.slice(0, SQL_N);
    const sql = await time(sqlItems, (it) => (it.shape === 'byId'
      ? db.query('SELECT * FROM places WHERE id = $1', [it.id!])
      : searchPlacesSql(db, it.query!)));
    rows.push(`| ${shape.padEnd(6)} | ${mem.p50.toFixed(3)} | ${mem.p99.toFixed(3)} | ${Math.round(mem.qps).toLocaleString('en')} | ${viaGrpc.p50.toFixed(3)} | ${viaGrpc.p99.toFixed(3)} | ${Math.round(grpcQps).toLocaleString('en')} | ${sql.p50.toFixed(3)} | ${sql.p99.toFixed(3)} | ${(sql.p50 / mem.p50).toFixed(1)}× | ${(sql.p50 / viaGrpc.p50).toFixed(1)}× | ${(viaGrpc.p50 - floor.p50).toFixed(3)} |`);
    log(`  ${shape} done`);
  }
  log('');
  log('| shape  | in-process p50 ms | p99 ms | q/s | gRPC p50 ms | p99 ms | gRPC q/s (16 in flight) | DuckDB SQL p50 ms | p99 ms | SQL/in-process p50 | SQL/gRPC p50 | gRPC p50 over floor ms |');
  log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) log(row);
  log(`\ngRPC floor (empty health check, same process): p50 ${floor.p50.toFixed(3)} ms, p99 ${floor.p99.toFixed(3)} ms`);
  log(`\nmachine: ${process.arch}, Node ${process.versions.node}; core started in-process; gRPC over loopback TCP`);
  (client as unknown as grpc.Client).close();
  health.close();
  await db.close();
  await core.close();
}

main().catch((e: unknown) => { process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
