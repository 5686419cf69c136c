/** The one batching primitive: what goes together, when, and that async batches never overlap. */
import { describe, expect, it } from 'vitest';
import { Batching } from '../../lib/batching.js';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('Batching', () => {
  it('sends everything added in one event-loop turn in one flush, and the next turn in another', async () => {
    const flushed: number[][] = [];
    const b = new Batching<number>((items) => { flushed.push(items); });
    b.add(1); b.add(2); b.add(3);
    expect(flushed).toEqual([]);
    await turn();
    b.add(4);
    await turn();
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes a full batch at once and keeps the rest for the turn end', async () => {
    const flushed: number[][] = [];
    const b = new Batching<number>((items) => { flushed.push(items); }, { maxItems: 2 });
    for (let i = 1; i <= 5; i++) b.add(i);
    expect(flushed).toEqual([[1, 2], [3, 4]]);
    await turn();
    expect(flushed).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('never runs two async flushes at once: what arrives meanwhile goes out together next', async () => {
    const flushed: number[][] = [];
    let active = 0;
    let maxActive = 0;
    const release: (() => void)[] = [];
    const b = new Batching<number>(async (items) => {
      active++; maxActive = Math.max(maxActive, active);
      flushed.push(items);
      await new Promise<void>((r) => release.push(r));
      active--;
    });
    b.add(1);
    await turn();
    b.add(2); b.add(3); b.add(4);
    await turn();
    expect(flushed).toEqual([[1]]);
    release.shift()?.();
    await turn(); await turn();
    expect(flushed).toEqual([[1], [2, 3, 4]]);
    release.shift()?.();
    await b.settled();
    expect(maxActive).toBe(1);
  });

  it('keeps a batch open for its window, then flushes it by itself', async () => {
    let flushedAt = 0;
    const done = new Promise<number>((resolve) => {
      const b = new Batching<string>((items) => { flushedAt = Date.now(); resolve(items.length); }, { windowMs: 40 });
      b.add('a');
      void turn().then(() => b.add('b'));
    });
    const started = Date.now();
    await turn();
    expect(flushedAt).toBe(0);
    expect(await done).toBe(2);
    expect(flushedAt - started).toBeGreaterThanOrEqual(35);
  });

  it('reports a failed flush and goes on with the next batch', async () => {
    const errors: unknown[] = [];
    const flushed: number[][] = [];
    const b = new Batching<number>(async (items) => {
      flushed.push(items);
      if (items.includes(1)) throw new Error('disk full');
    }, { onError: (e) => errors.push(e) });
    b.add(1);
    await b.settled();
    b.add(2);
    await b.settled();
    expect(flushed).toEqual([[1], [2]]);
    expect(errors).toHaveLength(1);
  });
});
