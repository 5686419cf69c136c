/**
 * A stored result keeps in its payload only what its columns do not hold
 * (messages.ts storedResult); reading it back (resultMessage) must give the very
 * message the caller was answered with. Real analyses from the committed models,
 * stored in and read back from a real DuckDB file and a real PostgreSQL (which still
 * stores whole messages, for the replicas of an earlier release), both ways a result
 * is written (a queued job completed, a synchronous one written behind), with and
 * without feed, anomaly verdict and batch; and payloads written before, holding the whole message.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SentimentAnalyzer, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { analysisMessage, resultMessage, storedResult, type AnalysisMessage, type ItemAnomaly } from '../../src/sentiment/store/messages.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { Domain } from '../../src/sentiment/labels.js';
import type { NewJob, Scope, SentimentStore } from '../../src/sentiment/store/sentimentStore.js';

const TEXTS: [string, Domain][] = [
  ['The support team was wonderful and fixed everything!', 'GENERAL'],
  ["I don't hate it.", 'GENERAL'],
  ['Das Essen war kalt und der Kellner unfreundlich.', 'GENERAL'],
  ['この映画は本当にひどかった', 'GENERAL'],
  ['😀😀😀', 'GENERAL'],
  ['ok', 'GENERAL'],
  [`${'very long and rather dull text '.repeat(400)}but the ending was great`, 'GENERAL'],
  ['Shares plunge after the company cuts its guidance', 'FINANCIAL_NEWS'],
  ['Record quarterly revenue beats every estimate', 'FINANCIAL_NEWS'],
];

describe.each([['DuckDB', false], ['PostgreSQL', true]])('stored results (%s)', (_name, onPostgres) => {
  const scope: Scope = { tenant: 'acme', admin: false };
  let dir: string;
  let postgres: TestPostgres | undefined;
  let store: SentimentStore;
  const outputs: { output: AnalysisOutput; domain: Domain }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-payload-'));
    if (onPostgres) {
      postgres = await startTestPostgres();
      store = await PostgresSentimentStore.open(await postgres.createDatabase('payload'), { leaseMs: 5000 });
    } else store = await DuckDbSentimentStore.open(dir);
    const analyzer = await SentimentAnalyzer.load();
    for (const [text, domain] of TEXTS) {
      const [o] = await analyzer.analyze([text], domain);
      if (!o || 'error' in o) throw new Error(`the analyzer refused ${JSON.stringify(text)}`);
      outputs.push({ output: o, domain });
    }
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await postgres?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const newJob = (i: number, now: number, variant: number, domain: Domain): NewJob => ({
    id: timeOrderedId(now), tenant: 'acme', text: TEXTS[i]![0], domain, createdMs: now, occurredMs: now - 1_000 * (i + 1),
    feedId: variant % 2 ? `feed-${i}` : null, batchId: variant === 2 ? timeOrderedId(now) : null,
  });
  const anomalyOf = (variant: number): ItemAnomaly | undefined =>
    variant === 0 ? undefined : { anomalous: variant === 3, zScore: variant === 3 ? -4.25 : 0.5, baselineItems: 40 * variant, baselineMedian: -0.125 * variant };

  it('reads back every message it was given, field for field, whichever way it was written', async () => {
    const now = Date.now();
    const made: { job: NewJob; message: AnalysisMessage; resultId: string; sync: boolean }[] = [];
    let k = 0;
    for (const [i, { output, domain }] of outputs.entries()) {
      for (const variant of [0, 1, 2, 3]) {
        const t = now + k++;
        const job = newJob(i, t, variant, domain);
        const resultId = timeOrderedId(t + 3);
        const anomaly = job.feedId ? anomalyOf(variant) : undefined;
        const message = analysisMessage(job, output, resultId, t + 3, anomaly);
        const stored = storedResult(job, output, resultId, t + 3, anomaly);
        expect(stored.payload.length).toBeLessThan(JSON.stringify(message).length);
        const sync = variant % 2 === 1;
        if (sync) {
          await store.insertCompleted([job], [stored]);
        } else {
          await store.insertPending([job], job.batchId ? [{ id: job.batchId, tenant: 'acme', createdMs: t, total: 1 }] : []);
          expect(await store.complete([stored], t + 3)).toEqual(new Set([job.id]));
        }
        made.push({ job, message, resultId, sync });
      }
    }
    for (const m of made) {
      const row = await store.getResult(m.resultId, scope);
      expect(row, m.job.text).not.toBeNull();
      expect(resultMessage(row!)).toStrictEqual(m.message);
      // the shared store keeps whole messages: a replica of an earlier release reads them as they are
      if (onPostgres) expect(JSON.parse(row!.payload)).toStrictEqual(m.message);
    }
    const anomalous = made.filter((m) => m.message.feedAnomaly?.anomalous);
    expect(anomalous.length).toBe(outputs.length);
    for (const m of anomalous) {
      expect(await store.anomalousItems(m.job.feedId!, scope, 0, now + 1e6, 10).then((rows) => rows.map(resultMessage))).toStrictEqual([m.message]);
    }
  });

  it('keeps under half of the message in the payload, for a typical analysis', () => {
    const job = newJob(0, Date.now(), 3, 'GENERAL');
    const id = timeOrderedId(Date.now());
    const message = analysisMessage(job, outputs[0]!.output, id, Date.now(), anomalyOf(3));
    const stored = storedResult(job, outputs[0]!.output, id, Date.now(), anomalyOf(3));
    expect(stored.payload.length * 2).toBeLessThan(JSON.stringify(message).length);
  });

  it('returns a payload written before as it is (it holds the whole message)', async () => {
    const now = Date.now() + 10_000;
    const job = newJob(1, now, 1, 'GENERAL');
    const resultId = timeOrderedId(now);
    const message = analysisMessage(job, outputs[1]!.output, resultId, now, anomalyOf(1));
    const stored = storedResult(job, outputs[1]!.output, resultId, now, anomalyOf(1));
    await store.insertCompleted([job], [{ ...stored, payload: JSON.stringify(message) }]);
    expect(resultMessage((await store.getResult(resultId, scope))!)).toStrictEqual(message);
  });
});
