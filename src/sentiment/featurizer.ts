/**
 * The hashed n-gram featuriser shared by training and inference (fastText-style):
 * every text becomes a bag of hashed features (word unigrams, negated words, word
 * bigrams, character 3–4-grams of each word, the Unicode block of each word's first
 * letter, VADER-lexicon priors, and with extraLexicons emoji and non-English lexicon
 * priors) whose mean the linear model scores; the language head
 * reads the same bag.
 * Each feature remembers which token(s) it came from, so the rationale can cite the
 * words that carried the prediction. Buffers are reused between calls; the only
 * allocations per text are the token strings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MAX_TOKENS } from './textInput.js';
import { projectRoot } from '../paths.js';

export interface FeaturizerParams {
  /** log2 of the number of hash buckets. */
  bucketBits: number;
  minCharGram: number;
  maxCharGram: number;
  /**
   * Add a polarity-prior feature for words in the VADER lexicon (shipped in the
   * vader-sentiment package): one of six shared features "positive/negative ×
   * strength 1–3", sign flipped under negation. The model learns how much to trust
   * it; it lets the few thousand labelled English tweets generalise to lexicon words
   * they never contain.
   */
  lexicon: boolean;
  /**
   * A negated lexicon word gets its own prior feature, "negated positive/negative ×
   * strength 1–3", instead of the flipped (and damped) prior of the opposite sign. The
   * model then learns from the data what negation does to each sign ("not good" is
   * negative, "not bad" only mildly positive) rather than being told that "not bad"
   * reads like "good". Absent (false) in models trained before it.
   */
  negatedLexicon?: boolean;
  /**
   * Polarity priors beyond VADER's English lexicon (see extraLexicons()): emoji from the
   * emoji table that nlp.js ships with its AFINN lists, and the words of nlp.js's
   * per-language lexicons (AFINN translations, ML-SentiCon, Pattern) found in a word the
   * VADER lexicon does not know, each as sign × strength features of their own (plain,
   * intensified and negated, as for VADER words). Absent (false) in older models.
   */
  extraLexicons?: boolean;
  /**
   * Numbers keep their sign and unit (FINANCIAL_NEWS): "+4%" is `<num+%>`, "-19%" `<num-%>`,
   * "3.2%" `<num%>`, "+1.5" `<num+>`, "$0.28" `<$num>`, a decimal is one token (its point no
   * longer ends the clause). Absent (false): every run of digits is `<num>`, "$5" a word.
   */
  numberShapes?: boolean;
  /**
   * `$AAPL`-style cashtags (`$` then a letter): 'token' makes each one the word `<ticker>`
   * without character n-grams, so a ticker's own history does not become a prior; 'both'
   * keeps the cashtag's word feature and adds `<ticker>`. Absent: a cashtag is a plain word.
   */
  tickers?: 'token' | 'both';
  /**
   * Character n-grams are made for the language head only (FeatureBag.languageIds), not
   * for this model's bag: FINANCIAL_NEWS scores better on words, bigrams and priors alone
   * (models/financial-news.md), while the language head needs the n-grams. Absent: the
   * model's bag holds them and is also the language head's.
   */
  languageOnlyCharGrams?: boolean;
  /**
   * Character n-grams longer than maxCharGram, up to this length, are made for the model's bag
   * only: the language head keeps the bag it was trained on (n-grams up to maxCharGram, in the
   * same order), which the featuriser then holds apart (FeatureBag.languageIds). Absent: none.
   */
  modelCharGramMax?: number;
  /**
   * A word longer than this many characters also gets a feature for its first so many (a
   * crude stem: "lifting", "lifted" → "lift"); in the model's bag only, not the language
   * head's when that bag is kept apart (languageOnlyCharGrams or modelCharGramMax; without
   * either, the one bag is both). Absent: none.
   */
  wordPrefix?: number;
  /**
   * The most times a feature counts in one text (issue 17: a run of one emoji or word
   * tilted the verdict as it grew, "😀" ×50 was VERY_NEGATIVE, because every occurrence
   * added to the bag): a feature met c times weighs min(c, countCap), and the bag is
   * scaled by 1/sqrt(Σ of those weights) (featureValues). A text whose features all occur
   * at most countCap times gets exactly the values it had before (1/sqrt(n) per
   * occurrence); a run longer than that reads as the run cut to countCap + 1. Absent:
   * every occurrence counts (featureValue), as in models trained before it.
   */
  countCap?: number;
  /**
   * One feature per text for how many cashtags it holds (`<tickers:0>` … `<tickers:3>`, three or more),
   * in the model's bag only (FINANCIAL_NEWS, with tickers 'token'): a headline about several tickers
   * ("$AAPL $MSFT $GOOG: …") is more often a NEUTRAL list. Absent: none.
   */
  tickerCount?: boolean;
  /**
   * A sentence (words up to `.`, `!`, `?` or a line break) equal to an earlier one of the text, word for word in
   * lower case, adds nothing: its features and tokens are taken back. Under the bag's 1/√n weighting a pattern
   * repeated k times weighs √k times more, so "Good food but slow service." ×20 read VERY_POSITIVE where the
   * sentence alone is NEUTRAL, and 100 × "The meeting is scheduled." outweighed what followed. Absent: none.
   */
  dedupeSentences?: boolean;
  /**
   * Runs are cut to this many (issue 17: a run of one emoji or word tilted the verdict as it
   * grew, "😀" ×50 was VERY_NEGATIVE): a token equal to the previous k tokens (lower-cased,
   * clause punctuation between them ignored; emoji, "!", words, URLs, mentions) is skipped,
   * in the model's bag and the language head's alike, so "😀😀😀😀😀" and "good good good good"
   * read as three; inside a word, a unit of 1–4 letters repeated more than k times in a row is
   * cut to k repeats ("soooooo" → "sooo", "hahahahaha" → "hahaha", "lollollollol" → "lollollol"),
   * after which equal words form a run as above. Absent: runs count in full.
   */
  collapseRuns?: number;
  /**
   * English word classes from pretrained GloVe vectors (training/wordClusters.ts): a word of the
   * class table adds its class as one more feature of the model's bag ("neg-class" inside a negation
   * scope), so words the labelled data never showed share weight with their class. The table comes
   * from setWordClusters(). A cross-source probe only (tuneCrossSource.ts --features='{"wordClusters":true}'):
   * it did not win, so no model sets it (models/general.md, "Tried for issue 37, not kept").
   */
  wordClusters?: boolean;
}

export const DEFAULT_FEATURIZER: FeaturizerParams = { bucketBits: 18, minCharGram: 3, maxCharGram: 4, lexicon: true };

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

  constructor(entries: Map<number, number>) {
    let size = 1024;
    while (size < entries.size * 2.5) size *= 2;
    this.keys = new Int32Array(size);
    this.values = new Int8Array(size);
    this.mask = size - 1;
    for (const [k, v] of entries) {
      let i = k & this.mask;
      while (this.keys[i] !== 0 && this.keys[i] !== k + 1) i = (i + 1) & this.mask;
      this.keys[i] = k + 1;
      this.values[i] = v;
    }
  }

  get(key: number): number {
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

/** The merged lexicons keyed as the tables use them (lexiconKey of the word or stem), in the order the tables are filled. */
export interface KeyedExtraLexicons { emoji: Map<string, number>; words: Map<number, number>; stems: Map<number, number> }

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

/** Beside the models: the merged lexicons the models were trained with (npm run train writes it; the analyzer reads it). */
export const EXTRA_LEXICONS_FILE = 'extra-lexicons.bin';
const LEXICON_MAGIC = 0x314c584d; // "MXL1" little-endian

/**
 * The merged lexicons as a file: magic, then emoji (count; per entry: UTF-8 length as
 * u8, the bytes, the strength as i8), then words and stems (count; per entry: the
 * 30-bit key as u32, the strength as i8), all little-endian, in table-filling order, so
 * the tables read back are the ones extraLexicons() builds. Reading it costs a few ms and
 * no strings beyond the emoji, where building from @nlpjs/lang-all cost ~0.4 s and grew
 * every pool worker's heap (the idle RSS rose ~90 MB).
 */
export function encodeExtraLexicons(k: KeyedExtraLexicons = builtExtraLexicons()): Buffer {
  const emoji = [...k.emoji].map(([e, v]) => [Buffer.from(e, 'utf8'), v] as const);
  const size = 4 + 4 + emoji.reduce((a, [b]) => a + 2 + b.length, 0) + 4 + 5 * k.words.size + 4 + 5 * k.stems.size;
  const out = Buffer.alloc(size);
  let at = out.writeUInt32LE(LEXICON_MAGIC, 0);
  at = out.writeUInt32LE(emoji.length, at);
  for (const [b, v] of emoji) {
    at = out.writeUInt8(b.length, at);
    at += b.copy(out, at);
    at = out.writeInt8(v, at);
  }
  for (const m of [k.words, k.stems]) {
    at = out.writeUInt32LE(m.size, at);
    for (const [key, v] of m) {
      at = out.writeUInt32LE(key, at);
      at = out.writeInt8(v, at);
    }
  }
  return out;
}

/**
 * Uses the lexicons of a file encodeExtraLexicons() wrote (bin, read from `path`) for
 * this thread's featurisers, before any is made. A malformed file is refused; the
 * caller checks its sha256 against the model's sidecar first (sentimentAnalyzer.ts).
 */
export function loadExtraLexicons(bin: Buffer, path: string): void {
  const fail = (why: string): never => { throw new Error(`${path} is not a lexicon file of this Meridian (${why}): run \`npm run train\` or restore models/ from git`); };
  const need = (at: number, n: number): void => { if (at + n > bin.length) fail('truncated'); };
  need(0, 8);
  if (bin.readUInt32LE(0) !== LEXICON_MAGIC) fail('no MXL1 header');
  let at = 4;
  const emoji = new Map<string, number>();
  const emojiCount = bin.readUInt32LE(at);
  at += 4;
  for (let i = 0; i < emojiCount; i++) {
    need(at, 1);
    const n = bin.readUInt8(at);
    need(at, 2 + n);
    emoji.set(bin.toString('utf8', at + 1, at + 1 + n), bin.readInt8(at + 1 + n));
    at += 2 + n;
  }
  const keyed: Map<number, number>[] = [];
  for (let t = 0; t < 2; t++) {
    need(at, 4);
    const count = bin.readUInt32LE(at);
    at += 4;
    need(at, 5 * count);
    const m = new Map<number, number>();
    for (let i = 0; i < count; i++, at += 5) m.set(bin.readUInt32LE(at), bin.readInt8(at + 4));
    keyed.push(m);
  }
  if (at !== bin.length) fail('trailing bytes');
  extra = lexiconTables({ emoji, words: keyed[0]!, stems: keyed[1]! });
}

/** One text's features, valid until the next featurize() call on the same Featurizer. */
export interface FeatureBag {
  count: number;
  /** Bucket per feature. */
  ids: Int32Array;
  /** Token index each feature comes from. */
  tokenOf: Int32Array;
  /** Second token of a bigram, else -1. */
  tokenOf2: Int32Array;
  /** 1 when the feature is a negated-word feature. */
  negatedFeature: Uint8Array;
  /** Surface form of each token as written in the text. */
  tokens: string[];
  /** Index of the negation word governing each token, or -1. */
  negatedBy: Int32Array;
  /** Characters in the text's word tokens (not numbers, URLs or mentions): the language head's evidence size. */
  letters: number;
  truncated: boolean;
  /**
   * The language head's bag: ids/count themselves, except with params.languageOnlyCharGrams,
   * where it is every feature in the order made, character n-grams included, and with
   * params.modelCharGramMax, where it is the bag without the longer n-grams.
   */
  languageIds: Int32Array;
  languageCount: number;
}

// url | @mention | word (letters, marks, digits, inner apostrophes; $cashtag, #hashtag) | emoji, ! or ? | clause boundary
const TOKEN = /(https?:\/\/\S+|www\.\S+)|(@\w+)|([$#]?[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}]+)*)|(\p{Extended_Pictographic}|[!?])|([.,;:()\n"“”]|\s-\s)/gu;
const DIGITS = /^[\p{N}_]+$/u;
const MONEY = /^\$\p{N}+$/u;
const CASHTAG = /^\$\p{L}/u;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Words that negate the next few words, in the languages the models are trained on. */
const NEGATORS = new Set([
  // en
  'not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'without', 'cannot', 'cant', 'dont', 'doesnt', 'didnt',
  'isnt', 'wasnt', 'arent', 'werent', 'wont', 'wouldnt', 'shouldnt', 'couldnt', 'aint', 'hardly', 'barely',
  // es, pt, it, fr, de
  'nunca', 'jamás', 'ni', 'sin', 'tampoco', 'não', 'nao', 'nem', 'sem', 'non', 'mai', 'senza', 'ne', 'pas', 'jamais', 'sans',
  'aucun', 'aucune', 'rien', 'nicht', 'kein', 'keine', 'keinen', 'keiner', 'nie', 'niemals', 'ohne',
  // fi, id/ms, sw
  'ei', 'emme', 'ette', 'eivät', 'tidak', 'tak', 'bukan', 'belum', 'jangan', 'gak', 'nggak', 'hakuna', 'sio',
]);
const NEGATION_SCOPE = 3;

/**
 * Words that strengthen (or soften) the next lexicon word, as in VADER's booster
 * list: "very good" moves the lexicon feature one strength step up and adds an
 * "intensified" feature of that sign; "slightly bad" one step down.
 */
const INTENSIFIERS = new Set([
  'very', 'really', 'so', 'extremely', 'super', 'totally', 'absolutely', 'incredibly', 'utterly', 'completely', 'highly', 'truly',
  'too', 'most', 'hugely', 'deeply', 'seriously', 'terribly', 'awfully', 'insanely', 'damn', 'freaking', 'fucking', 'sooo', 'soo', 'veryyy',
  'muy', 'muito', 'molto', 'très', 'tres', 'sehr', 'todella', 'tosi', 'sangat', 'banget', 'sana',
]);
const SOFTENERS = new Set(['slightly', 'somewhat', 'kinda', 'kind', 'sort', 'sorta', 'bit', 'little', 'fairly', 'barely', 'marginally', 'partly']);

const KIND_WORD = 0x77; // 'w'
const KIND_NEG = 0x6e; // 'n'
const KIND_BIGRAM = 0x62; // 'b'
const KIND_CHAR = 0x63; // 'c'
const KIND_LEXICON = 0x6c; // 'l'
const KIND_INTENSE = 0x69; // 'i'
const KIND_BLOCK = 0x6b; // 'k'
const KIND_NEG_LEXICON = 0x4c; // 'L'
const KIND_EMOJI = 0x65; // 'e'
const KIND_EXTRA = 0x78; // 'x'
const KIND_NEG_EXTRA = 0x58; // 'X'
const KIND_EXTRA_INTENSE = 0x6a; // 'j'
const KIND_PREFIX = 0x70; // 'p'
const KIND_TICKERS = 0x54; // 'T'
const KIND_CLASS = 0x43; // 'C'
const KIND_NEG_CLASS = 0x4e; // 'N'

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
const MAX_GRAM_WORD = 24;

function mix(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME);
}

function finish(h: number, mask: number): number {
  // murmur3 fmix32: spreads FNV's weak low bits before masking.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) & mask;
}

function hashRange(h: number, s: string, from: number, to: number): number {
  for (let i = from; i < to; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

const LEXICON_KEY_BASIS = mix(FNV_OFFSET, 0x78);

/**
 * A 30-bit hash of a lexicon key (a small integer: fast Map key). Over ~80k words a
 * chance match of a word outside the lexicon is about 1 in 13,000 words.
 */
function lexiconKey(s: string): number {
  let h = LEXICON_KEY_BASIS;
  for (let i = 0; i < s.length; i++) h = mix(h, foldLatin(s.charCodeAt(i)));
  return finish(h, 0x3fffffff);
}

/** Latin-1 and Latin Extended-A letters without their diacritics ("ä" → "a"): nlp.js's normalisers strip them before stemming, so some lists spell "enttausch". */
const LATIN_FOLD = Uint16Array.from({ length: 0x180 }, (_, c) => String.fromCharCode(c).normalize('NFD').charCodeAt(0));

function foldLatin(c: number): number {
  return c < 0x180 ? LATIN_FOLD[c]! : c;
}

/** A string with foldLatin applied to each of its code units. */
export function foldLatinString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(foldLatin(s.charCodeAt(i)));
  return out;
}

/** FNV-1a of a string from a seeded basis, spread by fmix32: an unsigned 32-bit hash (seeded splits use it). */
export function hash32(s: string, seed: number): number {
  return finish(hashRange(FNV_OFFSET ^ seed, s, 0, s.length), 0xffffffff) >>> 0;
}

/** The bucket of a (lower-case) word's unigram feature, as featurize() computes it for a word outside a negation scope. */
export function wordFeatureId(lower: string, bucketBits: number = DEFAULT_FEATURIZER.bucketBits): number {
  return finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), 2 ** bucketBits - 1);
}

/**
 * A letter's script for the block feature: its 128-code-point Unicode block, except
 * that the large scripts spanning many blocks (Han, Hangul syllables) and the two kana
 * blocks are one class each.
 */
function scriptOf(cp: number): number {
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff)) return 0x10000;
  if (cp >= 0x3040 && cp <= 0x30ff) return 0x10001;
  if ((cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f)) return 0x10002;
  return cp >> 7;
}

/** Longest repeating unit collapseUnits() looks for, in UTF-16 code units. */
const MAX_UNIT = 4;

/**
 * The word with every unit of 1–MAX_UNIT code units repeated more than k times in a row cut to
 * k repeats (params.collapseRuns): a code unit is dropped when it is the (k·p + 1)-th or later
 * of a stretch where each equals the one p back. The same string, not a copy, when nothing is
 * dropped (almost every word): one pass with a match counter per unit length.
 */
export function collapseUnits(word: string, k: number): string {
  const n = word.length;
  if (n <= k) return word;
  let run1 = 0;
  let run2 = 0;
  let run3 = 0;
  let run4 = 0;
  let out: string | null = null;
  let kept = 0; // word[0..kept) is copied into out (or is out, while out is null)
  for (let i = 1; i < n; i++) {
    const c = word.charCodeAt(i);
    run1 = c === word.charCodeAt(i - 1) ? run1 + 1 : 0;
    run2 = i >= 2 && c === word.charCodeAt(i - 2) ? run2 + 1 : 0;
    run3 = i >= 3 && c === word.charCodeAt(i - 3) ? run3 + 1 : 0;
    run4 = i >= MAX_UNIT && c === word.charCodeAt(i - 4) ? run4 + 1 : 0;
    const drop = run1 > k - 1 || run2 > 2 * (k - 1) || run3 > 3 * (k - 1) || run4 > 4 * (k - 1);
    if (drop) {
      out = (out ?? '') + word.slice(kept, i);
      kept = i + 1;
    }
  }
  return out === null ? word : out + word.slice(kept);
}

function isNegator(lower: string): boolean {
  return NEGATORS.has(lower) || lower.endsWith("n't") || lower.endsWith('n’t');
}

/**
 * The value of each of a text's n features: 1/sqrt(n), so the bag has unit L2 norm
 * (each occurrence counts; a word's several n-grams count separately). The ONNX
 * `weights` input carries it.
 */
export function featureValue(n: number): number {
  return n > 0 ? 1 / Math.sqrt(n) : 0;
}

// featureValues' scratch: an open-addressing table (bucket + 1 → count) sized to the text, and each feature's slot.
let slotKeys = new Int32Array(256);
let slotCounts = new Int32Array(256);
let slotOf = new Int32Array(256);

/**
 * Each feature's value for the features ids[from..to) of one text, written to
 * out[outAt..outAt + (to − from)): with params.countCap = k, an occurrence of a feature met
 * c times gets min(c, k) / c / sqrt(Σ over distinct features min(c, k)), so the feature's
 * occurrences together weigh min(c, k) / sqrt(…); without a cap, 1/sqrt(n) each
 * (featureValue, the same formula with k = ∞). The trainer (linearModel.ts), the ONNX feeds
 * (onnxBatch.ts) and the trainer's ONNX check all call it, so training and serving weigh
 * a bag the same way. Counting uses a small hash table sized to the text (at least twice
 * its features; the bucket ids are hashes already, so their low bits index it), cleared per
 * call: a table over all 2^18 buckets cost ~10 µs per tweet in cache misses.
 */
export function featureValues(params: Pick<FeaturizerParams, 'countCap'>, ids: Int32Array, from: number, to: number, out: Float32Array | Float64Array, outAt = 0): void {
  const n = to - from;
  const cap = params.countCap;
  if (cap === undefined || n <= cap) {
    out.fill(featureValue(n), outAt, outAt + n);
    return;
  }
  let size = 64;
  while (size < 2 * n) size *= 2;
  if (slotKeys.length < size) {
    slotKeys = new Int32Array(size);
    slotCounts = new Int32Array(size);
  }
  if (slotOf.length < n) slotOf = new Int32Array(2 * n);
  const keys = slotKeys;
  const counts = slotCounts;
  keys.fill(0, 0, size);
  const mask = size - 1;
  let total = 0; // Σ over distinct features of min(c, cap)
  for (let k = 0; k < n; k++) {
    const key = ids[from + k]! + 1;
    let i = key & mask;
    for (;;) {
      const at = keys[i]!;
      if (at === key) {
        if (++counts[i]! <= cap) total++;
        break;
      }
      if (at === 0) {
        keys[i] = key;
        counts[i] = 1;
        total++;
        break;
      }
      i = (i + 1) & mask;
    }
    slotOf[k] = i;
  }
  const scale = 1 / Math.sqrt(total);
  if (total === n) {
    out.fill(scale, outAt, outAt + n); // no feature over the cap: 1/sqrt(n) each
    return;
  }
  // c occurrences of min(c, cap)/c each: min(c, cap) per feature
  for (let k = 0; k < n; k++) {
    const c = counts[slotOf[k]!]!;
    out[outAt + k] = c > cap ? (cap / c) * scale : scale;
  }
}

export class Featurizer {
  readonly buckets: number;
  private readonly mask: number;
  private ids = new Int32Array(4096);
  private tokenOf = new Int32Array(4096);
  private tokenOf2 = new Int32Array(4096);
  private negatedFeature = new Uint8Array(4096);
  private negatedBy = new Int32Array(MAX_TOKENS);
  private count = 0;
  /** With a separate language bag (languageOnlyCharGrams, modelCharGramMax): the language head's bag, in order. */
  private languageIds = new Int32Array(4096);
  private languageCount = 0;
  private readonly lexicon: Map<string, number> | null;
  /** Bucket of the lexicon feature for sign (0 negative, 1 positive) × strength 1–3. */
  readonly lexiconIds: number[];
  /** Bucket of the "intensified lexicon word" feature per sign (0 negative, 1 positive). */
  readonly intenseIds: number[];
  /** Bucket of the negated-lexicon feature for the word's own sign (0 negative, 1 positive) × strength 1–3 (params.negatedLexicon). */
  readonly negatedLexiconIds: number[];
  private readonly extra: ExtraLexicons | null;
  /** Bucket of the emoji prior per sign × strength (params.extraLexicons). */
  readonly emojiIds: number[];
  /** Buckets of the non-English lexicon priors (sign × strength; intensified per sign; negated sign × strength). */
  readonly extraIds: number[];
  readonly extraIntenseIds: number[];
  readonly negatedExtraIds: number[];
  /** Hashes of the sentences met so far in the text being featurised (params.dedupeSentences). */
  private readonly sentencesSeen = new Set<number>();
  /** params.wordClusters: lexiconKey(word) → class. */
  private readonly classes: Map<number, number> | null;
  private readonly languageOnlyCharGrams: boolean;
  /** The language head's bag differs from the model's (languageOnlyCharGrams, modelCharGramMax), so it is kept apart. */
  private readonly separateLanguageBag: boolean;

  constructor(readonly params: FeaturizerParams = DEFAULT_FEATURIZER) {
    this.buckets = 2 ** params.bucketBits;
    this.mask = this.buckets - 1;
    this.lexicon = params.lexicon ? lexiconValences() : null;
    // sign (−, +) × strength (1, 2, 3) buckets of one kind of prior feature
    const perSign = (kind: number) => [0x2d, 0x2b].map((sign) => mix(mix(FNV_OFFSET, kind), sign));
    const signStrength = (kind: number) => perSign(kind).flatMap((h) => [0x31, 0x32, 0x33].map((k) => finish(mix(h, k), this.mask)));
    this.lexiconIds = signStrength(KIND_LEXICON);
    this.intenseIds = perSign(KIND_INTENSE).map((h) => finish(h, this.mask));
    this.negatedLexiconIds = signStrength(KIND_NEG_LEXICON);
    this.extra = params.extraLexicons === true ? extraLexicons() : null;
    this.emojiIds = signStrength(KIND_EMOJI);
    this.extraIds = signStrength(KIND_EXTRA);
    this.extraIntenseIds = perSign(KIND_EXTRA_INTENSE).map((h) => finish(h, this.mask));
    this.negatedExtraIds = signStrength(KIND_NEG_EXTRA);
    if (params.wordClusters === true && !wordClasses) throw new Error('featurizer: wordClusters is set but no word-class table was loaded (setWordClusters: a tuning probe only, no model ships it)');
    this.classes = params.wordClusters === true ? wordClasses : null;
    this.languageOnlyCharGrams = params.languageOnlyCharGrams === true;
    this.separateLanguageBag = this.languageOnlyCharGrams || (params.modelCharGramMax ?? 0) > params.maxCharGram;
  }

  /** The prior buckets this featuriser can emit (input dropout may be told to spare them). */
  priorIds(): number[] {
    if (!this.params.lexicon && !this.params.extraLexicons) return [];
    return [
      ...this.lexiconIds,
      ...this.intenseIds,
      ...(this.params.negatedLexicon ? this.negatedLexiconIds : []),
      ...(this.extra ? [...this.emojiIds, ...this.extraIds, ...this.extraIntenseIds, ...this.negatedExtraIds] : []),
    ];
  }

  /**
   * Signed strength of a word in the non-English lexicons: the word itself, else its
   * longest listed stem (a prefix at least MIN_STEM long, lacking at most MAX_SUFFIX
   * characters). One pass over the word: FNV is sequential, so the state after k
   * characters is the hash of the k-character prefix.
   */
  private extraValence(lower: string): number | undefined {
    const x = this.extra!;
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

  /** Where the last numberShape() token starts (its sign included). */
  private shapeFrom = 0;

  /**
   * The shape of the number token at `at` (params.numberShapes): its decimals and a
   * following "%" are consumed (TOKEN.lastIndex moves past them), and a "+" or "-" written
   * right before it (after a space, an opening bracket or the start) is its sign.
   */
  private numberShape(text: string, at: number, money: boolean): string {
    let end = TOKEN.lastIndex;
    while ((text.charCodeAt(end) === 0x2e || text.charCodeAt(end) === 0x2c) && isDigit(text.charCodeAt(end + 1))) {
      end += 2;
      while (isDigit(text.charCodeAt(end))) end++;
    }
    const percent = !money && text.charCodeAt(end) === 0x25;
    if (percent) end++;
    TOKEN.lastIndex = end;
    const c = text.charCodeAt(at - 1);
    const before = at >= 2 ? text.charCodeAt(at - 2) : 0x20;
    const signed = (c === 0x2b || c === 0x2d || c === 0x2212) && (before === 0x20 || before === 0x28 || before === 0x0a || at === 1);
    this.shapeFrom = signed ? at - 1 : at;
    if (money) return '<$num>';
    const sign = !signed ? '' : c === 0x2b ? '+' : '-';
    return `<num${sign}${percent ? '%' : ''}>`;
  }

  /** A feature of the language head's bag (only, with params.languageOnlyCharGrams). */
  private pushLanguage(id: number): void {
    if (this.languageCount === this.languageIds.length) {
      const b = new Int32Array(this.languageIds.length * 2);
      b.set(this.languageIds);
      this.languageIds = b;
    }
    this.languageIds[this.languageCount++] = id;
  }

  /** Adds a feature to the model's bag and (unless modelOnly) to the language head's. */
  private push(id: number, token: number, token2: number, negated: number, modelOnly = false): void {
    if (this.separateLanguageBag && !modelOnly) this.pushLanguage(id);
    if (this.count === this.ids.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.tokenOf = grow(this.tokenOf, (n) => new Int32Array(n));
      this.tokenOf2 = grow(this.tokenOf2, (n) => new Int32Array(n));
      this.negatedFeature = grow(this.negatedFeature, (n) => new Uint8Array(n));
    }
    const i = this.count++;
    this.ids[i] = id;
    this.tokenOf[i] = token;
    this.tokenOf2[i] = token2;
    this.negatedFeature[i] = negated;
  }

  /** Featurises cleaned text (see textInput.cleanText). */
  featurize(text: string): FeatureBag {
    const { minCharGram, maxCharGram } = this.params;
    const mask = this.mask;
    this.count = 0;
    this.languageCount = 0;
    const languageOnly = this.languageOnlyCharGrams;
    const separate = this.separateLanguageBag;
    // n-grams longer than maxCharGram go to the model's bag only (params.modelCharGramMax)
    const gramMax = languageOnly ? maxCharGram : Math.max(maxCharGram, this.params.modelCharGramMax ?? 0);
    const tokens: string[] = [];
    let truncated = false;
    let letters = 0;
    let prev: string | null = null; // previous word (lower case) in the same clause
    let negator = -1;
    let scopeLeft = 0;
    let boost = 0; // +1 after an intensifier, -1 after a softener (same clause)
    const collapse = this.params.collapseRuns;
    let runOf: string | null = null; // the token (lower case) of the current run, and its length so far
    let runLength = 0;
    let tickerCount = 0; // cashtags (params.tickerCount)
    // params.dedupeSentences: where the current sentence began (bag, language bag, tokens, letters) and its hash
    const dedupe = this.params.dedupeSentences === true;
    const seen = this.sentencesSeen;
    seen.clear();
    let sentenceHash = FNV_OFFSET;
    let fromCount = 0, fromLanguageCount = 0, fromTokens = 0, fromLetters = 0;
    let afterTerminator = false; // the previous token was "!" or "?"
    const endSentence = () => {
      if (tokens.length > fromTokens) {
        if (seen.has(sentenceHash)) {
          // said before in this text: taken back whole
          this.count = fromCount;
          this.languageCount = fromLanguageCount;
          tokens.length = fromTokens;
          letters = fromLetters;
        } else seen.add(sentenceHash);
      }
      sentenceHash = FNV_OFFSET;
      fromCount = this.count;
      fromLanguageCount = this.languageCount;
      fromTokens = tokens.length;
      fromLetters = letters;
    };
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
      if (dedupe) {
        const terminator = m[0] === '!' || m[0] === '?';
        if ((afterTerminator && !terminator) || (m[5] !== undefined && (m[0] === '.' || m[0] === '\n'))) endSentence();
        afterTerminator = terminator;
      }
      if (m[5] !== undefined) {
        prev = null;
        scopeLeft = 0;
        boost = 0;
        continue;
      }
      if (tokens.length === MAX_TOKENS) {
        truncated = true;
        break;
      }
      const t = tokens.length;
      tokens.push(m[0]);
      let lower: string;
      let number = false;
      let ticker = false;
      if (m[1] !== undefined) lower = '<url>';
      else if (m[2] !== undefined) lower = '<user>';
      else {
        lower = m[0].toLowerCase();
        if (m[3] !== undefined) {
          if (DIGITS.test(lower)) {
            lower = '<num>';
            number = true;
          }
          if (this.params.numberShapes === true && (number || MONEY.test(lower))) {
            lower = this.numberShape(text, m.index, lower !== '<num>');
            tokens[t] = text.slice(this.shapeFrom, TOKEN.lastIndex);
            number = true;
          } else if (this.params.tickers !== undefined && CASHTAG.test(lower)) ticker = true;
          if (collapse !== undefined && !number && !ticker) lower = collapseUnits(lower, collapse);
        }
      }
      if (collapse !== undefined) {
        if (lower === runOf) {
          if (++runLength > collapse) {
            // the run's (k+1)-th or later token: no feature, no token, no negation or intensity step
            tokens.pop();
            continue;
          }
        } else {
          runOf = lower;
          runLength = 1;
        }
      }
      const negated = scopeLeft > 0 ? negator : -1;
      this.negatedBy[t] = negated;
      if (dedupe) sentenceHash = hashRange(mix(sentenceHash, 0x20), lower, 0, lower.length);

      if (ticker) {
        tickerCount++;
        // the cashtag's own word (tickers 'both') and the shared <ticker>; prev below is <ticker>
        if (this.params.tickers === 'both') this.push(finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), mask), t, -1, 0);
        lower = '<ticker>';
      }
      // A negated word is its own feature ("neg:hate" is not "hate"): neither the word's
      // plain weight nor its character n-grams speak for it.
      if (negated >= 0) this.push(finish(hashRange(mix(FNV_OFFSET, KIND_NEG), lower, 0, lower.length), mask), t, -1, 1);
      else this.push(finish(hashRange(mix(FNV_OFFSET, KIND_WORD), lower, 0, lower.length), mask), t, -1, 0);
      if (this.classes !== null && m[3] !== undefined) {
        const c = this.classes.get(lexiconKey(lower));
        if (c !== undefined) this.push(finish(mix(mix(mix(FNV_OFFSET, negated >= 0 ? KIND_NEG_CLASS : KIND_CLASS), c & 0xff), c >> 8), mask), t, -1, negated >= 0 ? 1 : 0, true);
      }
      if (this.lexicon !== null || this.extra !== null) {
        let v = this.lexicon?.get(lower);
        let ids = this.lexiconIds;
        let negIds = this.negatedLexiconIds;
        let intense = this.intenseIds;
        if (v === undefined && this.extra !== null) {
          if (m[4] !== undefined) {
            const e = this.extra.emoji.get(lower);
            // Emoji: own sign × strength features, never negated nor intensified.
            if (e !== undefined) this.push(this.emojiIds[(e > 0 ? 3 : 0) + Math.abs(e) - 1]!, t, -1, 0);
          } else if (m[3] !== undefined) {
            v = this.extraValence(lower);
            ids = this.extraIds;
            negIds = this.negatedExtraIds;
            intense = this.extraIntenseIds;
          }
        }
        if (v !== undefined && negated >= 0 && this.params.negatedLexicon === true) {
          // Own sign and undamped strength: what negation does to it is learned.
          const strength = Math.min(3, Math.max(1, Math.round(Math.abs(v)) + boost)) - 1;
          this.push(negIds[(v > 0 ? 3 : 0) + strength]!, t, -1, 1);
        } else if (v !== undefined) {
          const positive = v > 0 !== negated >= 0;
          // VADER damps a negated word (×0.74) rather than flipping it whole: "not bad" is mildly positive.
          const base = Math.round(Math.abs(v) * (negated >= 0 ? 0.74 : 1)) + boost;
          const strength = Math.min(3, Math.max(1, base)) - 1;
          this.push(ids[(positive ? 3 : 0) + strength]!, t, -1, negated >= 0 ? 1 : 0);
          if (boost > 0) this.push(intense[positive ? 1 : 0]!, t, -1, negated >= 0 ? 1 : 0);
        }
      }
      if (prev !== null) {
        let h = hashRange(mix(FNV_OFFSET, KIND_BIGRAM), prev, 0, prev.length);
        h = hashRange(mix(h, 0x20), lower, 0, lower.length);
        this.push(finish(h, mask), t, t - 1, 0);
      }
      const prefix = this.params.wordPrefix;
      if (prefix !== undefined && m[3] !== undefined && !number && !ticker && negated < 0 && lower.length > prefix) {
        // not in the language head's bag: it was trained without prefix features
        this.push(finish(hashRange(mix(FNV_OFFSET, KIND_PREFIX), lower, 0, prefix), mask), t, -1, 0, true);
      }
      if (m[3] !== undefined && !number && !ticker) {
        letters += lower.length;
        // The 128-code-point Unicode block of the word's first letter: the script, which
        // tells the language head the family of a text whose n-grams it never saw.
        const first = lower.codePointAt(lower.charCodeAt(0) === 0x23 || lower.charCodeAt(0) === 0x24 ? 1 : 0) ?? 0;
        this.push(finish(mix(mix(FNV_OFFSET, KIND_BLOCK), scriptOf(first)), mask), t, -1, 0);
        if (first >= 0x2e80) {
          // Scripts written without spaces (Han, kana, Hangul, …): one block feature per
          // character, so a whole sentence in one token still shows its script mix.
          const stop = Math.min(lower.length, MAX_GRAM_WORD);
          for (let k = 1; k < stop; k++) this.push(finish(mix(mix(FNV_OFFSET, KIND_BLOCK), scriptOf(lower.charCodeAt(k))), mask), t, -1, 0);
        }
      }
      if (m[3] !== undefined && lower.length >= 2 && !number && !ticker && negated < 0) {
        // character n-grams of "<word>", boundaries included. FNV is sequential, so the
        // state after n characters from a start is that n-gram's hash: one pass per start.
        const len = Math.min(lower.length, MAX_GRAM_WORD) + 2;
        for (let start = 0; start + minCharGram <= len; start++) {
          let h = mix(FNV_OFFSET, KIND_CHAR);
          const stop = Math.min(len, start + gramMax);
          for (let k = start; k < stop; k++) {
            h = mix(h, k === 0 ? 0x3c : k === len - 1 ? 0x3e : lower.charCodeAt(k - 1));
            const n = k - start + 1;
            if (n >= minCharGram) {
              if (languageOnly) this.pushLanguage(finish(h, mask));
              else this.push(finish(h, mask), t, -1, 0, n > maxCharGram);
            }
          }
        }
      }

      if (isNegator(lower)) {
        negator = t;
        scopeLeft = NEGATION_SCOPE;
      } else if (scopeLeft > 0) scopeLeft--;
      boost = INTENSIFIERS.has(lower) ? 1 : SOFTENERS.has(lower) ? -1 : 0;
      prev = lower;
    }
    if (dedupe) endSentence();
    if (this.params.tickerCount === true && tokens.length > 0) {
      // a feature of the whole text, no word's: token -1, so the rationale cites no word for it
      this.push(finish(mix(mix(FNV_OFFSET, KIND_TICKERS), 0x30 + Math.min(3, tickerCount)), mask), -1, -1, 0, true);
    }
    return {
      count: this.count,
      ids: this.ids,
      tokenOf: this.tokenOf,
      tokenOf2: this.tokenOf2,
      negatedFeature: this.negatedFeature,
      tokens,
      negatedBy: this.negatedBy,
      letters,
      truncated,
      languageIds: separate ? this.languageIds : this.ids,
      languageCount: separate ? this.languageCount : this.count,
    };
  }
}
