/**
 * What refusing a reused requestId costs a 1,000-text submission (src/sentiment/idempotency.ts),
 * as CPU time of this (single) thread, each figure the median of several runs, next to
 * what the submission costs anyway in the same run:
 *   - the fingerprint (SHA-256 over the canonical items) vs the text checks every
 *     submission runs (cleanText per text), for tweet-length and for 20,000-character texts;
 *   - the embedded store's insert of the batch and its 1,000 jobs, without a fingerprint
 *     (no request id) vs with one (adds the look-up of the batch id in the same transaction);
 *   - for the rejected alternative (compare a reuse with the stored jobs): reading the
 *     1,000 stored texts back, vs the fingerprint.
 *
 *   npx tsx bench/requestFingerprint.ts [--runs 15]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import { randomUUID } from 'node:crypto';
import { requestFingerprint, submissionBatchId, submissionJobIds, type CanonicalItem } from '../src/sentiment/idempotency.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { DuckDbSentimentStore } from '../src/sentiment/store/duckdbStore.js';
import type { NewJob } from '../src/sentiment/store/sentimentStore.js';

const { values: args } = cliArgs({
  name: 'requestFingerprint',
  usage: 'npx tsx bench/requestFingerprint.ts [options]',
  about: 'What refusing a reused requestId costs a 1,000-text submission, next to what the submission costs anyway.',
 options: { runs: { arg: 'N', help: 'runs per figure (the median is printed)', type: 'string', default: '15' } } });
const RUNS = Number(args.runs);
const N = 1000;

function cpuMs<T>(fn: () => T): number {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}
async function cpuMsAsync(fn: () => Promise<unknown>): Promise<number> {
  const t = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const WORDS = 'the parcel arrived late but the support team was kind and quick to refund my order again'.split(' ');
function text(chars: number, i: number): string {
  let s = `#${i} `;
  for (let k = i; s.length < chars; k++) s += `${WORDS[k % WORDS.length]} `;
  return s.slice(0, chars);
}

const row = (what: string, ms: number, base?: number) => console.log(`${what.padEnd(64)} ${ms.toFixed(3).padStart(9)} ms${base ? `   ${(ms / base).toFixed(3)}x` : ''}`);

for (const chars of [140, 20_000]) {
  const items: CanonicalItem[] = Array.from({ length: N }, (_, i) => ({ text: text(chars, i), feedId: 'bench-feed', domain: 'GENERAL', occurredMs: null }));
  for (let w = 0; w < 3; w++) { requestFingerprint(items); for (const it of items) cleanText(it.text); }
  const checks = median(Array.from({ length: RUNS }, () => cpuMs(() => { for (const it of items) cleanText(it.text); })));
  const fp = median(Array.from({ length: RUNS }, () => cpuMs(() => requestFingerprint(items))));
  console.log(`\n${N} texts of ${chars} characters (CPU of this thread, median of ${RUNS})`);
  row('text checks every submission runs (cleanText per text)', checks);
  row('request fingerprint (SHA-256 of the canonical items)', fp, checks);
}

const dir = mkdtempSync(join(tmpdir(), 'meridian-fpbench-'));
const store = await DuckDbSentimentStore.open(dir);
try {
  const jobsOf = (requestId: string): { batchId: string; jobs: NewJob[] } => {
    const batchId = submissionBatchId('bench', requestId);
    const jobIds = submissionJobIds(batchId, N, 1);
    return { batchId, jobs: jobIds.map((id, i) => ({ id, tenant: 'bench', text: text(140, i), feedId: 'bench-feed', batchId, domain: 'GENERAL', occurredMs: 1, createdMs: 1 })) };
  };
  const plain: number[] = [];
  const keyed: number[] = [];
  const readBack: number[] = [];
  const fps: number[] = [];
  for (let r = 0; r < RUNS + 2; r++) {
    const a = jobsOf(randomUUID());
    const b = jobsOf(randomUUID());
    const p = await cpuMsAsync(() => store.insertPending(a.jobs, [{ id: a.batchId, tenant: 'bench', createdMs: 1, total: N }]));
    const items = b.jobs.map((j) => ({ text: j.text, feedId: j.feedId, domain: j.domain, occurredMs: null }));
    let fingerprint = '';
    const f = cpuMs(() => { fingerprint = requestFingerprint(items); });
    const k = await cpuMsAsync(() => store.insertPending(b.jobs, [{ id: b.batchId, tenant: 'bench', createdMs: 1, total: N, fingerprint }]));
    // the stored texts of the pending jobs (2,000 per round, as the store holds them): the read a comparison with the stored jobs would need
    const rb = await cpuMsAsync(() => store.unfinished());
    await store.fail([...a.jobs, ...b.jobs].map((j) => j.id), 'BENCH', 'done', 2); // keeps the unfinished set at this round's 2,000
    if (r < 2) continue;
    plain.push(p); keyed.push(k); readBack.push(rb / 2); fps.push(f);
  }
  console.log(`\nEmbedded store (DuckDB), batch of ${N} tweet-length jobs (CPU of this thread incl. DuckDB's, median of ${RUNS})`);
  row('insertPending, batch without request id', median(plain));
  row('insertPending, batch with request fingerprint (+ id look-up)', median(keyed), median(plain));
  row('fingerprint of the same 1,000 texts', median(fps), median(plain));
  row('reading 1,000 stored texts back (the rejected alternative)', median(readBack), median(plain));
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
