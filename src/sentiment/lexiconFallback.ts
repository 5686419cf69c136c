/**
 * The sentiment verdict for languages the GENERAL model has no training data in (its sidecar's trainedLanguages):
 * a lexicon score instead of what the model makes of features it never learned (mostly NEUTRAL, or noise).
 *
 * Lexicons per language: nlp.js's (`@nlpjs/lang-*`, MIT; AFINN translations, ML-SentiCon and Pattern lists; AFINN
 * is ODbL 1.0, data/sentiment/ATTRIBUTION.md) and the project's own seed words (fallbackSeeds.ts), with transfer
 * from a related language where a language has none of its own (TRANSFER: Croatian and Bosnian read Serbian's,
 * Slovak Czech's, Bulgarian Russian's and Ukrainian's, Malay Indonesian's, Urdu Persian's). Emoji polarity from
 * the same AFINN lists. Matching: whole words, word beginnings (`stem*`, and the Snowball stems of nlp.js's stem
 * lists), two-word entries; for Chinese, Japanese and Thai, written without spaces, longest substring first. A
 * negator ("not", "不", "ไม่", …) flips the next lexicon word within two words (in Korean, Japanese, Turkish and
 * Bengali, which negate after the word, the one just before it when none follows). `!` strengthens a score that is there.
 *
 * The tables are hashed into one file (models/fallback-lexicons.bin, 32-bit FNV-1a of "lang kind text" → strength),
 * written by `npx tsx src/sentiment/lexiconFallback.ts` from the installed nlp.js and fallbackSeeds.ts, so an
 * analysis thread holds two typed arrays and no lexicon strings.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SEEDS } from './fallbackSeeds.js';
import { projectRoot } from '../paths.js';

export const FALLBACK_LEXICONS_FILE = 'fallback-lexicons.bin';
const MAGIC = 0x314c464d; // "MFL1"

/** nlp.js lists: [language, file, scale, kind] (kind `w`: whole words; `s`: Snowball stems, matched as word beginnings). */
const NLPJS: readonly (readonly [string, string, number, 'w' | 's'])[] = [
  ...['ar', 'cs', 'el', 'fa', 'hi', 'hu', 'id', 'ko', 'lt', 'no', 'pl', 'ro', 'sl', 'sr', 'sv', 'th', 'tl', 'tr', 'uk'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5, 'w'] as const),
  ...['bn', 'da', 'es', 'fi', 'pt', 'ru'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5, 's'] as const),
  ...['ca', 'de', 'es', 'eu', 'gl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/senticon_${l}.json`, 1, 's'] as const),
  ...['fr', 'it', 'nl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/pattern_${l}.json`, 1, 's'] as const),
];
/** Lists in a non-Latin script: their Latin-letter keys are untranslated English leftovers. */
const NON_LATIN = new Set(['ar', 'bn', 'el', 'fa', 'hi', 'ko', 'ru', 'th', 'uk']);
/** Where a language without a list of its own (or with a thin one) also looks. */
export const TRANSFER: Readonly<Record<string, readonly string[]>> = {
  hr: ['sr'], bs: ['sr', 'hr'], sr: ['hr'], sk: ['cs'], cs: ['sk'], bg: ['ru', 'uk'], mk: ['bg', 'ru'], be: ['ru', 'uk'], uk: ['ru'],
  ms: ['id'], id: ['ms'], ur: ['fa'], da: ['no'], no: ['da', 'sv'], nn: ['no'], sv: ['no'], gl: ['pt', 'es'], ca: ['es'],
};
/** Scripts written without spaces between words: lexicon entries are found as substrings. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SHORTEST_STEM = 3;
/** Hangul: one syllable is a stem ("좋" in 좋아서, 좋았어요); Korean entries all match as word beginnings. */
const HANGUL = /\p{Script=Hangul}/u;
const LONGEST_SUBSTRING = 8;
const NEGATOR = 100;
/** Languages whose negator follows the word it negates (Korean 않다/못, Japanese ない, Turkish değil, Bengali না). */
const POST_NEGATING: ReadonlySet<string> = new Set(['ko', 'ja', 'tr', 'bn']);

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
const TOKEN = /\p{Extended_Pictographic}|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
const key = (lang: string, kind: string, text: string): number => fnv(`${lang}\u0001${kind}\u0001${text}`);

export interface LexiconHit {
  text: string;
  strength: number;
}

export interface FallbackVerdict {
  /** Sum of the matched words' strengths (±1-3 each; negated ones flipped; × 1.1 per `!`, at most three). */
  score: number;
  hits: LexiconHit[];
}

export class FallbackLexicons {
  constructor(
    private readonly hashes: Uint32Array,
    private readonly values: Int8Array,
  ) {}

  static load(modelsDir: string): FallbackLexicons {
    const path = join(modelsDir, FALLBACK_LEXICONS_FILE);
    const bin = readFileSync(existsSync(path) ? path : join(projectRoot, 'models', FALLBACK_LEXICONS_FILE));
    if (bin.length < 8 || bin.readUInt32LE(0) !== MAGIC) throw new Error(`${path} is not a fallback lexicon file: run \`npx tsx src/sentiment/lexiconFallback.ts\` or restore models/ from git`);
    const n = bin.readUInt32LE(4);
    if (bin.length !== 8 + 5 * n) throw new Error(`${path} has ${bin.length} bytes, expected ${8 + 5 * n}`);
    const copy = new Uint8Array(bin.subarray(8));
    return new FallbackLexicons(new Uint32Array(copy.buffer, 0, n), new Int8Array(copy.buffer, 4 * n, n));
  }

  private get(h: number): number {
    const a = this.hashes;
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = a[mid]!;
      if (v === h) return this.values[mid]!;
      if (v < h) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }

  /** The first language of `langs` whose tables hold `text` as `kind`, as its strength (NEGATOR for a negator), else 0. */
  private find(langs: readonly string[], kind: string, text: string): number {
    for (const l of langs) {
      const v = this.get(key(l, kind, text));
      if (v !== 0) return v;
    }
    return 0;
  }

  /** The lexicon reading of a text in language `lang` (the language stage's verdict). */
  score(text: string, lang: string): FallbackVerdict {
    const langs = [lang, ...(TRANSFER[lang] ?? [])];
    // one entry per word position: its strength (0 none, NEGATOR a negator) and the surface matched
    const found: { v: number; text: string }[] = [];
    const surfaces = text.match(TOKEN) ?? [];
    const tokens = surfaces.map((w) => w.toLowerCase());
    for (let t = 0; t < tokens.length; t++) {
      const w = tokens[t]!;
      const surface = surfaces[t]!;
      if (/\p{Extended_Pictographic}/u.test(w)) {
        found.push({ v: this.get(key('*', 'e', w)), text: w });
        continue;
      }
      if (UNSPACED.test(w)) {
        this.substrings(w, langs, found);
        continue;
      }
      const next = tokens[t + 1];
      if (next !== undefined) {
        const two = this.find(langs, 'w', `${w} ${next}`);
        if (two !== 0) {
          found.push({ v: two, text: `${surface} ${surfaces[t + 1]!}` });
          t++;
          continue;
        }
      }
      const chars = [...w];
      const hangul = HANGUL.test(w);
      let v = this.find(langs, 'n', w) !== 0 || (hangul && this.find(langs, 'n', chars[0]!) !== 0) ? NEGATOR : this.find(langs, 'w', w);
      for (let n = Math.min(chars.length, 24); v === 0 && n >= (hangul ? 1 : SHORTEST_STEM); n--) v = this.find(langs, 's', chars.slice(0, n).join(''));
      found.push({ v, text: surface });
    }
    const hits: LexiconHit[] = [];
    const flipped = new Set<number>();
    found.forEach((f, i) => {
      if (f.v !== NEGATOR) return;
      let target = -1;
      for (let j = i + 1; j <= i + 2 && j < found.length; j++) if (found[j]!.v !== 0 && found[j]!.v !== NEGATOR) { target = j; break; }
      if (target < 0 && POST_NEGATING.has(lang) && i > 0 && found[i - 1]!.v !== 0 && found[i - 1]!.v !== NEGATOR) target = i - 1;
      if (target >= 0) flipped.add(target);
    });
    let score = 0;
    found.forEach((f, i) => {
      if (f.v === 0 || f.v === NEGATOR) return;
      const s = flipped.has(i) ? -f.v : f.v;
      hits.push({ text: flipped.has(i) ? `${f.text} (negated)` : f.text, strength: s });
      score += s;
    });
    const bangs = Math.min(3, (text.match(/!/g) ?? []).length);
    return { score: score * 1.1 ** bangs, hits };
  }

  /** Longest-first substring matching over a run of unspaced letters. */
  private substrings(run: string, langs: readonly string[], found: { v: number; text: string }[]): void {
    const chars = [...run];
    for (let i = 0; i < chars.length;) {
      let matched = 0;
      for (let n = Math.min(LONGEST_SUBSTRING, chars.length - i); n >= 1; n--) {
        const piece = chars.slice(i, i + n).join('');
        const v = this.find(langs, 'n', piece) !== 0 ? NEGATOR : this.find(langs, 'c', piece);
        if (v !== 0) {
          found.push({ v, text: piece });
          matched = n;
          break;
        }
      }
      if (matched === 0) {
        found.push({ v: 0, text: chars[i]! });
        i++;
      } else i += matched;
    }
  }
}

/** Every entry of the tables, as (lang, kind, text) → strength; later sources do not overwrite earlier ones' signs. */
export function fallbackEntries(): Map<string, number> {
  const require = createRequire(createRequire(import.meta.url).resolve('@nlpjs/lang-all/package.json'));
  const entries = new Map<string, number>();
  const put = (lang: string, kind: string, text: string, v: number): void => {
    const k = `${lang}\u0001${kind}\u0001${text}`;
    const old = entries.get(k);
    if (old === undefined) entries.set(k, v);
    else if (Math.sign(old) !== Math.sign(v) && old !== NEGATOR) entries.delete(k); // the lists disagree: no polarity
  };
  // seeds first: the project's own words win over a machine translation's
  for (const [lang, line] of Object.entries(SEEDS)) {
    // entries are space-separated; a two-word entry is written with its sign once ("+terima kasih"): join until the next sign
    const items: string[] = [];
    for (const part of line.split(' ')) {
      if (/^[+\-!]/.test(part) || items.length === 0) items.push(part);
      else items[items.length - 1] += ` ${part}`;
    }
    for (const item of items) {
      const m = /^(\+\+|--|\+|-|!)(.+)$/u.exec(item);
      if (!m) throw new Error(`fallbackSeeds ${lang}: ${item}?`);
      const [, sign, raw] = m;
      const text = raw!.toLowerCase();
      const v = sign === '!' ? NEGATOR : sign === '++' ? 3 : sign === '--' ? -3 : sign === '+' ? 2 : -2;
      if (sign === '!') put(lang, 'n', text, v);
      else if (UNSPACED.test(text)) put(lang, 'c', text, v);
      else if (text.endsWith('*') || HANGUL.test(text)) put(lang, 's', text.replace(/\*$/u, ''), v);
      else put(lang, 'w', text, v);
    }
  }
  const stops = new Map<string, Set<string>>();
  const stopwords = (lang: string): Set<string> => {
    let set = stops.get(lang);
    if (set) return set;
    set = new Set<string>();
    try {
      const Stopwords = require(`@nlpjs/lang-${lang}/src/stopwords-${lang}.js`) as new () => { dictionary: Record<string, unknown> };
      for (const w of Object.keys(new Stopwords().dictionary)) set.add(w.toLowerCase());
    } catch {
      // no list for this language
    }
    stops.set(lang, set);
    return set;
  };
  for (const [lang, file, scale, kind] of NLPJS) {
    const stop = stopwords(lang);
    let list: Record<string, unknown>;
    try {
      list = JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const rawKey in list) {
      const v = Number(list[rawKey]);
      if (!Number.isFinite(v) || Math.abs(v) < 0.1 * scale) continue;
      const text = rawKey.toLowerCase().replace(/\uFE0F/g, '');
      const strength = Math.sign(v) * Math.round(Math.min(3, Math.max(1, Math.abs(v) * (scale === 5 ? 0.8 : 3))));
      if (!/[\p{L}\p{N}]/u.test(text)) {
        if ([...text].length === 1 && /\p{Extended_Pictographic}/u.test(text)) put('*', 'e', text, strength);
        continue;
      }
      if (NON_LATIN.has(lang) && /[a-z]/.test(text)) continue;
      if (stop.has(text)) continue;
      if (UNSPACED.test(text)) {
        if (!/\s/u.test(text) && [...text].length >= 2) put(lang, 'c', text, strength);
      } else if (/\s/u.test(text)) {
        if (text.split(/\s+/u).length === 2) put(lang, 'w', text, strength);
      } else if ([...text].length >= SHORTEST_STEM) put(lang, kind, text, strength);
    }
  }
  return entries;
}

/** The tables as the file FallbackLexicons.load reads: magic, count, sorted hashes (u32), strengths (i8). */
export function encodeFallbackLexicons(entries = fallbackEntries()): Buffer {
  const byHash = new Map<number, number>();
  for (const [k, v] of entries) {
    const h = fnv(k);
    const old = byHash.get(h);
    if (old !== undefined && old !== v) byHash.delete(h); // a hash collision between different strengths: neither
    else byHash.set(h, v);
  }
  const hs = [...byHash.keys()].sort((a, b) => a - b);
  const out = Buffer.alloc(8 + 5 * hs.length);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(hs.length, 4);
  hs.forEach((h, i) => {
    out.writeUInt32LE(h, 8 + 4 * i);
    out.writeInt8(byHash.get(h)!, 8 + 4 * hs.length + i);
  });
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? join(projectRoot, 'models');
  const bin = encodeFallbackLexicons();
  writeFileSync(join(dir, FALLBACK_LEXICONS_FILE), bin);
  console.log(`wrote ${join(dir, FALLBACK_LEXICONS_FILE)}: ${bin.readUInt32LE(4)} entries, sha256 ${createHash('sha256').update(bin).digest('hex')}`);
}
