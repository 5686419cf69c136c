/**
 * How many texts leave for the model in one worker task: a backlog in tasks of its share per worker slot, up to
 * MERIDIAN_SENTIMENT_BATCH_MAX; without a larger maximum, tasks of MERIDIAN_SENTIMENT_BATCH. Read from the core's
 * own figures (texts through the model, and worker tasks: the model-time histogram's count). Long texts leave in
 * tasks of at most TASK_CHARS characters, so a synchronous text never waits behind seconds of them.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { sentimentClient } from '../support/grpcClient.js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { eventually } from '../support/gateway.js';
import { TASK_CHARS } from '../../src/sentiment/jobRunner.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

const figure = (text: string, name: string): number => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);

/** Submits `n` texts as one batch to a core with these task sizes; resolves with the worker tasks it took to analyse them. */
async function tasksFor(n: number, sizes: { batchSize: number; batchMax: number }, textOf = (i: number) => `Review ${i}: the parcel came late but the support team sorted it out kindly`): Promise<number> {
  const sc = await startSentimentCore({ workers: 1, ...sizes });
  cleanups.push(sc.close);
  const s = sentimentClient(sc.core.address);
  try {
    const items = Array.from({ length: n }, (_, i) => ({ text: textOf(i) }));
    await s.call('batchAnalyzeTexts', { items });
    let text = '';
    await eventually(async () => {
      text = (await s.call<{ text: string }>('getSentimentMetrics', {})).text;
      return figure(text, 'meridian_sentiment_texts_analyzed_total') >= n;
    }, 120_000, 100);
    expect(figure(text, 'meridian_sentiment_texts_analyzed_total')).toBe(n);
    return figure(text, 'meridian_sentiment_model_seconds_count');
  } finally {
    s.close();
  }
}

describe('worker task sizes', () => {
  it('sends a backlog of 1,000 texts in tasks larger than MERIDIAN_SENTIMENT_BATCH, none larger than MERIDIAN_SENTIMENT_BATCH_MAX', async () => {
    const tasks = await tasksFor(1000, { batchSize: 16, batchMax: 256 });
    // tasks of 16 would be 63; tasks of at most 256 are at least 4
    expect(tasks).toBeLessThanOrEqual(31);
    expect(tasks).toBeGreaterThanOrEqual(4);
  });

  it('keeps every task at MERIDIAN_SENTIMENT_BATCH when the maximum is no larger', async () => {
    expect(await tasksFor(1000, { batchSize: 16, batchMax: 16 })).toBeGreaterThanOrEqual(63);
  });

  it('sends long texts in tasks of at most TASK_CHARS characters (40 of 19,000 characters were one task)', async () => {
    const long = (i: number) => `Review ${String(i).padStart(3, '0')}: ${'the parcel came late but the support team sorted it out kindly. '.repeat(300)}`.slice(0, 19_000);
    const perTask = Math.floor(TASK_CHARS / 19_000);
    expect(await tasksFor(40, { batchSize: 256, batchMax: 512 }, long)).toBeGreaterThanOrEqual(Math.ceil(40 / perTask));
  });
});
