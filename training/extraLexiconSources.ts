/**
 * Where the featuriser's extra lexicons come from (training only): the emoji and non-English lexicons that nlp.js
 * ships in `@nlpjs/lang-*` (MIT), merged across languages. `npm run train` writes them to models/extra-lexicons.bin,
 * which the service reads; these packages are devDependencies, so a production install (`npm ci --omit=dev`) has
 * none of them. Importing this module makes every featuriser of the thread build its lexicons from the packages
 * (featurizer.buildExtraLexiconsWith), as training needs when the lists or their merging change.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildExtraLexiconsWith, foldLatinString, keyedExtraLexicons, MIN_STEM, type ExtraLexiconEntries } from '../src/sentiment/featurizer.js';

/** Lexicons of @nlpjs/lang-* (MIT): full words, ±5 scale (AFINN translations). */
const WORD_LISTS = ['ar', 'cs', 'el', 'fa', 'ga', 'hi', 'hu', 'hy', 'id', 'ko', 'lt', 'ne', 'no', 'pl', 'ro', 'sl', 'sr', 'sv', 'ta', 'th', 'tl', 'tr', 'uk'].map(
  (l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5] as const,
);
/** Stem lists (keys are Snowball stems): AFINN ±5, ML-SentiCon and Pattern ±1. */
const STEM_LISTS = [
  ...['bn', 'da', 'es', 'fi', 'pt', 'ru'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/afinn_${l}.json`, 5] as const),
  ...['ca', 'de', 'es', 'eu', 'gl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/senticon_${l}.json`, 1] as const),
  ...['fr', 'it', 'nl'].map((l) => [l, `@nlpjs/lang-${l}/src/sentiment/pattern_${l}.json`, 1] as const),
];
/** Lists in a non-Latin script: their Latin-letter keys are untranslated English leftovers, not kept. */
const NON_LATIN = new Set(['ar', 'bn', 'el', 'fa', 'hi', 'hy', 'ko', 'ne', 'ru', 'sr', 'ta', 'th', 'uk']);
/** Every nlp.js language with a stop-word list (lang-en-min holds English's). */
const STOPWORD_LANGS = ['ar', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'es', 'eu', 'fa', 'fi', 'fr', 'ga', 'gl', 'hi', 'hu', 'hy', 'id', 'it', 'ja', 'ko', 'lt', 'ms', 'ne', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sl', 'sr', 'sv', 'ta', 'th', 'tl', 'tr', 'uk', 'zh'];
/**
 * The emoji and non-English lexicons of @nlpjs/lang-* merged across languages, read
 * from node_modules on each call (extraLexicons() keeps the tables). Each entry becomes a signed strength 1–3 (AFINN |v|·0.8, ±1 scales
 * |v|·3, rounded; entries under 0.1 of the scale dropped); a key several lists share gets
 * the mean, and is dropped when they disagree in sign (mean strength under 0.5).
 * Multi-word keys are skipped: the featuriser reads one word at a time.
 */
export function extraLexiconEntries(): ExtraLexiconEntries {
  // resolved from where @nlpjs/lang-all (the one declared dependency) is, and English's stop words from @nlpjs/lang-en,
  // which brings @nlpjs/lang-en-min: found whether npm hoists these packages or nests them
  const require = createRequire(createRequire(import.meta.url).resolve('@nlpjs/lang-all/package.json'));
  const enRequire = createRequire(require.resolve('@nlpjs/lang-en/package.json'));
  // key → its distinct values in the order met (a bare number while there is one: most keys, and far less garbage).
  type Values = number | number[];
  const acc = { emoji: new Map<string, Values>(), words: new Map<string, Values>(), stems: new Map<string, Values>() };
  const add = (m: Map<string, Values>, k: string, v: number) => {
    const a = m.get(k);
    if (a === undefined) m.set(k, v);
    else if (typeof a === 'number') {
      if (a !== v) m.set(k, [a, v]);
    } else if (!a.includes(v)) a.push(v);
  };
  // Function words of any language ("and", "dan", "por") carry no polarity, whatever a list says.
  const stopwords = new Set<string>();
  for (const l of STOPWORD_LANGS) {
    const Stopwords = require(`@nlpjs/lang-${l}/src/stopwords-${l}.js`) as new () => { dictionary: Record<string, unknown> };
    for (const w of Object.keys(new Stopwords().dictionary)) stopwords.add(w.toLowerCase());
  }
  const EnglishStopwords = enRequire('@nlpjs/lang-en-min/src/stopwords-en.js') as new () => { dictionary: Record<string, unknown> };
  for (const w of Object.keys(new EnglishStopwords().dictionary)) stopwords.add(w.toLowerCase());
  const read = (lang: string, file: string, scale: number, stems: boolean) => {
    const list = JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Record<string, unknown>;
    for (const rawKey in list) {
      const v = Number(list[rawKey]);
      if (!Number.isFinite(v) || Math.abs(v) < 0.1 * scale) continue;
      const lower = rawKey.toLowerCase().replace(/\uFE0F/g, '');
      const key = /[\u00c0-\u017f]/.test(lower) ? foldLatinString(lower) : lower;
      const strength = Math.sign(v) * Math.min(3, Math.max(1, Math.abs(v) * (scale === 5 ? 0.8 : 3)));
      if (!/[\p{L}\p{N}]/u.test(key)) {
        if ([...key].length === 1 && /\p{Extended_Pictographic}/u.test(key)) add(acc.emoji, key, strength);
      } else if (!/\s/u.test(key) && key.length >= 3 && !stopwords.has(key) && !(NON_LATIN.has(lang) && /[a-z]/.test(key))) {
        add(acc.words, key, strength);
        if (stems && key.length >= MIN_STEM) add(acc.stems, key, strength);
      }
    }
  };
  for (const [lang, file, scale] of WORD_LISTS) read(lang, file, scale, false);
  for (const [lang, file, scale] of STEM_LISTS) read(lang, file, scale, true);
  const merge = (m: Map<string, Values>) => {
    const out = new Map<string, number>();
    for (const [k, vs] of m) {
      // The emoji table is the same in every AFINN list: a key counts once per distinct value.
      const mean = typeof vs === 'number' ? vs : vs.reduce((a, b) => a + b, 0) / vs.length;
      if (Math.abs(mean) >= 0.5) out.set(k, Math.sign(mean) * Math.min(3, Math.max(1, Math.round(Math.abs(mean)))));
    }
    return out;
  };
  return { emoji: merge(acc.emoji), words: merge(acc.words), stems: merge(acc.stems) };
}

buildExtraLexiconsWith(() => keyedExtraLexicons(extraLexiconEntries()));
