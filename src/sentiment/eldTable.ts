/**
 * eld's n-gram language detector (the `eld` package, Apache-2.0, © Nito T.M.; its medium database, 60 languages)
 * as a compact table: the language stage's second opinion (languageDetector.ts, `LanguageIdentifier.identify`).
 *
 * Importing `eld/medium` builds a JavaScript object of 105,548 n-gram keys, each an object of language scores:
 * +60 MB of heap per thread (+197 MB RSS while it parses), where every analysis thread would hold one and the
 * service's idle RSS is within ~10 MB of its 600 MB target. The same data here are four typed arrays (1.4 MB):
 * per n-gram its 32-bit FNV-1a hash (found by open addressing) and a run of (language, score) bytes. Scoring is
 * eld's own: the text lower-cased and split at eld's separators, each word's UTF-8 bytes cut into 4-byte windows
 * (a space before the first, after the last), each distinct n-gram adding its languages' scores (+53, eld's base);
 * the verdict is the highest sum. `npx tsx training/eldTableBuild.ts` writes models/language-eld.bin and
 * models/language-eld.json from the installed eld; the test checks it agrees with eld itself.
 *
 * Reliability is not eld's isReliable(), which compares the best score with the second language's *index*
 * (`results[1][0]`), so its margin test almost never fails: here a verdict is reliable when eld's scaled score
 * of the best language is at least 0.75 of that language's average score on correct detections (eld's avgScore)
 * and at least `margin` above the second language's.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

export interface EldSidecar {
  name: 'language-eld';
  binFile: string;
  binSha256: string;
  source: string;
  licence: string;
  labels: string[];
  /** eld's byte → character table (256 characters): its n-gram keys are strings of these. */
  dictionary: string;
  /** eld's word separators (RegExp source and flags). */
  separators: { source: string; flags: string };
  /** eld's average scaled score of each language on correct detections (avgScore.js), by label. */
  avgScore: number[];
  ngrams: number;
  entries: number;
  slotsBits: number;
  /** Hash seed under which no two n-grams share a hash. */
  hashSeed: number;
}

export interface EldVerdict {
  code: string;
  /** eld's scaled score of the best and the second language (0-1). */
  score: number;
  second: number;
  /** Label of the second language ('' when none). */
  secondCode: string;
  reliable: boolean;
}

const BASE_NGRAM_SCORE = 53; // eld subtracts this from every stored score to keep its database small
const SCALE = 25; // eld's LanguageResult scale

/** FNV-1a over the key's characters, its offset basis varied by `seed` (the build picks one without a collision). */
export function fnv(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class EldTable {
  private readonly sep: RegExp;
  private readonly mask: number;
  private readonly sums: Float64Array;
  private readonly seen = new Set<string>();

  constructor(
    readonly sidecar: EldSidecar,
    private readonly hashes: Uint32Array,
    private readonly starts: Uint32Array,
    private readonly langs: Uint8Array,
    private readonly scores: Uint8Array,
    private readonly slots: Int32Array,
  ) {
    this.sep = new RegExp(sidecar.separators.source, sidecar.separators.flags);
    this.mask = slots.length - 1;
    this.sums = new Float64Array(sidecar.labels.length);
  }

  static load(modelsDir: string): EldTable {
    const sidecar = JSON.parse(readFileSync(join(modelsDir, 'language-eld.json'), 'utf8')) as EldSidecar;
    const bin = readFileSync(join(modelsDir, sidecar.binFile));
    const sha = createHash('sha256').update(bin).digest('hex');
    if (sha !== sidecar.binSha256) throw new Error(`model ${sidecar.binFile} does not match its sidecar (sha256 ${sha} ≠ ${sidecar.binSha256}): run \`npx tsx src/sentiment/eldTable.ts\` or restore models/ from git`);
    const N = sidecar.ngrams;
    const E = sidecar.entries;
    if (bin.length !== 4 * N + 4 * (N + 1) + 2 * E) throw new Error(`${sidecar.binFile} has ${bin.length} bytes, expected ${4 * N + 4 * (N + 1) + 2 * E}`);
    const copy = new Uint8Array(bin); // aligned
    const hashes = new Uint32Array(copy.buffer, 0, N);
    const starts = new Uint32Array(copy.buffer, 4 * N, N + 1);
    const langs = new Uint8Array(copy.buffer, 8 * N + 4, E);
    const scores = new Uint8Array(copy.buffer, 8 * N + 4 + E, E);
    const slots = new Int32Array(2 ** sidecar.slotsBits).fill(-1);
    const mask = slots.length - 1;
    for (let i = 0; i < N; i++) {
      let s = hashes[i]! & mask;
      while (slots[s] !== -1) s = (s + 1) & mask;
      slots[s] = i;
    }
    return new EldTable(sidecar, hashes, starts, langs, scores, slots);
  }

  private find(h: number): number {
    const { slots, hashes, mask } = this;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const i = slots[s]!;
      if (i === -1) return -1;
      if (hashes[i] === h) return i;
    }
  }

  /** eld's verdict for a text, or undefined when no n-gram of it is known (emoji, digits). */
  detect(text: string, margin = 0.01): EldVerdict | undefined {
    const words = this.byteWords(text.substring(0, 1000).replace(this.sep, ' ').trim().toLowerCase());
    const seen = this.seen;
    seen.clear();
    for (const word of words) {
      const len = Math.min(word.length, 70);
      let j = 0;
      for (; j + 4 < len; j += 3) seen.add((j === 0 ? ' ' : '') + word.substring(j, j + 4));
      seen.add((j === 0 ? ' ' : '') + word.substring(len !== 3 ? len - 4 : 0) + ' ');
    }
    const sums = this.sums;
    sums.fill(0);
    for (const g of seen) {
      const i = this.find(fnv(g, this.sidecar.hashSeed));
      if (i < 0) continue;
      for (let e = this.starts[i]!; e < this.starts[i + 1]!; e++) sums[this.langs[e]!] = sums[this.langs[e]!]! + this.scores[e]! + BASE_NGRAM_SCORE;
    }
    let best = -1;
    let second = -1;
    for (let c = 0; c < sums.length; c++) {
      const v = sums[c]!;
      if (v <= 0) continue;
      if (best < 0 || v > sums[best]!) {
        second = best;
        best = c;
      } else if (second < 0 || v > sums[second]!) second = c;
    }
    if (best < 0) return undefined;
    const n = seen.size;
    const scaled = (v: number): number => (v / n) / (v / n + SCALE);
    const score = scaled(sums[best]!);
    const next = second >= 0 ? scaled(sums[second]!) : 0;
    return {
      code: this.sidecar.labels[best]!,
      score,
      second: next,
      secondCode: second >= 0 ? this.sidecar.labels[second]! : '',
      reliable: n >= 3 && score >= 0.75 * this.sidecar.avgScore[best]! && score - next >= margin,
    };
  }

  /** eld's strToUtf8Bytes: words of the text as strings of dictionary characters, one per UTF-8 byte. */
  private byteWords(str: string): string[] {
    const d = this.sidecar.dictionary;
    const words: string[] = [];
    let encoded = '';
    let bytes = 0;
    for (let i = 0; i < str.length; i++) {
      let c = str.charCodeAt(i);
      if (c < 0x80) {
        if (c === 32) {
          if (encoded !== '') {
            words.push(encoded);
            encoded = '';
          }
          if (bytes > 350) break;
        } else encoded += str[i];
        bytes++;
      } else if (c < 0x800) {
        encoded += d[0xc0 | (c >> 6)]! + d[0x80 | (c & 0x3f)]!;
        bytes += 2;
      } else if (c < 0xd800 || c >= 0xe000) {
        encoded += d[0xe0 | (c >> 12)]! + d[0x80 | ((c >> 6) & 0x3f)]! + d[0x80 | (c & 0x3f)]!;
        bytes += 3;
      } else {
        i++;
        c = 0x10000 + (((c & 0x3ff) << 10) | (str.charCodeAt(i) & 0x3ff));
        encoded += d[0xf0 | (c >> 18)]! + d[0x80 | ((c >> 12) & 0x3f)]! + d[0x80 | ((c >> 6) & 0x3f)]! + d[0x80 | (c & 0x3f)]!;
        bytes += 4;
      }
      if (bytes > 380) break;
    }
    if (encoded !== '') words.push(encoded);
    return words;
  }
}
