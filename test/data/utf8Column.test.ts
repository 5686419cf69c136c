import { describe, expect, it } from 'vitest';
import { Utf8Column } from '../../src/geo/utf8Column.js';

/** Strings of ASCII, Latin, CJK and astral characters (emoji), some empty: a seeded mix. */
function sample(seed: number, n: number, alphabet: string[]): string[] {
  let x = seed;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: n }, () => Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]!).join(''));
}

describe('Utf8Column', () => {
  const mixed = sample(7, 400, ['a', 'b', 'Z', ' ', "'", 'é', 'Ḩ', 'ß', '東', '京', '😀', '𝔸', '\uffee']);
  const ascii = sample(11, 400, ['a', 'b', 'c', 'Z', ' ', "'", '-']);

  it('gives back every entry as it was written, empty ones included, from its own bytes as the index file stores them', () => {
    for (const values of [mixed, ascii, [''], ['', ''], []]) {
      const col = Utf8Column.from(values);
      const again = Utf8Column.fromBytes(Buffer.from(col.joined), values.length);
      expect(col.length).toBe(values.length);
      expect(Array.from({ length: values.length }, (_, k) => again.at(k))).toEqual(values);
      expect(Array.from({ length: values.length }, (_, k) => again.isEmpty(k))).toEqual(values.map((v) => v === ''));
    }
  });

  it("compares entries in JS's code-unit order, on ASCII and non-ASCII columns alike", () => {
    for (const values of [mixed, ascii]) {
      const col = Utf8Column.from(values);
      const sign = (x: number) => Math.sign(x);
      for (let j = 0; j < values.length; j += 3) {
        for (let k = 1; k < values.length; k += 7) {
          const a = values[j]!, b = values[k]!;
          expect(sign(col.compare(j, k)), `${a} / ${b}`).toBe(a < b ? -1 : a > b ? 1 : 0);
        }
      }
    }
  });

  it('refuses bytes that hold another number of entries than asked, and values holding a NUL', () => {
    expect(() => Utf8Column.fromBytes(Buffer.from('a\0b\0c'), 2)).toThrow(/3 entries, 2 expected/);
    expect(() => Utf8Column.from(['a\0b'])).toThrow(/NUL/);
  });

  it('keeps only the non-empty entries of a sparse column, found by index', () => {
    const col = Utf8Column.from(mixed).sparse();
    mixed.forEach((v, k) => expect(col.get(k)).toBe(v === '' ? undefined : v));
    expect(col.get(mixed.length + 5)).toBeUndefined();
    expect(Utf8Column.from(['', '']).sparse().get(0)).toBeUndefined();
  });
});
