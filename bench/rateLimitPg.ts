/**
 * Shared rate limits on PostgreSQL (gateway/auth/postgresRateCounter.ts): a burst of
 * requests of one key, counted from two gateways' pools (8 connections each, as
 * `openGatewayDatabase` opens them) against an embedded PostgreSQL started here, with
 * the increment committed without waiting for the disk (what the gateway does) and
 * durably (`durable: true`, what it did before), alternated in the same run.
 *
 * A key's increments serialise on its window's row lock; committed durably, each
 * holds the lock through its own WAL flush.
 *
 *   npm run bench:ratelimit [-- --requests 400 --rounds 3]
 */
import { cliArgs } from '../lib/cliArgs.js';
import type pg from 'pg';
import { startTestPostgres } from '../test/support/postgres.js';
import { openGatewayDatabase } from '../gateway/auth/postgresKeyStore.js';
import { PostgresRateCounter } from '../gateway/auth/postgresRateCounter.js';
import { positiveWhole } from './benchArgs.js';

const { values: args } = cliArgs({
  name: 'npm run bench:ratelimit',
  usage: 'npm run bench:ratelimit [-- options]',
  about: "Shared rate limits on PostgreSQL: one key's burst from two pools, relaxed against durable commits.",
  options: {
    requests: { arg: 'N', help: 'requests per burst', type: 'string', default: '400' },
    rounds: { arg: 'N', help: 'rounds of each commit mode', type: 'string', default: '3' },
  },
});
const REQUESTS = positiveWhole('requests', args.requests);
const ROUNDS = positiveWhole('rounds', args.rounds);
const log = (s: string): void => void process.stdout.write(`${s}\n`);

async function burst(counters: PostgresRateCounter[], key: string): Promise<{ ms: number; p50: number; p99: number }> {
  const lat: number[] = [];
  const t = performance.now();
  await Promise.all(Array.from({ length: REQUESTS }, async (_, i) => {
    const s = performance.now();
    const d = await counters[i % counters.length]!.take(key, 1_000_000);
    if (!d.allowed) throw new Error('a request under the limit was refused');
    lat.push(performance.now() - s);
  }));
  const ms = performance.now() - t;
  lat.sort((a, b) => a - b);
  return { ms, p50: lat[Math.floor(lat.length / 2)]!, p99: lat[Math.floor(lat.length * 0.99)]! };
}

async function main(): Promise<void> {
  process.stderr.write('starting an embedded PostgreSQL…\n');
  const postgres = await startTestPostgres();
  const pools: pg.Pool[] = [];
  try {
    const url = await postgres.createDatabase('ratelimit');
    const onError = (e: unknown) => process.stderr.write(`pool error: ${String(e)}\n`);
    for (let g = 0; g < 2; g++) pools.push(await openGatewayDatabase(url, onError));
    // every connection open before timing
    await Promise.all(pools.flatMap((p) => Array.from({ length: 8 }, () => p.query('SELECT 1'))));
    const kinds = { 'without waiting for the disk (now)': false, 'durable (before)': true } as const;
    const counters = Object.fromEntries(Object.entries(kinds).map(([k, durable]) => [k, pools.map((p) => new PostgresRateCounter(p, onError, { durable }))]));
    const figures = new Map<string, { ms: number; p50: number; p99: number }[]>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const k of Object.keys(kinds)) {
        const f = await burst(counters[k]!, `bench-${r}-${k}`);
        figures.set(k, [...(figures.get(k) ?? []), f]);
        process.stderr.write(`round ${r + 1}/${ROUNDS}, ${k}: ${f.ms.toFixed(0)} ms\n`);
      }
    }
    for (const cs of Object.values(counters)) for (const c of cs) c.stop();
    log(`## ${REQUESTS} concurrent requests of one key, from two gateways' pools of 8, embedded PostgreSQL (${new Date().toISOString()})\n`);
    log('| increment committed | burst ms (each round) | p50 ms | p99 ms |');
    log('| --- | --- | --- | --- |');
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const [k, fs] of figures) log(`| ${k} | ${fs.map((f) => f.ms.toFixed(0)).join(', ')} | ${med(fs.map((f) => f.p50)).toFixed(1)} | ${med(fs.map((f) => f.p99)).toFixed(1)} |`);
    const [now, before] = [...figures.values()].map((fs) => med(fs.map((f) => f.ms)));
    log(`\nDurable ÷ now (median burst time): ${(before! / now!).toFixed(2)}×.`);
  } finally {
    for (const p of pools) await p.end().catch(() => undefined);
    await postgres.close().catch(() => undefined);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
