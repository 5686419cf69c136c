/**
 * Reads the load runs of one bench/restVsPeers.sh run and prints, per request
 * type, each target's req/s, p50 and p99, and the ratios the issues target:
 * Meridian REST at least 5x fastify-pg (Fastify + pg + PostGIS) and 0.8x
 * kdbush (in-memory Fastify, the practical ceiling); Meridian GraphQL at least
 * 10x PostGraphile and 0.6x Meridian REST (issue 39). Runs of the same target and type
 * are combined by their median.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';

interface Run { label: string; type: string; rps: number; p50_ms: number; p99_ms: number; errors: number; server_cpu_ms_per_req?: number }

/** [subject, baseline, least ratio of req/s] */
const TARGETS: [string, string, number][] = [
  ['meridian', 'fastify-pg', 5], ['meridian', 'kdbush', 0.8], ['meridian-graphql', 'postgraphile', 10], ['meridian-graphql', 'meridian', 0.6],
  // BASELINE=DIR (restVsPeers.sh): the current tree no slower than an earlier checkout, in the same run
  ['meridian', 'meridian-base', 1],
];
/** Printed for reading the others, with no target of their own. */
const CONTEXT: [string, string][] = [['meridian-base', 'kdbush']];
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2; };

const { positionals } = cliArgs({
  name: 'peerRatios',
  usage: 'node dist/bench/peerRatios.js RESULTS_DIR   (bench/restVsPeers.sh runs it)',
  about: 'Per request type, each target\'s req/s, p50 and p99 from one bench/restVsPeers.sh run, and the ratios the issues target.',
  options: {},
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir || positionals.length > 1) { process.stderr.write('usage: peerRatios.js RESULTS_DIR\n'); process.exit(2); }
const runs = readdirSync(dir).filter((f) => /^load-.*\.json$/.test(f)).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Run);
const by = new Map<string, Run[]>();
for (const r of runs) by.set(`${r.label}|${r.type}`, [...(by.get(`${r.label}|${r.type}`) ?? []), r]);
const types = ['mixed', 'radius', 'prefix', 'byId'].filter((t) => runs.some((r) => r.type === t));
const labels = [...new Set(runs.map((r) => r.label))].sort((a, b) => (a === 'meridian' ? -1 : b === 'meridian' ? 1 : a.localeCompare(b)));
const stat = (label: string, type: string) => {
  const rs = by.get(`${label}|${type}`) ?? [];
  return rs.length ? { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50_ms)), p99: median(rs.map((r) => r.p99_ms)), errors: rs.reduce((a, r) => a + r.errors, 0), cpu: median(rs.map((r) => r.server_cpu_ms_per_req ?? NaN)) } : undefined;
};
const out: string[] = ['', '| type | target | req/s | p50 ms | p99 ms | errors | server CPU ms/req |', '|---|---|---|---|---|---|---|'];
for (const t of types) {
  for (const l of labels) {
    const s = stat(l, t);
    if (s) out.push(`| ${t} | ${l} | ${Math.round(s.rps)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.errors} | ${Number.isFinite(s.cpu) ? s.cpu.toFixed(3) : '-'} |`);
  }
}
out.push('', '| type | ratio of req/s | measured | target |', '|---|---|---|---|');
let failed = 0;
for (const t of types) {
  for (const [subject, baseline, want] of TARGETS) {
    const a = stat(subject, t), b = stat(baseline, t);
    if (!a || !b) continue;
    const ratio = a.rps / b.rps;
    if (ratio < want) failed++;
    out.push(`| ${t} | ${subject} ÷ ${baseline} | ${ratio.toFixed(2)}x | ≥ ${want}x: ${ratio >= want ? 'met' : 'NOT met'} |`);
  }
}
for (const t of types) {
  for (const [subject, baseline] of CONTEXT) {
    const a = stat(subject, t), b = stat(baseline, t);
    if (a && b) out.push(`| ${t} | ${subject} ÷ ${baseline} | ${(a.rps / b.rps).toFixed(2)}x | (context) |`);
  }
}
out.push('', `(median of ${Math.max(...[...by.values()].map((v) => v.length))} runs per row; ${failed} ratio target(s) not met)`);
process.stdout.write(`${out.join('\n')}\n`);
