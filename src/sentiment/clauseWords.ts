/**
 * The words around a negator and a contrast, per language, that FallbackLexicons.score() reads a clause by: where a
 * negator looks for the word it negates (after it, before it, past which words), "at all" words, and "but" words.
 */
import { CONTRAST } from './features/contrastWords.js';

/**
 * Languages whose negator follows the word it negates (Korean 않다/못, Japanese ない, Turkish değil, Bengali না, Hindi
 * नहीं / nahi), and those whose main-clause negator follows the finite verb (Danish and Norwegian "Jeg liker ikke
 * kaffe", Swedish "Jag gillar inte", German "Ich mag ihn nicht", Dutch): with no lexicon word after it in its clause,
 * the word just before it is negated. The Germanic five: "Jeg liker ikke kaffe" was POSITIVE; the everyday sets
 * unchanged, the written sentences' held-out rows nl +0.9, da unchanged (CHANGELOG.md).
 */
export const POST_NEGATING: ReadonlySet<string> = new Set(['ko', 'ja', 'tr', 'az', 'bn', 'hi', 'ur', 'fa', 'da', 'no', 'sv', 'de', 'nl']);
/**
 * Of those, the languages whose negator reads the word just before it first, and the words after it only when there is
 * none: in Hindi the negator mostly follows what it negates ("film acchi nahi thi", "maza nahi aaya bakwas movie": the
 * forward reach flipped "bakwas").
 */
export const BACK_FIRST: ReadonlySet<string> = new Set(['hi', 'ur', 'fa']);
/**
 * Auxiliaries, copulas and clitic pronouns a negator reaches past without counting them among its two words, when they
 * follow it directly: Romanian "Mâncarea nu a fost rea" (the food was not bad), whose bad word is third after the
 * negator; Slovak "Nie je to zlé", Italian "non è stato buono", Spanish "no ha sido bueno". Past another word they count
 * ("Non ci credo, è fantastico" does not negate "fantastico").
 */
export const AUXILIARIES_AFTER_NEGATOR: Readonly<Record<string, ReadonlySet<string>>> = {
  // 2026-12-07: Romanian clitic pronouns ("Nu mi-a plăcut": nu mi a plăcut; "Nu o recomand") and Polish typed without diacritics
  // (not 'se': "Nu se poate mai bine", couldn't be better, would reach "bine" through "poate")
  ro: new Set(['a', 'am', 'ai', 'au', 'fost', 'mai', 'mi', 'îmi', 'imi', 'ți', 'ti', 'i', 'îi', 'ii', 'ne', 'v', 'vă', 'va', 'le', 'l', 'o']),
  sk: new Set(['je', 'to', 'bol', 'bola', 'bolo', 'boli', 'sú']),
  cs: new Set(['je', 'to', 'byl', 'byla', 'bylo', 'byli', 'jsou']),
  pl: new Set(['jest', 'to', 'był', 'była', 'było', 'byli', 'są', 'byl', 'byla', 'bylo', 'sa']),
  hr: new Set(['je', 'to', 'bio', 'bila', 'bilo', 'su']),
  sr: new Set(['je', 'to', 'bio', 'bila', 'bilo', 'su', 'је', 'то', 'био', 'била', 'било', 'су']),
  sl: new Set(['je', 'to', 'bil', 'bila', 'bilo', 'so']),
  bg: new Set(['е', 'бе', 'беше', 'са', 'бяха']),
  ru: new Set(['был', 'была', 'было', 'были']),
  uk: new Set(['був', 'була', 'було', 'були']),
  it: new Set(['è', 'e', 'sono', 'stato', 'stata', 'stati', 'state', 'era', 'mi', 'ci', 'ti', 'si']),
  es: new Set(['es', 'está', 'estaba', 'era', 'fue', 'ha', 'he', 'han', 'sido', 'me', 'te', 'se', 'nos', 'le', 'les']),
  pt: new Set(['é', 'foi', 'está', 'estava', 'era', 'me', 'te', 'se', 'nos', 'lhe', 'tem', 'sido']),
};
/**
 * "So/such" words, passed as the auxiliaries are ("nie jest taki dobry", "не е толкова хубава": not so good), except in
 * a clause with a "never" word (NEVER), where they compare: "Nunca he estado tan feliz", "Никогда не было так хорошо"
 * (never so happy, never so good) are praise, and the negator stops there.
 */
export const SO_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  sk: new Set(['tak', 'taký', 'taká', 'také']),
  cs: new Set(['tak', 'takový', 'taková', 'takové']),
  pl: new Set(['tak', 'taki', 'taka', 'takie', 'zbyt']),
  hr: new Set(['baš', 'tako', 'toliko']),
  sr: new Set(['baš', 'tako', 'toliko', 'баш', 'тако', 'толико']),
  sl: new Set(['tako', 'prav']),
  bg: new Set(['толкова', 'чак']),
  ru: new Set(['так', 'такой', 'такая', 'такое', 'такие']),
  uk: new Set(['так', 'такий', 'така', 'таке', 'такі']),
  it: new Set(['così']),
  es: new Set(['tan']),
  pt: new Set(['tão']),
};
/** "Never" words per language, for SO_WORDS. */
export const NEVER: Readonly<Record<string, ReadonlySet<string>>> = {
  sk: new Set(['nikdy']), cs: new Set(['nikdy']), pl: new Set(['nigdy']), hr: new Set(['nikad', 'nikada']),
  sr: new Set(['nikad', 'nikada', 'никад', 'никада']), sl: new Set(['nikoli', 'nikdar']), bg: new Set(['никога']),
  ru: new Set(['никогда']), uk: new Set(['ніколи']), it: new Set(['mai']), es: new Set(['nunca', 'jamás', 'jamas']),
  pt: new Set(['nunca', 'jamais']),
};
/**
 * Question particles that make a negated question rhetorical right after the negator: Bulgarian "Не е ли прекрасно?",
 * Croatian "Nije li to divno?" (isn't it lovely?) are praise; the negator stops there.
 */
export const QUESTION_PARTICLES: ReadonlySet<string> = new Set(['ли', 'li']);
/**
 * Copulas a negator after them reaches past, to the lexicon word before them: Bengali "খাবারটা খারাপ ছিল না" (the
 * food was not bad) read NEGATIVE, the word just before না being ছিল, "was"; য় and ো each in both of their encodings
 * (one code point, or two), as keyboards type them.
 */
export const COPULAS_BEFORE_NEGATOR: Readonly<Record<string, ReadonlySet<string>>> = {
  bn: new Set([
    '\u099B\u09BF\u09B2', '\u099B\u09BF\u09B2\u09CB', '\u099B\u09BF\u09B2\u09C7\u09BE', // ছিল, ছিলো
    '\u09B9\u09AF\u09BC', '\u09B9\u09DF', // হয়
    '\u09B9\u09B2', '\u09B9\u09B2\u09CB', '\u09B9\u09B2\u09C7\u09BE', // হল, হলো
  ]),
};
/** The longest negator the tables may hold, in UTF-16 units (Romanian "niciodată" has 9; training/fallbackLexiconBuild.ts refuses a longer one): mayNegate reads no longer word. */
export const LONGEST_NEGATOR = 12;

/**
 * "At all" words that negate on their own when no negator shares their clause: Greek "Καθόλου κακό το φαγητό" (not bad
 * at all) read NEGATIVE, Serbo-Croatian "nimalo loše", Russian "ничуть", "нисколько", Ukrainian "анітрохи". With a
 * negator in the clause ("δεν είναι καθόλου κακό"), or a two-word entry holding one ("nimalo ne radi": "ne radi"),
 * they stay "at all" words (AT_ALL), so the word is flipped once.
 */
export const NEGATING_ALONE: ReadonlySet<string> = new Set(['καθόλου', 'nimalo', 'ничуть', 'нисколько', 'ніскільки', 'анітрохи']);

/**
 * "At all" words, which a negator reaches past without counting them among its two words: Romanian "nu e deloc rău",
 * Finnish "ei ole ollenkaan huono", Greek "δεν είναι καθόλου κακό" (the bad word third after the negator stayed bad).
 */
export const AT_ALL: ReadonlySet<string> = new Set([
  'deloc', 'ollenkaan', 'lainkaan', 'yhtään', 'καθόλου', 'affatto', 'nada', 'gar', 'überhaupt', 'wcale', 'zupełnie', 'vůbec',
  'vôbec', 'sploh', 'uopće', 'uopšte', 'nimalo', 'изобщо', 'совсем', 'вообще', 'зовсім', 'взагалі', 'hiç', 'alls', 'slet',
  'overhovedet', 'helemaal', 'egyáltalán', 'kabisa', 'gens', 'اصلاً', 'اصلا', 'بالکل', 'बिल्कुल', 'bilkul',
]);

/**
 * Contrast words ("but") per language (features/contrastWords.ts, which the featuriser reads too). When the lexicon
 * words before the last of them and those after it disagree in sign, the words after count CONTRAST_AFTER times and
 * those before CONTRAST_BEFORE times (VADER's rule for "but"): Hungarian "Drága volt a koncertjegy, de minden forintot
 * megért!" is the ticket's worth, not its price.
 */
export { CONTRAST };
export const CONTRAST_AFTER = 1.5;
export const CONTRAST_BEFORE = 0.5;
export const CONTRAST_SETS = new Map(Object.entries(CONTRAST).map(([lang, words]) => [lang, new Set(words)]));

/**
 * Privative suffixes ("-less") after a lexicon stem, with the linking letters before them: the word means the stem's
 * opposite ("waardeloze", worthless, matched the stem "waard" +1; "hoffnungslos", "meningslös", "håbløs"). As the rest of
 * a word past its stem (lexiconFallback.ts word()).
 */
export const PRIVATIVE: Readonly<Record<string, RegExp>> = {
  nl: /^(?:e|s|en)?(?:loos|loze|loosheid)$/u,
  de: /^(?:e|s|es|en|n)?(?:los|lose|loser|loses|losen|losem|losigkeit)$/u,
  sv: /^(?:e|s)?(?:lös|lösa|löst|löshet)$/u,
  da: /^(?:e|s)?(?:løs|løse|løst|løshed)$/u,
  no: /^(?:e|s)?(?:løs|løse|løst|løshet)$/u,
  en: /^e?(?:less|lessly|lessness)$/u,
};

/**
 * Contracted negators written with a hyphen, read as the negator they stand for: Romanian "n-am", "n-a", "n-au" (nu am,
 * nu a, …; "Am așteptat două ore și tot n-am rezolvat nimic"). Only before a hyphen and a letter: a lone "N." (an initial)
 * is not one.
 */
export const CONTRACTED_NEGATORS: Readonly<Record<string, readonly [RegExp, string]>> = {
  ro: [/(^|[^\p{L}])([nN])-(?=\p{L})/gu, '$1$2u '],
};
