/**
 * Chaos check (not part of `npm test`; minutes long): three core replicas on one
 * PostgreSQL; 10,000 texts submitted; then, until every acknowledged job SUCCEEDED, a
 * random replica is SIGKILLed every KILL_EVERY_MS (while two or more are up) and a fresh one started. Prints the
 * counts and exits non-zero if any acknowledged job is missing, unfinished or has more
 * than one result.
 *
 *   npx tsx test/scale/randomKills.ts      (TEXTS=10000 KILL_EVERY_MS=2000 LEASE_MS=2000 SEED=7)
 */
import pg from 'pg';
import { startTestPostgres } from '../support/postgres.js';
import { sentimentClient } from '../support/grpcClient.js';
import { startCoreReplica, texts, type CoreReplica } from './replicas.js';
import { seededRandom } from '../../src/seededRandom.js';

const TEXTS = Number(process.env['TEXTS'] ?? 10_000);
const KILL_EVERY_MS = Number(process.env['KILL_EVERY_MS'] ?? 2000);
// Kills here are not the texts' fault: allow more attempts than the default 3 before a job is FAILED.
const ENV = { MERIDIAN_JOB_LEASE_MS: process.env['LEASE_MS'] ?? '2000', MERIDIAN_SENTIMENT_BATCH: '64', MERIDIAN_SENTIMENT_MAX_ATTEMPTS: '20' };
const rand = seededRandom(Number(process.env['SEED'] ?? 7));

const postgres = await startTestPostgres();
const url = await postgres.createDatabase('chaos');
let cores: CoreReplica[] = await Promise.all([0, 1, 2].map(() => startCoreReplica(url, ENV)));
const db = new pg.Client({ connectionString: url });
await db.connect();
let code: number;
const starting: Promise<void>[] = [];
try {
  const acked: string[] = [];
  for (let b = 0; b * 1000 < TEXTS; b++) {
    const c = sentimentClient(cores[b % cores.length]!.address);
    const r = await c.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items: texts(Math.min(1000, TEXTS - b * 1000), `chaos-${b}`) });
    c.close();
    acked.push(...r.data.map((d) => d.jobId));
  }
  const started = Date.now();
  let kills = 0;
  const done = async () => Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE status = 'SUCCEEDED' AND id = ANY($1::text[])", [acked])).rows[0]!.n);
  while ((await done()) < acked.length) {
    if (Date.now() - started > 600_000) throw new Error('not finished within 10 minutes');
    await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
    if ((await done()) === acked.length) break;
    if (cores.length < 2) continue; // replacements take seconds to start: keep one replica working
    const k = Math.floor(rand() * cores.length);
    const victim = cores[k]!;
    cores = [...cores.slice(0, k), ...cores.slice(k + 1)];
    await victim.kill();
    kills++;
    // the replacement starts while the next kill comes (a start takes seconds: models, geo file)
    starting.push(startCoreReplica(url, ENV).then((c) => { cores.push(c); }));
  }
  const rows = (await db.query<{ status: string; results: string; attempts: number }>(
    'SELECT j.status, count(r.id) AS results, j.attempts FROM jobs j LEFT JOIN results r ON r.job_id = j.id WHERE j.id = ANY($1::text[]) GROUP BY j.id, j.status, j.attempts', [acked])).rows;
  const missing = acked.length - rows.length;
  const unfinished = rows.filter((r) => r.status !== 'SUCCEEDED').length;
  const duplicates = rows.filter((r) => Number(r.results) > 1).length;
  const noResult = rows.filter((r) => Number(r.results) === 0).length;
  const rerun = rows.filter((r) => r.attempts > 1).length;
  process.stdout.write(`chaos: ${acked.length} acknowledged, ${kills} SIGKILLs in ${((Date.now() - started) / 1000).toFixed(1)} s; missing ${missing}, unfinished ${unfinished}, without result ${noResult}, with two or more results ${duplicates}; ${rerun} jobs ran more than once\n`);
  code = missing + unfinished + duplicates + noResult === 0 ? 0 : 1;
} finally {
  await Promise.allSettled(starting);
  await db.end();
  await Promise.all(cores.map((c) => c.stop()));
  await postgres.close();
}
process.exit(code);
