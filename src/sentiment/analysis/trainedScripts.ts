/**
 * Which scripts a model was trained in, and what it does with a text written in others: the SCRIPT_OF table (the
 * one place a training language's script is named; Latin unless listed), the trained-letters pattern, the main
 * script of a text the model cannot read, and the cut of such a text's bag to its lexicon priors.
 */
import type { BagFeatures } from './bagArena.js';

/**
 * The scripts of the training languages: Latin unless listed (a comma between several). A text written
 * mostly in other letters (Georgian, Tamil, Armenian, …) shares no
 * learned feature with the training text; its n-grams only meet the weights of
 * unrelated features in shared hash buckets, which gave a glowing Japanese
 * review VERY_NEGATIVE at 0.96 confidence. Such texts are not scored.
 */
export const SCRIPT_OF: Record<string, string> = {
  am: 'Ethiopic', ti: 'Ethiopic', ar: 'Arabic', arq: 'Arabic', ary: 'Arabic', fa: 'Arabic', ur: 'Arabic', hi: 'Devanagari', mr: 'Devanagari', ne: 'Devanagari',
  zh: 'Han', ru: 'Cyrillic', uk: 'Cyrillic', tt: 'Cyrillic', bg: 'Cyrillic', th: 'Thai', he: 'Hebrew', el: 'Greek', ko: 'Hangul', bn: 'Bengali',
  // several scripts: Japanese (kana and Han), Serbian (Latin and Cyrillic, both in the written sentences)
  ja: 'Hiragana,Katakana,Han', sr: 'Latin,Cyrillic',
};

export function trainedLetters(codes: string[]): RegExp {
  const scripts = [...new Set(codes.flatMap((c) => (SCRIPT_OF[c] ?? 'Latin').split(',')))];
  return new RegExp(scripts.map((sc) => `\\p{Script=${sc}}`).join('|'), 'gu');
}

const LETTER = /\p{L}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/gu;
const NAMED_SCRIPTS = ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Cyrillic', 'Greek', 'Hebrew', 'Thai', 'Bengali', 'Tamil', 'Telugu', 'Gujarati', 'Gurmukhi', 'Kannada', 'Malayalam', 'Georgian', 'Armenian', 'Khmer', 'Lao', 'Myanmar', 'Sinhala']
  .map((sc) => ({ name: sc, letters: new RegExp(`\\p{Script=${sc}}`, 'gu') }));

/** The main script of a text when most of its letters are outside the trained scripts, else undefined. */
export function unscoredScript(text: string, trained: RegExp): string | undefined {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return undefined; // emoji, digits: the emoji priors speak for every language
  let known = text.match(trained)?.length ?? 0;
  // Japanese mixes Han with kana: where the model never learnt Japanese, a text with kana is Japanese, and its Han
  // letters are not Chinese training text (read through Chinese weights, Japanese would get Chinese collisions), so
  // they count as known only without kana
  trained.lastIndex = 0;
  const kanaTrained = trained.test('\u3042');
  trained.lastIndex = 0;
  if (!kanaTrained && KANA.test(text) && trained.test('\u4e00')) known -= text.match(HAN)?.length ?? 0;
  trained.lastIndex = 0;
  if (known * 2 >= letters) return undefined;
  for (const sc of NAMED_SCRIPTS) if ((text.match(sc.letters)?.length ?? 0) * 2 >= letters - known) return sc.name;
  return 'other';
}

/**
 * A text in a language without training data and written mostly in letters no training
 * language uses (unscoredScript) has word and n-gram features that only meet unrelated
 * weights in shared hash buckets, so their sum is noise that moves with the bucket count.
 * When it holds a lexicon or emoji prior, its features are cut down to those priors (the
 * copies made for this text, compacted in place: ids, tokenOf, tokenOf2 and negatedFeature
 * alike) and the model reads them alone; without one it is not scored (abstention, which
 * looks at the same text). A feature counts as a prior when it is in a prior bucket: an
 * n-gram hashed into one of those few dozen of the 2^20 buckets would be kept too.
 */
export function priorsOnly(f: BagFeatures, priorIds: Set<number>, text: string, trained: RegExp): BagFeatures {
  const { ids, tokenOf, tokenOf2, negatedFeature } = f;
  let priors = 0;
  for (let k = 0; k < ids.length; k++) if (priorIds.has(ids[k]!)) priors++;
  if (priors === 0 || priors === ids.length || unscoredScript(text, trained) === undefined) return f;
  let n = 0;
  for (let k = 0; k < ids.length; k++) {
    if (!priorIds.has(ids[k]!)) continue;
    ids[n] = ids[k]!;
    tokenOf[n] = tokenOf[k]!;
    tokenOf2[n] = tokenOf2[k]!;
    negatedFeature[n] = negatedFeature[k]!;
    n++;
  }
  return { ids: ids.subarray(0, n), tokenOf: tokenOf.subarray(0, n), tokenOf2: tokenOf2.subarray(0, n), negatedFeature: negatedFeature.subarray(0, n) };
}

/** Scripts told apart by oneScript (Han and kana count as one: Japanese writes both). */
const SCRIPT_FAMILIES = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Devanagari', 'Bengali', 'Thai', 'Hangul', 'Ethiopic']
  .map((sc) => new RegExp(`\\p{Script=${sc}}`, 'u'))
  .concat(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);

/** Whether the text's letters are all of one script (or none): a text that mixes scripts is not one language's. */
export function oneScript(text: string): boolean {
  let seen = 0;
  for (const family of SCRIPT_FAMILIES) if (family.test(text) && ++seen > 1) return false;
  return true;
}
