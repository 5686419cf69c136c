/**
 * The written training sentences (data/sentiment/written/, corpus.ts writtenSentences) stay apart from the everyday
 * evaluation sets (data/sentiment/everyday/): no row of one is a row of the other, however cased or punctuated, and
 * none shares most of its words with an evaluation row of its language; each language has every class.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, writtenSentences } from '../../training/corpus.js';

const normal = (text: string): string => text.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
const words = (text: string): Set<string> => new Set(normal(text).split(' ').filter((w) => w.length > 0));

/** Shared words over all words of the two (Jaccard); texts without spaces (Chinese, Japanese, Thai) by character pairs. */
function overlap(a: string, b: string): number {
  const unit = (t: string): Set<string> => {
    const w = words(t);
    if (w.size > 2) return w;
    const s = normal(t).replace(/ /g, '');
    return new Set(Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2)));
  };
  const x = unit(a), y = unit(b);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / Math.max(1, x.size + y.size - shared);
}

const written = writtenSentences();
const everyday = readdirSync(join(DATA_DIR, 'everyday')).filter((f) => f.endsWith('.tsv')).flatMap((f) =>
  readFileSync(join(DATA_DIR, 'everyday', f), 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim() !== '').map((l) => {
    const [lang, , text] = l.split('\t');
    return { lang: lang!, text: text!, file: f };
  }));

describe('written training sentences', () => {
  it('every language has each class, and no row twice', () => {
    const byLang = new Map<string, number[]>();
    for (const r of written) {
      const c = byLang.get(r.lang) ?? [0, 0, 0];
      c[r.polarity!]!++;
      byLang.set(r.lang, c);
    }
    expect(byLang.size).toBeGreaterThanOrEqual(30);
    for (const [lang, c] of byLang) expect(Math.min(...c), `${lang}: ${c.join('/')}`).toBeGreaterThanOrEqual(40);
    const seen = new Set<string>();
    const twice = written.filter((r) => seen.size === seen.add(`${r.lang} ${normal(r.text)}`).size).map((r) => r.text);
    expect(twice).toEqual([]);
  });

  it('no row is, or mostly repeats, a row of the everyday evaluation sets', () => {
    const evaluation = new Set(everyday.map((r) => normal(r.text)));
    expect(written.filter((r) => evaluation.has(normal(r.text))).map((r) => r.text)).toEqual([]);
    const near: string[] = [];
    for (const r of written) {
      for (const e of everyday) if (e.lang === r.lang && overlap(r.text, e.text) >= 0.6) near.push(`${r.text}  ~  ${e.text} (${e.file})`);
    }
    expect(near).toEqual([]);
  });

  it('a seeded fifth is held out of the evaluation fit', () => {
    const held = written.filter((r) => r.split === 'heldout').length / written.length;
    expect(held).toBeGreaterThan(0.15);
    expect(held).toBeLessThan(0.25);
  });
});
