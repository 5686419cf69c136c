/**
 * Writes models/fallback-lexicons.bin, the tables src/sentiment/lexiconFallback.ts reads: the project's seed words
 * (fallbackSeeds.ts) and nlp.js's lists (@nlpjs/lang-all, a devDependency: the served core never imports this file),
 * less the word forms the written sentences show a stem misreads (strayStemForms).
 * Run: `npx tsx training/fallbackLexiconBuild.ts [--out DIR]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliArgs } from '../lib/cliArgs.js';
import { projectRoot } from '../src/paths.js';
import { SEEDS } from './fallbackSeeds.js';
import { NEUTRAL_PHRASES, ROMANISED, VOCABULARY } from './polarityVocabulary.js';
import { EMOJI_POLARITY } from './emojiPolarity.js';
import {
  FALLBACK_LEXICONS_FILE, FALLBACK_MAGIC, FallbackLexicons, HANGUL, LONGEST_NEGATOR, LONGEST_SUBSTRING, NEGATOR, NEUTRAL_EMOJI, NEUTRAL_ENTRY, NLPJS, NON_LATIN, SHORTEST_STEM, UNSPACED, check, fnv,
} from '../src/sentiment/lexiconFallback.js';
import { writtenSentences } from './corpus.js';

/**
 * nlp.js's Snowball stems in an alphabet (Latin, Cyrillic, Greek) are kept from four letters: a three-letter stem is
 * the beginning of too many unrelated words (Russian "изг" −3 read Bulgarian "изгледах", I watched, as strongly
 * negative; Spanish "mat", French "con", Portuguese "med"). Measured on the evaluation fit of seed 7 against three
 * letters: the written sentences' held-out rows +7, the everyday sets +6 rows, all held-out rows +5 (CHANGELOG.md).
 */
const SHORTEST_NLPJS_STEM = 4;
const ALPHABETIC = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u;

/**
 * The key of a neutral entry for `text` in `lang`: a substring entry in unspaced scripts, a word beginning in Hangul
 * (Korean entries all are), else a whole word; found first, it ends the search for that word.
 */
function neutralKey(lang: string, text: string): string {
  return `${lang}\u0001${UNSPACED.test(text) ? 'c' : HANGUL.test(text) ? 's' : 'w'}\u0001${text}`;
}

/** Every entry of the tables, as (lang, kind, text) → strength; later sources do not overwrite earlier ones' signs. */
export function fallbackEntries(): Map<string, number> {
  return buildEntries().entries;
}

/**
 * The entries of one language's line of the project's lists (`+word`, `--stem*`, `!negator`, `=neutral`, two-word
 * entries written with their sign once: "+terima kasih"), each checked to be one the tables can match.
 */
function projectItems(lang: string, line: string): { sign: string; text: string }[] {
  const items: string[] = [];
  for (const part of line.split(' ')) {
    if (/^[+\-!=]/.test(part) || items.length === 0) items.push(part);
    else items[items.length - 1] += ` ${part}`;
  }
  return items.map((item) => {
    const m = /^(\+\+|--|\+|-|!|=)(.+)$/u.exec(item);
    if (!m) throw new Error(`fallbackSeeds ${lang}: ${item}?`);
    const text = m[2]!.toLowerCase();
    // score() reads an entry of one word or two (a word and the next): a longer one could never match
    if (text.split(' ').length > 2) throw new Error(`fallbackSeeds / polarityVocabulary ${lang}: "${item}" has more than two words; write its two-word core`);
    if (UNSPACED.test(text) && [...text].length > LONGEST_SUBSTRING) {
      throw new Error(`fallbackSeeds / polarityVocabulary ${lang}: "${item}" is longer than the ${LONGEST_SUBSTRING} characters an unspaced text is searched for; shorten it`);
    }
    return { sign: m[1]!, text };
  }).flatMap((e) => {
    // Vietnamese is often typed without its diacritics ("tuyet voi", "hai long"): each two-syllable entry also stands
    // in that form (a bare syllable is too often another word: "te" for tệ, "chua" for chưa or chua, sour)
    const bare = lang === 'vi' && e.text.includes(' ') ? withoutDiacritics(e.text) : e.text;
    return bare === e.text ? [e] : [e, { sign: e.sign, text: bare }];
  });
}

/** Vietnamese text without its tone and vowel marks, as typed on a keyboard without them (đ as d). */
function withoutDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replaceAll('đ', 'd').normalize('NFC');
}

/** The tables' entries, and the stray forms (strayStemForms) among them made neutral. */
function buildEntries(): { entries: Map<string, number>; stray: { lang: string; form: string }[] } {
  const require = createRequire(createRequire(import.meta.url).resolve('@nlpjs/lang-all/package.json'));
  const entries = new Map<string, number>();
  /** Words the project's lists mark neutral (`=word`): no later list gives them a polarity. */
  const neutral = new Set<string>();
  /**
   * Whole words and substrings the project's lists give: nlp.js's machine-translated lists do not override them (its
   * Hungarian "szörnyű", terrible, is +3, Indonesian "hebat", great, −2, Ukrainian "жахливо", terribly, +4: 18 such
   * words). Stems are not kept so: two lists that disagree on a word beginning ("her-") say it is not one word.
   */
  const projectWords = new Set<string>();
  /** Puts an entry (unless a list before said otherwise) and gives its key. */
  const put = (lang: string, kind: string, text: string, v: number): string => {
    const k = `${lang}\u0001${kind}\u0001${text}`;
    if (neutral.has(k) || projectWords.has(k)) return k;
    const old = entries.get(k);
    if (old === undefined) entries.set(k, v);
    else if (Math.sign(old) !== Math.sign(v) && old !== NEGATOR) entries.delete(k); // the lists disagree: no polarity
    return k;
  };
  const putOwn = (lang: string, kind: 'w' | 'c', text: string, v: number): void => {
    const k = put(lang, kind, text, v);
    if (entries.get(k) === v) projectWords.add(k);
  };
  // seeds first: the project's own words win over a machine translation's
  for (const [lang, line] of [...Object.entries(NEUTRAL_PHRASES), ...Object.entries(SEEDS), ...Object.entries(VOCABULARY), ...Object.entries(ROMANISED)]) {
    for (const { sign, text } of projectItems(lang, line)) {
      if (sign === '=') {
        // neutral in this language whatever a machine-translated list says (ru "сервис" was -2 in nlp.js's AFINN), and
        // kept as a neutral entry, so that no stem or substring inside it is read (greetings: "dobrý den", "καλημέρα";
        // zh 出差, whose 差 is "bad")
        const bare = text.replace(/\*$/u, '');
        for (const kind of ['w', 's', 'c']) {
          neutral.add(`${lang}\u0001${kind}\u0001${bare}`);
          entries.delete(`${lang}\u0001${kind}\u0001${bare}`);
        }
        entries.set(neutralKey(lang, bare), NEUTRAL_ENTRY);
        continue;
      }
      const v = sign === '!' ? NEGATOR : sign === '++' ? 3 : sign === '--' ? -3 : sign === '+' ? 2 : -2;
      // mayNegate (the served side's quick test for a negator) reads no longer word
      if (sign === '!' && !UNSPACED.test(text) && text.length > LONGEST_NEGATOR) throw new Error(`${lang} negator "${text}" is longer than LONGEST_NEGATOR (${LONGEST_NEGATOR}, src/sentiment/clauseWords.ts): raise it`);
      if (sign === '!') put(lang, 'n', text, v);
      else if (UNSPACED.test(text)) putOwn(lang, 'c', text, v);
      else if (text.endsWith('*') || HANGUL.test(text)) put(lang, 's', text.replace(/\*$/u, ''), v);
      else putOwn(lang, 'w', text, v);
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
      } else if ([...text].length >= (kind === 's' && ALPHABETIC.test(text) ? SHORTEST_NLPJS_STEM : SHORTEST_STEM)) put(lang, kind, text, strength);
    }
  }
  addEmojiPolarity(entries);
  // one mark per language with a list of its own (kind `l`): FallbackLexicons.hasList
  const langs = new Set([...entries.keys()].map((k) => k.split('\u0001')[0]!).filter((l) => l !== '*'));
  for (const l of langs) entries.set(`${l}\u0001l\u0001`, 1);
  const stray = strayStemForms(entries);
  for (const { lang, form } of stray) entries.set(neutralKey(lang, form), NEUTRAL_ENTRY);
  return { entries, stray };
}

/**
 * Word forms the tables read only through a stem (a word beginning: nlp.js's Snowball stems, `stem*` entries) that
 * the written everyday sentences (corpus.ts writtenSentences, training rows only: their held-out fifth stays unseen)
 * show to be other words: a form found in a neutral sentence of its language, and in more sentences of another class
 * than twice those of the stem's sign ("mercredi" through merc-, merci's stem; Portuguese "feira", as in
 * segunda-feira, through fei-, feio's, though "Odeio segundas-feiras" is negative; Dutch "ziekenhuis" through
 * ziek-). Each becomes a whole-word neutral entry of that language, which ends the search before any stem is read;
 * the stem itself stays for its other forms. A neutral row's questions are not read (statements()): a question names a
 * quality without asserting it ("Кто-нибудь знает, хорошая ли новая кофейня?", as the third brief asked for), and such
 * rows had made Russian "хорошая" and "плохая" and Greek "κακός" neutral; one neutral statement is enough ("вранці", in
 * the morning, read through вра-, вражає's stem, as −3).
 */
export function strayStemForms(entries: Map<string, number>): { lang: string; form: string }[] {
  const tables = FallbackLexicons.fromBytes(encodeFallbackLexicons(entries));
  const seen = new Map<string, { agree: number; neutral: number; other: number }>();
  for (const r of writtenSentences()) {
    if (r.split !== 'train' || r.polarity === undefined) continue;
    const side = r.polarity === 2 ? 1 : r.polarity === 0 ? -1 : 0;
    // a neutral row's statements, without its questions
    const read = side === 0 ? statements(r.text, r.lang) : [r.text];
    for (const h of read.flatMap((t) => tables.score(t, r.lang).hits)) {
      if (!h.beyondStem) continue;
      const form = h.text.replace(/ \(negated\)$/u, '').toLowerCase();
      const k = `${r.lang}\u0001${form}`;
      const c = seen.get(k) ?? { agree: 0, neutral: 0, other: 0 };
      if (side === 0) c.neutral++;
      else if (side === Math.sign(h.strength)) c.agree++;
      else c.other++;
      seen.set(k, c);
    }
  }
  return [...seen].filter(([, c]) => c.neutral > 0 && c.neutral + c.other > 2 * c.agree).map(([k]) => {
    const [lang, form] = k.split('\u0001') as [string, string];
    return { lang, form };
  }).sort((a, b) => (a.lang + a.form < b.lang + b.form ? -1 : 1));
}

/** Where a text's sentences end: after . ! ? … and their full-width and Arabic forms, and before an opening ¿ or ¡. */
const SENTENCE_BREAK = /(?<=[.!?…。！？؟;\u037e])\s+|\s*(?=[¿¡])/u;
/** A question: ? (or ？ ؟; Greek also ;) at its end, before closing quotes, brackets, emoji or hashtags. */
const ASKS = /[?？؟][\s\p{Pe}\p{Pf}"'»\p{Extended_Pictographic}]*$/u;
const ASKS_GREEK = /[?;\u037e][\s\p{Pe}\p{Pf}"'»\p{Extended_Pictographic}]*$/u;

/** The sentences of a text that are not questions (strayStemForms: a question names a quality without asserting it). */
function statements(text: string, lang: string): string[] {
  const asks = lang === 'el' ? ASKS_GREEK : ASKS;
  return text.split(SENTENCE_BREAK).filter((t) => t.trim() !== '' && !asks.test(t.replace(/#\S+\s*$/u, '').trim()));
}

/**
 * The project's emoji list (emojiPolarity.ts), read only by FallbackLexicons.emoji() (texts with no letters): a polar
 * entry fills a gap of nlp.js's emoji table as kind `y` (where nlp.js has the emoji with the same sign, its strength
 * stays; with the other sign the build stops: the list is wrong), a neutral one is marked NEUTRAL_EMOJI (kind `z`),
 * which emoji() reads before nlp.js's polarity. Kind `e`, which score() reads in every text, stays nlp.js's table: the
 * lexicon answers of texts with words do not change (held-out AfriSenti tweets with 😂 or 😁 are often neutral).
 */
function addEmojiPolarity(entries: Map<string, number>): void {
  for (const [emoji, strength, name] of EMOJI_POLARITY) {
    if ([...emoji].length !== 1 || !/\p{Extended_Pictographic}/u.test(emoji)) throw new Error(`emojiPolarity: ${emoji} (${name}) is not one emoji code point`);
    const old = entries.get(`*\u0001e\u0001${emoji}`);
    if (strength === 0) entries.set(`*\u0001z\u0001${emoji}`, NEUTRAL_EMOJI);
    else if (old === undefined) entries.set(`*\u0001y\u0001${emoji}`, strength);
    else if (Math.sign(old) !== Math.sign(strength)) throw new Error(`emojiPolarity: ${emoji} (${name}) is ${strength} here but ${old} in nlp.js's table`);
  }
}

/**
 * The tables as the file FallbackLexicons.load reads: magic, count, then per entry (ascending by fnv, then by check)
 * its fnv (u32), its check hash (u32) and its strength (i8), each as one column.
 */
export function encodeFallbackLexicons(entries = fallbackEntries()): Buffer {
  const rows = [...entries].map(([k, v]) => ({ h: fnv(k), c: check(k), v }));
  rows.sort((a, b) => a.h - b.h || a.c - b.c);
  for (let i = 1; i < rows.length; i++) {
    if (rows[i]!.h === rows[i - 1]!.h && rows[i]!.c === rows[i - 1]!.c) throw new Error('two lexicon keys share both hashes: change check()');
  }
  const n = rows.length;
  const out = Buffer.alloc(8 + 9 * n);
  out.writeUInt32LE(FALLBACK_MAGIC, 0);
  out.writeUInt32LE(n, 4);
  rows.forEach((r, i) => {
    out.writeUInt32LE(r.h, 8 + 4 * i);
    out.writeUInt32LE(r.c, 8 + 4 * n + 4 * i);
    out.writeInt8(r.v, 8 + 8 * n + i);
  });
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = cliArgs({
    name: 'fallbackLexiconBuild',
    usage: 'npx tsx training/fallbackLexiconBuild.ts [--out DIR]',
    about: 'Writes the lexicon-fallback tables (fallback-lexicons.bin) from the seed words and nlp.js.',
    options: { out: { type: 'string', default: join(projectRoot, 'models') } },
  });
  const { entries, stray } = buildEntries();
  const bin = encodeFallbackLexicons(entries);
  writeFileSync(join(values.out, FALLBACK_LEXICONS_FILE), bin);
  const strayLanguages = new Set(stray.map((f) => f.lang)).size;
  console.log(`wrote ${join(values.out, FALLBACK_LEXICONS_FILE)}: ${bin.readUInt32LE(4)} entries (${stray.length} stray forms made neutral in ${strayLanguages} languages), sha256 ${createHash('sha256').update(bin).digest('hex')}`);
}
