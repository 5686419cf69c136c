/**
 * The analysis threads send their outcomes back packed into flat arrays
 * (analysisProtocol.ts); unpacked on the core's side they must be the very outcomes
 * the analyzer made. Real analyses from the committed models, both domains, texts
 * the models abstain on, rejected texts, and a task through the real pool.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { packOutcomes, unpackOutcomes } from '../../src/sentiment/analysisProtocol.js';
import { createAnalysisPool, type AnalysisPool } from '../../src/sentiment/analysisPool.js';
import { SentimentAnalyzer, type AnalysisOutcome } from '../../src/sentiment/sentimentAnalyzer.js';
import type { Domain } from '../../src/sentiment/labels.js';

const TEXTS = [
  ...['english', 'arabic', 'hindi', 'german', 'french'].flatMap((l) => readFileSync(`data/sentiment/umsab/${l}/train_text.txt`, 'utf8').split('\n').filter(Boolean).slice(0, 60)),
  'ok', '😀😀😀', "I don't hate it.", 'この映画は本当にひどかった', 'Шикарный отель, всем рекомендую', '', '   ', `${'long text '.repeat(800)}the end`,
  'Shares plunge after the company cuts its guidance', 'Record quarterly revenue beats every estimate',
];

describe('packed outcomes', () => {
  let analyzer: SentimentAnalyzer;
  const outcomes: AnalysisOutcome[] = [];

  beforeAll(async () => {
    analyzer = await SentimentAnalyzer.load();
    for (const domain of ['GENERAL', 'FINANCIAL_NEWS'] as Domain[]) outcomes.push(...await analyzer.analyze(TEXTS, domain));
  }, 60_000);

  it('unpack to the outcomes the analyzer made, field for field', () => {
    expect(outcomes.some((o) => 'error' in o)).toBe(true);
    expect(outcomes.some((o) => !('error' in o) && o.rationale.startsWith('Not scored'))).toBe(true);
    expect(outcomes.some((o) => !('error' in o) && o.truncated)).toBe(true);
    expect(unpackOutcomes(packOutcomes(outcomes))).toStrictEqual(outcomes);
    expect(unpackOutcomes(packOutcomes([]))).toStrictEqual([]);
  });

  it('refuse emotion scores they could not give back in the same order', () => {
    const o = outcomes.find((x): x is Exclude<AnalysisOutcome, { error: unknown }> => !('error' in x) && x.emotionScores.length > 0)!;
    expect(() => packOutcomes([{ ...o, emotionScores: [...o.emotionScores].reverse() }])).toThrow(/not one per emotion in order/);
  });

  describe('through the real pool', () => {
    let pool: AnalysisPool;
    afterAll(async () => {
      await pool?.close();
    });

    it('answer a task as the analyzer in this thread does', async () => {
      pool = createAnalysisPool({ workers: 1, ortThreads: 1 });
      const texts = TEXTS.slice(0, 40).concat(TEXTS.slice(-10));
      const domains = texts.map((_, i): Domain => (i % 3 === 0 ? 'FINANCIAL_NEWS' : 'GENERAL'));
      const got = await pool.run({ texts, domains });
      // the thread runs each domain's texts as one batch, as here
      const want: AnalysisOutcome[] = new Array(texts.length);
      for (const domain of ['GENERAL', 'FINANCIAL_NEWS'] as Domain[]) {
        const idx = texts.map((_, i) => i).filter((i) => domains[i] === domain);
        (await analyzer.analyze(idx.map((i) => texts[i]!), domain)).forEach((o, k) => { want[idx[k]!] = o; });
      }
      expect(got).toStrictEqual(want);
    }, 120_000);
  });
});
