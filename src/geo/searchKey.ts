/**
 * Search keys for case- and accent-insensitive name prefix matching.
 *
 * One function folds both the stored names (at data build time) and the
 * user's prefix (at query time), so the two always agree.
 *
 * NFKD + dropping combining marks handles most accents (é → e, ñ → n); the
 * letters below have no decomposition and are folded by hand (DuckDB's
 * strip_accents leaves them too).
 */
const SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe',
  đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i', ħ: 'h', Ħ: 'h', ŀ: 'l', Ŀ: 'l',
  ŧ: 't', Ŧ: 't', ĸ: 'k', ŋ: 'n', Ŋ: 'n', ƒ: 'f', ʼ: "'", '’': "'", '‘': "'",
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'gu');
/**
 * The marks dropped: accents on letters (the combining diacritical blocks, é → e), Hebrew points and Arabic vowel
 * marks, which writers leave out. Not the marks that are letters' parts in other scripts: Devanagari's vowel signs
 * (दि is not द), kana's voicing marks (パリ, Paris, is not バリ, Bali), Thai vowels and tones (all dropped before, so
 * a Hindi or Japanese prefix matched names it does not start).
 */
// eslint-disable-next-line no-misleading-character-class -- ranges of combining marks, each dropped alone, are the point
const MARKS_RE = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]+/gu;

/** Lower-case, accent-free form of a string (word separators kept). */
export function foldText(s: string): string {
  return s.replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c).normalize('NFKD').replace(MARKS_RE, '').toLowerCase();
}

const WORD_SPLIT_RE = /[^\p{L}\p{M}\p{N}]+/u;
/**
 * Apostrophes (folded: ’ ‘ ʼ are ' by then) are inside a word, not between two: "Xi’an" is "xian", one word, so that
 * "an" does not find Xi’an, Tai’an and Huai’an before Ankara (GeoDB: word boundaries are spaces and hyphens), and "Xian"
 * or "Xi'an" typed either way finds it. An elision before a capital (L'Aquila, Côte d'Ivoire, Villeneuve-d'Ascq,
 * N'Djamena) is both: "laquila" and "l aquila", so "L'Aq", "laq" and "Aquila" all find it.
 */
const APOSTROPHE_RE = /['`]/g;
/** An apostrophe before a capital letter, in a name as written (before folding lowers it). */
const ELISION_RE = /['`’‘ʼ](?=\p{Lu})/u;
const ELISIONS_RE = new RegExp(ELISION_RE.source, 'gu');

/** The words of a name or prefix as keys hold them: folded, apostrophes dropped, split at every other non-letter. */
const wordsOf = (s: string): string[] => foldText(s).replace(APOSTROPHE_RE, '').split(WORD_SPLIT_RE).filter(Boolean);

/**
 * The search keys of a name: for each word, the folded rest of the name from
 * that word on, each run of separators written as one space. "Sant Julià de
 * Lòria" gives ["sant julia de loria", "julia de loria", "de loria", "loria"],
 * so a prefix matches the start of any word ("lor", "Julia d", "sant-j")
 * whatever its case, accents or separators, and never runs across a word
 * boundary: "Baden" is not a prefix of "bad endbach" (GeoDB: word boundaries
 * are spaces and hyphens). Schema 3 removed the separators, so "Baden" found
 * Bad Endbach.
 */
export function searchWords(...names: string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const spellings = ELISION_RE.test(name) ? [name, name.replace(ELISIONS_RE, ' ')] : [name];
    for (const spelling of spellings) {
      const words = wordsOf(spelling);
      for (let i = 0; i < words.length; i++) out.add(words.slice(i).join(' '));
    }
  }
  return [...out];
}

/** Folds a user's prefix into the form the keys are stored in (separator runs as one space, none at either end). */
export function searchPrefix(prefix: string): string {
  return wordsOf(prefix).join(' ');
}

/** A folded prefix that no name or key starts with (folded text holds no control character). */
const NO_NAME = '\u0000';

/**
 * A namePrefix as searched: undefined when unset, empty or blank (GeoDB clients send `namePrefix=` for "no filter");
 * one that has no letter or digit ("-", "'", "€") matches no name, so an autocomplete sending what was typed gets
 * an empty page rather than an error. Longer than 100 characters: refused by `tooLong`.
 */
export function namePrefixOf(raw: string | undefined, tooLong: () => Error): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > 100) throw tooLong();
  return searchPrefix(raw) || NO_NAME;
}

/**
 * The geo database's schema version this code reads and the data build writes (meta.schema_version).
 * 2: WikiData ids, HASC codes, label points, flags and alternate names. 3: place_keys.alt (the keys only
 * alternate names give, matched only with a non-English languageCode). 4: name keys keep one space between
 * words (a prefix no longer runs across a word boundary). 5: the time zones include Etc/UTC, which no place has.
 * 6: places.wiki_data_id, place_names (names in other languages), divisions and division_keys (ADM2 records),
 * elevation filled from GeoNames' DEM column, region WikiData ids raised with dr5hn's states.
 * 7: place names in other languages also from CLDR's exemplar cities of the time zones (data/sources/cldr-dates-full-48.2.0);
 * place_divisions (the ADM2 division holding each place, which locatedIn answers).
 * 8: countries.iso_name, ISO 3166's English short name where it is not CLDR's ("United States of America"), which a
 * country namePrefix also matches in English, as GeoDB's names (WikiData's) do.
 * 9: an ISO 3166-2 code is held by one region of a country (the one with the most places) where the source gave it to two.
 * 10: name keys keep the marks that are parts of letters in other scripts than Latin, Greek and Cyrillic (foldText).
 * 11: an apostrophe is inside a word in name keys ("xian" for Xi’an), not a word boundary.
 * 12: an elision before a capital is also a word boundary ("aquila" beside "laquila" for L'Aquila).
 * 13: a region WikiData id names one region; places renumbered by outline where codes and regions disagree (Taiwan,
 * Madagascar: data/geo/regionPolygons.ts); Nepal's provinces and South Sudan's states replace their abolished units.
 * 14: Kosovo's calling code is +383 (was the first of countries-list's, Monaco's +377).
 */
export const GEO_SCHEMA_VERSION = 14;

/** The tables that make a DuckDB file Meridian's geo database (the core and the install-time build check for them). */
export const GEO_TABLES = ['meta', 'places', 'place_keys'] as const;
