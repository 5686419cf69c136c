import { describe, expect, it } from 'vitest';
import { CACHE_BUDGETS, cacheBound, GenerationalCache, keptCaches } from '../../lib/boundedCache.js';

describe('GenerationalCache', () => {
  it('never holds more than its bound, and keeps an entry that is asked for while others come and go', () => {
    const c = new GenerationalCache<number, string>(100);
    c.set(-1, 'hot'); // set once, then asked for on every turn: it survives every swap
    for (let i = 0; i < 10_000; i++) {
      c.set(i, `v${i}`);
      expect(c.size).toBeLessThanOrEqual(100);
      expect(c.get(-1)).toBe('hot');
    }
    expect(c.get(0)).toBeUndefined(); // a cold entry went
    expect(c.get(9_999)).toBe('v9999');
  });

  it('counts bytes when given sizeOf, and keeps nothing larger than half its bound', () => {
    const c = new GenerationalCache<string, Buffer>(1000, (k, v) => k.length + v.length);
    for (let i = 0; i < 100; i++) c.set(`k${i}`, Buffer.alloc(90));
    expect(c.weight).toBeLessThanOrEqual(1000);
    c.set('big', Buffer.alloc(600));
    expect(c.get('big')).toBeUndefined();
    c.set('k99', Buffer.alloc(10)); // a replaced entry is counted once
    expect(c.get('k99')?.length).toBe(10);
    expect(c.weight).toBeLessThanOrEqual(1000);
  });

  it('a bound of 0 keeps nothing', () => {
    const c = new GenerationalCache<string, number>(0);
    c.set('a', 1);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });
});

describe('cache budgets', () => {
  it('each is overridden by its own environment variable, and a malformed value is refused by name', () => {
    const names = Object.values(CACHE_BUDGETS).map((b) => b.env);
    expect(new Set(names).size).toBe(names.length);
    expect(cacheBound('placeSummaries', {})).toBe(CACHE_BUDGETS.placeSummaries.bound);
    expect(cacheBound('placeSummaries', { MERIDIAN_CACHE_PLACE_SUMMARIES: '123' })).toBe(123);
    expect(() => cacheBound('keptAnswers', { MERIDIAN_CACHE_ANSWERS_BYTES: 'lots' })).toThrow(/MERIDIAN_CACHE_ANSWERS_BYTES/);
  });

  it('a cache built from a budget is listed with its name and bound', () => {
    const c = GenerationalCache.of<string, string>('renderedItems', undefined, { MERIDIAN_CACHE_RENDERED_ITEMS: '42' });
    expect(c.bound).toBe(42);
    expect(keptCaches().some((k) => k.name === 'renderedItems' && k.cache === (c as unknown))).toBe(true);
    expect(() => GenerationalCache.of('keptAnswers')).toThrow(/counts bytes/);
  });
});
