/**
 * The polarity lexicons the featuriser's prior features read, once per thread: VADER's English lexicon
 * (vader-sentiment), the merged extra lexicons (emoji and non-English words and stems, from
 * models/extra-lexicons.bin or, in training, their npm packages) as lookup tables, and the optional
 * word-class table of a tuning probe.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../../paths.js';
import { finish, foldLatin, LEXICON_KEY_BASIS, lexiconKey, mix } from './featureHashing.js';
import { decodeKeyedLexicons, encodeKeyedLexicons, EXTRA_LEXICONS_FILE, type KeyedExtraLexicons } from './lexiconFile.js';

let vaderLexicon: Map<string, number> | null = null;

/** word → valence (−4…4) from vader-sentiment's vader_lexicon.txt, loaded once per thread. */
export function lexiconValences(): Map<string, number> {
  if (vaderLexicon) return vaderLexicon;
  const require = createRequire(import.meta.url);
  const path = require.resolve('vader-sentiment/vader_lexicon.txt');
  const map = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [word, valence] = line.split('\t');
    const v = Number(valence);
    if (word && Number.isFinite(v) && v !== 0) map.set(word, v);
  }
  vaderLexicon = map;
  return map;
}

/**
 * A word → number table for hot paths that look up every token (VADER's valences in the featuriser, the English
 * expert's word rows): open addressing over a 32-bit FNV-1a hash of the word, the word itself compared only where the
 * hash matches, so it answers exactly as Map.get. VADER's Map cost ~4 µs per tweet in the featuriser (its chains and
 * key strings scattered in the old generation); this table's hashes are one typed array (64 KB for VADER).
 */
export class WordTable {
  private readonly hashes: Int32Array;
  private readonly words: string[];
  private readonly values: Float64Array;
  private readonly mask: number;

  constructor(entries: ReadonlyMap<string, number>) {
    let size = 1024;
    while (size < entries.size * 2) size *= 2;
    this.hashes = new Int32Array(size);
    this.words = new Array<string>(size).fill('');
    this.values = new Float64Array(size);
    this.mask = size - 1;
    for (const [w, v] of entries) {
      const h = WordTable.hash(w);
      let i = h & this.mask;
      while (this.words[i] !== '') i = (i + 1) & this.mask;
      this.hashes[i] = h;
      this.words[i] = w;
      this.values[i] = v;
    }
  }

  /** FNV-1a of the word, spread by murmur3's fmix32. */
  private static hash(w: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }

  /** The word's number, undefined when absent (as Map.get). */
  get(w: string): number | undefined {
    const h = WordTable.hash(w);
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const k = this.hashes[i]!;
      // an empty slot holds hash 0 and ''; a stored word whose hash is 0 is told apart by its string
      if (k === h && this.words[i] === w) return this.values[i];
      if (k === 0 && this.words[i] === '') return undefined;
    }
  }
}

let vaderTable: WordTable | null = null;

/** lexiconValences() as a WordTable, once per thread. */
export function lexiconValenceTable(): WordTable {
  return (vaderTable ??= new WordTable(lexiconValences()));
}

/** Shortest stem matched as a word's prefix, and the most characters a stem may lack. */
export const MIN_STEM = 4;
const MAX_SUFFIX = 3;

export interface ExtraLexiconEntries {
  /** Single-code-point emoji → signed strength (±1…3). */
  emoji: Map<string, number>;
  /** Whole words (and stems, matched exactly) → signed strength; keys spelt without Latin diacritics. */
  words: Map<string, number>;
  /** Stems, matched as a word's prefix. */
  stems: Map<string, number>;
}

/**
 * What a featuriser keeps per thread: the emoji map and the words and stems as tables
 * keyed by lexiconKey() of the string (Latin diacritics folded), so a word's prefixes are
 * looked up without making strings. The string maps are not kept: 110k strings in the
 * old generation cost every major GC (full analysis +6 µs per text when they were).
 */
export interface ExtraLexicons {
  emoji: Map<string, number>;
  wordKeys: KeyTable;
  stemKeys: KeyTable;
}

/**
 * An open-addressing table from 30-bit lexicon keys to signed strengths (0: absent):
 * a few nanoseconds per lookup, where a Map<number, number> took several times that on
 * the featuriser's hot path (every word VADER does not know is looked up 1–4 times).
 */
export class KeyTable {
  private readonly keys: Int32Array; // key + 1; 0 marks an empty slot
  private readonly values: Int8Array;
  private readonly mask: number;
  /**
   * One bit per value of the key's top bits (at least 8 bits per entry), set for every stored key: most keys looked
   * up are absent (a word's stems, words outside the lists), and a clear bit says so from a bitmap of 32-128 KB
   * where the probe reads the 0.5-1 MB slot table.
   */
  private readonly present: Int32Array;
  private readonly shift: number;

  constructor(entries: Map<number, number>) {
    let size = 1024;
    while (size < entries.size * 2.5) size *= 2;
    this.keys = new Int32Array(size);
    this.values = new Int8Array(size);
    this.mask = size - 1;
    let bits = 10;
    while (1 << bits < entries.size * 8 && bits < 30) bits++;
    this.shift = 30 - bits;
    this.present = new Int32Array(Math.max(1, (1 << bits) >>> 5));
    for (const [k, v] of entries) {
      const b = (k & 0x3fffffff) >>> this.shift;
      this.present[b >>> 5] = this.present[b >>> 5]! | (1 << (b & 31));
      let i = k & this.mask;
      while (this.keys[i] !== 0 && this.keys[i] !== k + 1) i = (i + 1) & this.mask;
      this.keys[i] = k + 1;
      this.values[i] = v;
    }
  }

  get(key: number): number {
    const b = (key & 0x3fffffff) >>> this.shift;
    if ((this.present[b >>> 5]! & (1 << (b & 31))) === 0) return 0;
    for (let i = key & this.mask; ; i = (i + 1) & this.mask) {
      const k = this.keys[i]!;
      if (k === key + 1) return this.values[i]!;
      if (k === 0) return 0;
    }
  }
}

let extra: ExtraLexicons | null = null;
/** Where the lexicons come from when no file was loaded: their npm packages in training (buildExtraLexiconsWith), else null. */
let extraSource: (() => KeyedExtraLexicons) | null = null;

/** The word-class table (lexiconKey of the word → class), once per thread (FeaturizerParams.wordClusters). */
let wordClasses: Map<number, number> | null = null;

/** Uses these word classes (word → class) for this thread's featurisers made from now on. */
export function setWordClusters(classes: Map<string, number>): void {
  wordClasses = new Map([...classes].map(([w, c]) => [lexiconKey(w), c]));
}

/** The word-class table setWordClusters() loaded, or null. */
export function wordClassTable(): Map<number, number> | null {
  return wordClasses;
}

/**
 * The merged lexicons as lookup tables, once per thread: from the file loadExtraLexicons()
 * read (the service: models/extra-lexicons.bin, checked against the model's sidecar); else,
 * in training, built from their npm packages (training/extraLexiconSources.ts registers the
 * builder: ~0.4 s and a transient heap of 110k strings); else read from the committed
 * models/extra-lexicons.bin (MERIDIAN_MODELS_DIR), the lexicons the served models were
 * trained with. The builder's packages are devDependencies: the served core never runs it.
 */
export function extraLexicons(): ExtraLexicons {
  if (extra) return extra;
  if (extraSource) extra = lexiconTables(extraSource());
  else {
    const path = join(process.env['MERIDIAN_MODELS_DIR'] || join(projectRoot, 'models'), EXTRA_LEXICONS_FILE);
    loadExtraLexicons(readFileSync(path), path);
  }
  return extra!;
}

/** Training: the lexicons are built by `source` (from their npm packages) rather than read from models/. */
export function buildExtraLexiconsWith(source: () => KeyedExtraLexicons): void {
  extraSource = source;
  extra = null;
}

/** The lexicons' entries keyed as the tables use them. Two keys with one hash: the later list's value wins (as a Map's set would). */
export function keyedExtraLexicons({ emoji, words, stems }: ExtraLexiconEntries): KeyedExtraLexicons {
  const keyed = (m: Map<string, number>) => new Map([...m].map(([k, v]) => [lexiconKey(k), v]));
  return { emoji, words: keyed(words), stems: keyed(stems) };
}

function builtExtraLexicons(): KeyedExtraLexicons {
  if (!extraSource) throw new Error('the extra lexicons are built in training only: import training/extraLexiconSources.js first');
  return extraSource();
}

const lexiconTables = (k: KeyedExtraLexicons): ExtraLexicons => ({ emoji: k.emoji, wordKeys: new KeyTable(k.words), stemKeys: new KeyTable(k.stems) });

/** The merged lexicons as a file (the format: lexiconFile.ts); without an argument, those the training builder makes. */
export function encodeExtraLexicons(k: KeyedExtraLexicons = builtExtraLexicons()): Buffer {
  return encodeKeyedLexicons(k);
}

/**
 * Uses the lexicons of a file encodeExtraLexicons() wrote (bin, read from `path`) for
 * this thread's featurisers, before any is made. A malformed file is refused; the
 * caller checks its sha256 against the model's sidecar first (sentimentAnalyzer.ts).
 */
export function loadExtraLexicons(bin: Buffer, path: string): void {
  extra = lexiconTables(decodeKeyedLexicons(bin, path));
}

/**
 * Signed strength of a word in the non-English lexicons: the word itself, else its
 * longest listed stem (a prefix at least MIN_STEM long, lacking at most MAX_SUFFIX
 * characters). One pass over the word: FNV is sequential, so the state after k
 * characters is the hash of the k-character prefix.
 */
export function extraValence(x: ExtraLexicons, lower: string): number | undefined {
  const len = lower.length;
  if (len < 3) return undefined; // no key is shorter
  const from = Math.max(MIN_STEM, len - MAX_SUFFIX);
  let h = LEXICON_KEY_BASIS;
  let stem = 0;
  for (let k = 0; k < len; k++) {
    if (k >= from) {
      const s = x.stemKeys.get(finish(h, 0x3fffffff));
      if (s !== 0) stem = s;
    }
    h = mix(h, foldLatin(lower.charCodeAt(k)));
  }
  const w = x.wordKeys.get(finish(h, 0x3fffffff));
  return w !== 0 ? w : stem !== 0 ? stem : undefined;
}
