/**
 * The sentiment verdict for languages the GENERAL model has no training data in (its sidecar's trainedLanguages):
 * a lexicon score instead of what the model makes of features it never learned (mostly NEUTRAL, or noise).
 *
 * Lexicons per language: nlp.js's (`@nlpjs/lang-*`, MIT; AFINN translations, ML-SentiCon and Pattern lists; AFINN
 * is ODbL 1.0, data/sentiment/ATTRIBUTION.md) and the project's own seed words (fallbackSeeds.ts), with transfer
 * from a related language where a language has none of its own (TRANSFER: Croatian and Bosnian read Serbian's,
 * Slovak Czech's, Bulgarian Russian's and Ukrainian's, Malay Indonesian's, Urdu Persian's). Emoji polarity from
 * the same AFINN lists; for texts with no letters (emoji()) also the gaps filled and the neutral faces marked from the
 * emoji's Unicode names (training/emojiPolarity.ts; the model's own emoji features, models/extra-lexicons.bin, are
 * nlp.js's table alone).
 * Matching: whole words, word beginnings (`stem*`, and the Snowball stems of nlp.js's stem lists), two-word entries; for Chinese, Japanese and Thai, written without spaces, longest substring first. A
 * negator ("not", "不", "ไม่", …) flips the next lexicon word within two words of its clause, "at all" words not
 * counted (AT_ALL; in Korean, Japanese, Turkish, Bengali and the Germanic languages with the negator after the verb,
 * the one just before it when none follows; in Hindi, Urdu and Persian the one just before it first: "maza nahi
 * aaya", "بد نیست"); in Thai a space ends the phrase it can reach. After a contrast word ("but": CONTRAST) whose
 * two sides disagree, the words after it count 1.5× and those before 0.5× (VADER's rule). `!` strengthens a score
 * that is there.
 *
 * The tables are hashed into one file (models/fallback-lexicons.bin: per entry the 32-bit FNV-1a of "lang kind text",
 * a second, independent 32-bit hash checked when the first matches, and the strength),
 * written by `npx tsx training/fallbackLexiconBuild.ts` (training/fallbackSeeds.ts and the installed nlp.js,
 * a devDependency), so an
 * analysis thread holds two typed arrays and no lexicon strings.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import {
  AT_ALL, AUXILIARIES_AFTER_NEGATOR, BACK_FIRST, CONTRAST, CONTRAST_AFTER, CONTRAST_BEFORE, CONTRAST_SETS, COPULAS_BEFORE_NEGATOR, CONTRACTED_NEGATORS,
  LONGEST_NEGATOR, NEGATING_ALONE, NEVER, POST_NEGATING, PRIVATIVE, QUESTION_PARTICLES, SO_WORDS,
} from './clauseWords.js';

export { CONTRAST_AFTER, CONTRAST_BEFORE, LONGEST_NEGATOR };

export const FALLBACK_LEXICONS_FILE = 'fallback-lexicons.bin';
export const FALLBACK_MAGIC = 0x324c464d; // "MFL2": two hashes per entry (MFL1 had one)

/** nlp.js lists: [language, file, scale, kind] (kind `w`: whole words; `s`: Snowball stems, matched as word beginnings). */
export const NLPJS: readonly (readonly [string, string, number, 'w' | 's'])[] = [
  ...['ar', 'cs', 'el', 'fa', 'hi', 'hu', 'id', 'ko', 'lt', 'no', 'pl', 'ro', 'sl', 'sr', 'sv', 'th', 'tl', 'tr', 'uk'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5, 'w'] as const),
  ...['bn', 'da', 'es', 'fi', 'pt', 'ru'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5, 's'] as const),
  ...['ca', 'de', 'es', 'eu', 'gl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/senticon_${l}.json`, 1, 's'] as const),
  ...['fr', 'it', 'nl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/pattern_${l}.json`, 1, 's'] as const),
];
/** Lists in a non-Latin script: their Latin-letter keys are untranslated English leftovers. */
export const NON_LATIN = new Set(['ar', 'bn', 'el', 'fa', 'hi', 'ko', 'ru', 'th', 'uk']);
/** Where a language without a list of its own (or with a thin one) also looks. */
export const TRANSFER: Readonly<Record<string, readonly string[]>> = {
  hr: ['sr'], bs: ['sr', 'hr'], sr: ['hr'], sk: ['cs'], cs: ['sk'], bg: ['ru', 'uk'], mk: ['bg', 'ru'], be: ['ru', 'uk'], uk: ['ru'],
  ms: ['id'], id: ['ms'], ur: ['fa'], da: ['no'], no: ['da', 'sv'], nn: ['no'], sv: ['no'], gl: ['pt', 'es'], ca: ['es'],
};
/** Scripts written without spaces between words: lexicon entries are found as substrings. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
export const SHORTEST_STEM = 3;
/** Hangul: one syllable is a stem ("좋" in 좋아서, 좋았어요); Korean entries all match as word beginnings. */
export const HANGUL = /\p{Script=Hangul}/u;
/**
 * The longest substring an unspaced run is searched for (code points); the build refuses a longer seed or vocabulary
 * entry. Not 10: nlp.js's Thai list has longer words that would then match ("การแข่งขัน", a match, +2).
 */
export const LONGEST_SUBSTRING = 8;
/**
 * Unspaced scripts whose word boundaries ICU finds with a dictionary in Node's own Intl.Segmenter (Thai, Lao, Khmer,
 * Burmese). Matched anywhere, a Thai entry was found inside other words (บ้า "crazy" in บ้าน "house", ช้า "slow" in
 * เช้า "morning", นัก in พนักงาน "staff"). Node's ICU has no Chinese or Japanese dictionary (it cuts 素晴らしい into
 * single letters), so those keep plain substring matching.
 */
const SEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Code-point offsets of the word boundaries of `run` (its start and end included). */
function wordBoundaries(run: string): Set<number> {
  const bounds = new Set<number>([0]);
  let at = 0;
  for (const s of wordSegmenter.segment(run)) {
    at += [...s.segment].length;
    bounds.add(at);
  }
  return bounds;
}
export const NEGATOR = 100;
/**
 * An entry the lists mark neutral (`=word`, `=dobrý den`): found like any other, it is a position with no polarity,
 * so no shorter stem or substring inside it is read: a greeting's "good" ("Dobrý den", "Bună ziua", "Καλημέρα"), 好 in
 * 好像 "seems", 差 in 出差 "business trip". A negator before it reaches past it.
 */
export const NEUTRAL_ENTRY = 101;
/**
 * The mark of an emoji the table knows as neutral (kind `z`, training/emojiPolarity.ts: faces whose Unicode name says
 * no feeling, such as 😐 NEUTRAL FACE). Polar emoji are kind `e` (nlp.js's table, read in every text) with their
 * strength, and kind `y` (the project's list, read by emoji() only: texts with no letters).
 */
export const NEUTRAL_EMOJI = 1;

/**
 * The entry check hash: a second 32-bit hash of the same key, independent of fnv (another offset, another odd
 * multiplier, a shift mixed in), compared only when fnv found an entry. With fnv alone, 88k entries in 2^32 made about
 * one lookup in 49,000 land on another key's entry, and a text does a few hundred lookups (every word beginning of every
 * word): English "doctor" read −3 through Spanish "mear", "parcel" +1 through a Tagalog word.
 */
export function check(s: string): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

/** check(entryKey(lang, String.fromCharCode(kind), a.slice(0, aTo))), or of the two-word key with `b`, without making the key. */
function checkOf(lang: string, kind: number, a: string, aTo: number, b?: string): number {
  let h = 0x9e3779b9;
  const step = (c: number): void => {
    h = Math.imul(h ^ c, 0x5bd1e995);
    h ^= h >>> 13;
  };
  for (let i = 0; i < lang.length; i++) step(lang.charCodeAt(i));
  step(1);
  step(kind);
  step(1);
  for (let i = 0; i < aTo; i++) step(a.charCodeAt(i));
  if (b !== undefined) {
    step(0x20);
    for (let i = 0; i < b.length; i++) step(b.charCodeAt(i));
  }
  return h >>> 0;
}

/** The fnv state after entryKey(lang, kind, '')'s characters: lang, \u0001, kind, \u0001 (not yet made unsigned). */
function keyBasis(lang: string, kind: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < lang.length; i++) h = Math.imul(h ^ lang.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 1, 0x01000193);
  h = Math.imul(h ^ kind, 0x01000193);
  return Math.imul(h ^ 1, 0x01000193);
}

/** Entry kinds as the key's character codes. */
const KIND_WORD = 0x77; // 'w'
const KIND_STEM = 0x73; // 's'
const KIND_NEGATOR = 0x6e; // 'n'
const KIND_SUBSTRING = 0x63; // 'c'
const KIND_EMOJI = 0x65; // 'e'
const KIND_EMOJI_OWN = 0x79; // 'y'
const KIND_EMOJI_NEUTRAL = 0x7a; // 'z'
const KIND_LIST = 0x6c; // 'l'

export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
/** A slot for an fnv value: its bits mixed (murmur3's finaliser), so that the low bits the table masks spread well. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
/** A word's part after an elided article or pronoun and its apostrophe (French l'excellent). */
const ELIDED = /['’]([\p{L}\p{M}]+)$/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/**
 * A clause boundary: no negation reaches over it. The featuriser's marks (tokenRules.ts: . , ; : ( ) newline, quotes,
 * a spaced hyphen), and ! ? and spaced dashes, the full-width marks of CJK text, the Devanagari danda (। ॥) and the
 * Arabic-script comma, question mark and full stop (، ؟ ۔).
 */
const CLAUSE_MARK = '[.,;:!?()\\n"“”，。！？；：、।॥،؟۔]|\\s[-–—]\\s';
const TOKEN = new RegExp(`\\p{Extended_Pictographic}|[\\p{L}\\p{M}\\p{N}]+(?:['’][\\p{L}\\p{M}]+)*|${CLAUSE_MARK}`, 'gu');
/** Whether one of TOKEN's matches is a clause boundary. */
const CLAUSE_END = new RegExp(`^(?:${CLAUSE_MARK})$`, 'u');
/** An entry's key as hashed: language, kind and text. */
export const entryKey = (lang: string, kind: string, text: string): string => `${lang}\u0001${kind}\u0001${text}`;

export interface LexiconHit {
  text: string;
  strength: number;
  /** Letters of the word past the stem it matched as a word beginning (0 for a whole-word or substring match). */
  beyondStem?: number;
}

export interface FallbackVerdict {
  /** Sum of the matched words' strengths (±1-3 each; negated ones flipped; contrast-weighted; × 1.1 per `!`, at most three). */
  score: number;
  hits: LexiconHit[];
  /** Negators found in the text, whether or not a lexicon word followed within reach ("ne déteste pas": `pas` comes after). */
  negators?: number;
  /** The contrast word (CONTRAST) whose two sides disagreed, as the text has it: the hits after it were weighed up, those before down. */
  contrast?: string;
}

/**
 * The position in `found` of the last contrast word of the text's language (or a language it reads by TRANSFER) with
 * lexicon words on both sides whose sums disagree in sign, or −1.
 */
function contrastAt(found: readonly { v: number; text: string; end?: true }[], langs: readonly string[], strength: (f: { v: number }, i: number) => number): number {
  let at = -1;
  for (let i = found.length - 2; i > 0 && at < 0; i--) {
    const f = found[i]!;
    if (f.v !== 0 || f.end) continue;
    const word = f.text.toLowerCase();
    if (langs.some((l) => CONTRAST_SETS.get(l)?.has(word))) at = i;
  }
  if (at < 0) return -1;
  let before = 0;
  let after = 0;
  found.forEach((f, i) => {
    if (i < at) before += strength(f, i);
    else if (i > at) after += strength(f, i);
  });
  return before * after < 0 ? at : -1;
}

/** The emoji of a text the emoji table knows: the polar ones as hits (score as FallbackVerdict's) and the neutral ones. */
export interface EmojiVerdict extends FallbackVerdict {
  neutral: string[];
}

/**
 * One word position of a text as score() reads it: its strength (0 none, NEGATOR a negator) and the surface matched;
 * `end` a clause boundary, `negatorFirst` a two-word entry that opens with a negator ("ne radi"), `alone` a
 * NEGATING_ALONE word.
 */
interface Found { v: number; text: string; beyondStem?: number; end?: true; negatorFirst?: true; alone?: true; emoji?: true }

/**
 * Makes each NEGATING_ALONE word a negator where no negator shares its clause, neither alone nor as the first word of a
 * two-word entry. One pass per clause: linear in the text.
 */
function negateAlone(found: Found[]): void {
  for (let from = 0; from < found.length;) {
    let to = from;
    let negated = false;
    let alone = false;
    for (; to < found.length && !found[to]!.end; to++) {
      const f = found[to]!;
      negated ||= f.v === NEGATOR || f.negatorFirst === true;
      alone ||= f.alone === true;
    }
    if (alone && !negated) for (let j = from; j < to; j++) if (found[j]!.alone) found[j]!.v = NEGATOR;
    from = to + 1;
  }
}

/**
 * A word in lower case as the tables hold it: Turkish and Azerbaijani İ is i ("İğrenç", disgusting, at a sentence's
 * start had lower-cased to i and a combining dot, which no entry holds).
 */
function lowerWord(w: string): string {
  return (w.includes('İ') ? w.replaceAll('İ', 'i') : w).toLowerCase();
}

/**
 * The lexicon word a negator at `i` negates after it: the next one within two words of its clause ("ne répond jamais,
 * quelle honte": not honte), past "at all" words anywhere and past auxiliaries and "so/such" words right after it
 * (clauseWords.ts); none past a question particle right after it, nor past a "so/such" word in a clause with "never".
 */
function forwardTarget(found: readonly Found[], i: number, lang: string, neverClause: boolean): number {
  const auxiliaries = AUXILIARIES_AFTER_NEGATOR[lang];
  const so = SO_WORDS[lang];
  for (let j = i + 1, reach = 0, adjacent = true; reach < 2 && j < found.length && !found[j]!.end; j++) {
    // an emoji is the writer's own feeling, never what a negator denies: it ends the negator's reach
    // ("nemôžem spať 😤", can't sleep: the 😤 stands; it had read as negated, so positive)
    if (found[j]!.emoji) return -1;
    if (found[j]!.v !== 0 && found[j]!.v !== NEGATOR) return j;
    const w = lowerWord(found[j]!.text);
    if (adjacent && QUESTION_PARTICLES.has(w)) return -1;
    if (so?.has(w) && neverClause) return -1;
    if (AT_ALL.has(w) || (adjacent && (auxiliaries?.has(w) || so?.has(w)))) continue;
    reach++;
    adjacent = false;
  }
  return -1;
}

/** The positions of `found` in a clause that holds a "never" word of `lang` (NEVER). */
function neverClauses(found: readonly Found[], lang: string): Set<number> {
  const words = NEVER[lang];
  const out = new Set<number>();
  if (words === undefined) return out;
  for (let from = 0; from < found.length;) {
    let to = from;
    let has = false;
    for (; to < found.length && !found[to]!.end; to++) has ||= words.has(lowerWord(found[to]!.text));
    if (has) for (let k = from; k < to; k++) out.add(k);
    from = to + 1;
  }
  return out;
}

export class FallbackLexicons {
  /**
   * Open addressing over the entries, by fnv: slot → entry index + 1 (0 empty), at most half full, probed linearly. A
   * binary search over the sorted hashes took a quarter of score()'s time (17 steps over ~100k entries per lookup).
   */
  private readonly slots: Uint32Array;
  private readonly mask: number;
  /** One bit per value of mix(fnv) >>> 12 (2^20 bits): set for every entry's, so a clear bit says a key is absent. */
  private readonly present = new Int32Array(1 << 15);
  /** word()'s scratch: the code-unit end of each code point of the word, and each language's stem-key fnv states. */
  private ends = new Int32Array(64);
  private states = new Int32Array(256);

  constructor(
    /** fnv of each entry's key, ascending (entries with the same fnv sit together). */
    private readonly hashes: Uint32Array,
    /** check() of each entry's key, in the same order. */
    private readonly checks: Uint32Array,
    private readonly values: Int8Array,
  ) {
    let size = 1024;
    while (size < hashes.length * 2) size *= 2;
    this.slots = new Uint32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < hashes.length; i++) {
      const m = mix(hashes[i]!);
      this.present[m >>> 17] = this.present[m >>> 17]! | (1 << ((m >>> 12) & 31));
      let slot = m & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = i + 1;
    }
  }

  static load(modelsDir: string): FallbackLexicons {
    const path = join(modelsDir, FALLBACK_LEXICONS_FILE);
    return FallbackLexicons.fromBytes(readFileSync(existsSync(path) ? path : join(projectRoot, 'models', FALLBACK_LEXICONS_FILE)), path);
  }

  /** The tables from the bytes of a fallback-lexicons.bin (`path` names them in errors). */
  static fromBytes(bin: Buffer, path = FALLBACK_LEXICONS_FILE): FallbackLexicons {
    if (bin.length < 8 || bin.readUInt32LE(0) !== FALLBACK_MAGIC) throw new Error(`${path} is not a fallback lexicon file of this version: run \`npx tsx training/fallbackLexiconBuild.ts\` or restore models/ from git`);
    const n = bin.readUInt32LE(4);
    if (bin.length !== 8 + 9 * n) throw new Error(`${path} has ${bin.length} bytes, expected ${8 + 9 * n}`);
    const copy = new Uint8Array(bin.subarray(8));
    return new FallbackLexicons(new Uint32Array(copy.buffer, 0, n), new Uint32Array(copy.buffer, 4 * n, n), new Int8Array(copy.buffer, 8 * n, n));
  }

  /**
   * The strength stored for the key entryKey(lang, kind, a.slice(0, aTo)), or with `b`, for the two-word key
   * entryKey(lang, kind, `${a.slice(0, aTo)} ${b}`) (NEGATOR, NEUTRAL_EMOJI or ±1–3); 0 when the tables do not hold it.
   * Both hashes are sequential, so they are computed over the key's parts as they come: no key string is made (a
   * text's lookups, every word beginning of every word, had each built its stem and its key to hash them).
   */
  private get(lang: string, kind: number, a: string, aTo: number, b?: string): number {
    let h = keyBasis(lang, kind);
    for (let i = 0; i < aTo; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
    if (b !== undefined) {
      h = Math.imul(h ^ 0x20, 0x01000193);
      for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
    }
    return this.getHashed(h >>> 0, lang, kind, a, aTo, b);
  }

  /** get() for a key whose fnv is `h`. */
  private getHashed(h: number, lang: string, kind: number, a: string, aTo: number, b?: string): number {
    const m = mix(h);
    // most keys looked up are not there (every word beginning of every word): the bitmap says so from 128 KB, where
    // the probe reads the 1 MB slot table and the entry's hash
    if ((this.present[m >>> 17]! & (1 << ((m >>> 12) & 31))) === 0) return 0;
    let c = -1;
    for (let slot = m & this.mask; ; slot = (slot + 1) & this.mask) {
      const e = this.slots[slot]!;
      if (e === 0) return 0;
      if (this.hashes[e - 1] !== h) continue;
      // fnv matched: the entry is this key only if its check hash matches too (the rare fnv twins probe on)
      if (c === -1) c = checkOf(lang, kind, a, aTo, b);
      if (this.checks[e - 1] === c) return this.values[e - 1]!;
    }
  }

  /** The first language of `langs` whose tables hold a.slice(0, aTo) (with `b`: that and b as two words) as `kind`, as its strength (NEGATOR for a negator), else 0. */
  private find(langs: readonly string[], kind: number, a: string, aTo: number = a.length, b?: string): number {
    for (let k = 0; k < langs.length; k++) {
      const v = this.get(langs[k]!, kind, a, aTo, b);
      if (v !== 0) return v;
    }
    return 0;
  }

  /** Whether the tables hold words of `lang` (its own list, or one it reads by TRANSFER). */
  hasList(lang: string): boolean {
    return [lang, ...(TRANSFER[lang] ?? [])].some((l) => this.get(l, KIND_LIST, '', 0) !== 0);
  }

  /**
   * Whether score() may find a negator in a text of `lang` whose words are `tokens` (the featuriser's): a word the
   * language's tables hold as a negator, or letters written without spaces (whose negators only score() finds). A
   * hash lookup per short word, so that a rule that needs a negation (the analyser's negation-led overrule) skips
   * score() on the texts without one.
   */
  mayNegate(text: string, tokens: readonly string[], lang: string): boolean {
    if (UNSPACED.test(text)) return true;
    const langs = [lang, ...(TRANSFER[lang] ?? [])];
    for (const surface of tokens) {
      if (surface.length > LONGEST_NEGATOR) continue;
      const w = lowerWord(surface);
      if (NEGATING_ALONE.has(w) || this.find(langs, KIND_NEGATOR, w) !== 0) return true;
    }
    return false;
  }

  /** The lexicon reading of a text in language `lang` (the language stage's verdict). */
  score(original: string, lang: string): FallbackVerdict {
    const langs = [lang, ...(TRANSFER[lang] ?? [])];
    const contracted = CONTRACTED_NEGATORS[lang];
    const text = contracted === undefined ? original : original.replace(contracted[0], contracted[1]);
    // one entry per word position: its strength (0 none, NEGATOR a negator) and the surface matched
    const found: Found[] = [];
    let anyAlone = false;
    const surfaces = text.match(TOKEN) ?? [];
    const tokens = surfaces.map(lowerWord);
    for (let t = 0; t < tokens.length; t++) {
      const w = tokens[t]!;
      const surface = surfaces[t]!;
      if (CLAUSE_END.test(w)) {
        found.push({ v: 0, text: surface, end: true });
        continue;
      }
      if (PICTOGRAPHIC.test(w)) {
        found.push({ v: this.get('*', KIND_EMOJI, w, w.length), text: w, emoji: true });
        continue;
      }
      if (UNSPACED.test(w)) {
        const segmented = SEGMENTED.test(w);
        this.substrings(w, langs, found, segmented ? wordBoundaries(w) : undefined);
        // Thai (and the scripts segmented like it) puts a space where a phrase or sentence ends: no negator reaches
        // past it ("โอนเงินไม่ได้ หงุดหงิดมาก", can't transfer money, so annoying: the annoyance is not negated)
        if (segmented) found.push({ v: 0, text: ' ', end: true });
        continue;
      }
      const next = tokens[t + 1];
      if (next !== undefined) {
        const two = this.find(langs, KIND_WORD, w, w.length, next);
        if (two !== 0) {
          // a two-word entry that opens with a negator ("ne radi") is a negation of its clause for negateAlone
          const negatorFirst = this.find(langs, KIND_NEGATOR, w) !== 0;
          found.push({ v: two === NEUTRAL_ENTRY ? 0 : two, text: `${surface} ${surfaces[t + 1]!}`, ...(negatorFirst ? { negatorFirst } : {}) });
          t++;
          continue;
        }
      }
      let word = this.word(langs, w);
      // an elided article or pronoun before an apostrophe (French j'adore, l'excellent; Italian l'ottimo): the word after it
      const elided = word.v === 0 ? ELIDED.exec(w)?.[1] : undefined;
      if (elided !== undefined && [...elided].length >= SHORTEST_STEM) word = this.word(langs, elided);
      // an "at all" word that may negate alone (negateAlone), marked while its lower-case form is at hand
      const alone = word.v === 0 && NEGATING_ALONE.has(w);
      anyAlone ||= alone;
      found.push({ v: word.v, text: surface, ...(word.beyond > 0 ? { beyondStem: word.beyond } : {}), ...(alone ? { alone } : {}) });
    }
    const hits: LexiconHit[] = [];
    const flipped = new Set<number>();
    let concord = 0;
    if (anyAlone) negateAlone(found);
    const copulas = COPULAS_BEFORE_NEGATOR[lang];
    let never: Set<number> | undefined; // made at the first negator: most texts have none
    found.forEach((f, i) => {
      if (f.v !== NEGATOR) return;
      never ??= neverClauses(found, lang);
      // the lexicon word just before (past a copula), in the post-negating languages (a boundary there has v 0)
      const b = copulas !== undefined && i > 1 && copulas.has(found[i - 1]!.text) ? i - 2 : i - 1;
      const before = POST_NEGATING.has(lang) && b >= 0 && found[b]!.v !== 0 && found[b]!.v !== NEGATOR && !found[b]!.emoji ? b : -1;
      let target = BACK_FIRST.has(lang) ? before : -1;
      if (target < 0) target = forwardTarget(found, i, lang, never.has(i));
      if (target < 0) target = before;
      // a second negator of the same word is negative concord ("no está nada mal", "non è per niente buono"): one negation
      if (target >= 0 && flipped.has(target)) concord++;
      if (target >= 0) flipped.add(target);
    });
    const strength = (f: { v: number }, i: number): number => (f.v === 0 || f.v === NEGATOR ? 0 : flipped.has(i) ? -f.v : f.v);
    const contrast = contrastAt(found, langs, strength);
    let score = 0;
    found.forEach((f, i) => {
      if (f.v === 0 || f.v === NEGATOR) return;
      const s = strength(f, i) * (contrast < 0 ? 1 : i < contrast ? CONTRAST_BEFORE : CONTRAST_AFTER);
      hits.push({ text: flipped.has(i) ? `${f.text} (negated)` : f.text, strength: s, ...(f.beyondStem ? { beyondStem: f.beyondStem } : {}) });
      score += s;
    });
    const bangs = Math.min(3, (text.match(/!/g) ?? []).length);
    return { score: score * 1.1 ** bangs, hits, negators: found.filter((f) => f.v === NEGATOR).length - concord, ...(contrast >= 0 ? { contrast: found[contrast]!.text } : {}) };
  }

  /** One word's entry: NEGATOR, a whole word's strength, or the longest stem it begins with (and the letters past it). */
  private word(langs: readonly string[], w: string): { v: number; beyond: number } {
    // where each code point of w ends (its stems are its first n code points, as [...w] counts them)
    const ends = this.ends.length > w.length ? this.ends : (this.ends = new Int32Array(2 * w.length + 1));
    let points = 0;
    for (let i = 0; i < w.length;) {
      i += w.codePointAt(i)! > 0xffff ? 2 : 1;
      ends[++points] = i;
    }
    const hangul = HANGUL.test(w);
    let v = this.find(langs, KIND_NEGATOR, w) !== 0 || (hangul && this.find(langs, KIND_NEGATOR, w, ends[1]!) !== 0) ? NEGATOR : this.find(langs, KIND_WORD, w);
    let beyond = 0;
    const shortest = hangul ? 1 : SHORTEST_STEM;
    if (v === 0 && Math.min(points, 24) >= shortest) {
      // the stem keys' fnv after each code unit of w, per language (fnv is sequential: one pass, not one per stem)
      const row = w.length + 1;
      const states = this.states.length >= langs.length * row ? this.states : (this.states = new Int32Array(2 * langs.length * row));
      for (let k = 0; k < langs.length; k++) {
        let h = keyBasis(langs[k]!, KIND_STEM);
        states[k * row] = h;
        for (let i = 0; i < w.length; i++) states[k * row + i + 1] = h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
      }
      let lang = '';
      let to = 0;
      for (let n = Math.min(points, 24); v === 0 && n >= shortest; n--) {
        to = ends[n]!;
        for (let k = 0; k < langs.length; k++) {
          v = this.getHashed(states[k * row + to]! >>> 0, langs[k]!, KIND_STEM, w, to);
          lang = langs[k]!;
          if (v !== 0) break;
        }
        beyond = points - n;
      }
      // the stem and a privative suffix ("waarde|loze", "hoffnung|slos", "worth|less"): the stem's opposite, read whole
      if (v !== 0 && v !== NEUTRAL_ENTRY && beyond > 0 && PRIVATIVE[lang]?.test(w.slice(to))) {
        v = -v;
        beyond = 0;
      }
    }
    // a neutral entry ends the search: the word is known, without polarity
    return v === NEUTRAL_ENTRY || v === 0 ? { v: 0, beyond: 0 } : { v, beyond };
  }

  /** The emoji of `text` the emoji table knows (nlp.js's AFINN emoji and training/emojiPolarity.ts), in any language. */
  emoji(text: string): EmojiVerdict {
    const hits: LexiconHit[] = [];
    const neutral: string[] = [];
    let score = 0;
    for (const e of text.match(/\p{Extended_Pictographic}/gu) ?? []) {
      if (this.get('*', KIND_EMOJI_NEUTRAL, e, e.length) === NEUTRAL_EMOJI) {
        neutral.push(e);
        continue;
      }
      const v = this.get('*', KIND_EMOJI, e, e.length) || this.get('*', KIND_EMOJI_OWN, e, e.length);
      if (v !== 0) {
        hits.push({ text: e, strength: v });
        score += v;
      }
    }
    const bangs = Math.min(3, (text.match(/!/g) ?? []).length);
    return { score: score * 1.1 ** bangs, hits, neutral };
  }

  /**
   * Longest-first substring matching over a run of unspaced letters; with `bounds` (the word boundaries of a Thai-like
   * run, as code-point offsets), an entry must start and end on one, so a word is not found inside another.
   */
  private substrings(run: string, langs: readonly string[], found: { v: number; text: string }[], bounds?: Set<number>): void {
    const chars = [...run];
    const contrast = langs.flatMap((l) => CONTRAST[l] ?? []);
    // where each code point starts in `run` (UTF-16 offsets), for the contrast words' startsWith
    const starts: number[] = [];
    if (contrast.length) for (let k = 0, at = 0; k < chars.length; at += chars[k]!.length, k++) starts.push(at);
    for (let i = 0; i < chars.length;) {
      // a contrast word is one position of its own, read before the lexicon (不过 "but" is not the negator 不)
      const but = contrast.length ? contrast.find((c) => run.startsWith(c, starts[i]) && (!bounds || (bounds.has(i) && bounds.has(i + [...c].length)))) : undefined;
      if (but !== undefined) {
        found.push({ v: 0, text: but });
        i += [...but].length;
        continue;
      }
      let matched = 0;
      for (let n = Math.min(LONGEST_SUBSTRING, chars.length - i); n >= 1; n--) {
        if (bounds && (!bounds.has(i) || !bounds.has(i + n))) continue;
        const piece = chars.slice(i, i + n).join('');
        const v = this.find(langs, KIND_NEGATOR, piece) !== 0 ? NEGATOR : this.find(langs, KIND_SUBSTRING, piece);
        if (v !== 0) {
          found.push({ v: v === NEUTRAL_ENTRY ? 0 : v, text: piece });
          matched = n;
          break;
        }
      }
      if (matched === 0) {
        // no entry here: one letter, or with word boundaries the whole word (a word is one position for negation)
        let j = i + 1;
        while (bounds && j < chars.length && !bounds.has(j)) j++;
        found.push({ v: 0, text: chars.slice(i, j).join('') });
        i = j;
      } else i += matched;
    }
  }
}
