/**
 * How the featuriser reads text: the token pattern (URLs, mentions, words, emoji, clause boundaries), the
 * shapes of numbers, the words that negate, intensify or soften the next words, the script of a letter, and
 * the cutting of repeated units inside a word.
 */

/**
 * A Western emoticon standing alone (not inside a word, a number or a time): eyes `:` `;` `=`, an optional nose, and a
 * mouth (`:)` `:-(` `;D` `:P` `:/` `:'(` `:3` `:*`, a repeated mouth `:)))`), or a heart `<3` `</3`. Before, its
 * characters were clause marks and the text lost it ("Store closed again :(" read as the rest alone).
 */
const EMOTICON = String.raw`(?<![\p{L}\p{N}:;=<>()\[\]])(?:[:;=]['’]?[-^o]?(?:\)+|\(+|\]+|\[+|[dDpP/\\|*3oO$@])|<\/?3+)(?![\p{L}\p{N}])`;
// url | @mention | word (letters, marks, digits, inner apostrophes; $cashtag, #hashtag) | emoji, emoticon, ! or ? | clause boundary
export const TOKEN = new RegExp(String.raw`(https?:\/\/\S+|www\.\S+)|(@\w+)|([$#]?[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}]+)*)|(\p{Extended_Pictographic}|${EMOTICON}|[!?])|([.,;:()\n"“”]|\s-\s)`, 'gu');
const EMOTICON_START = /^[:;=<]/;

/**
 * The key of an emoji, emoticon, `!` or `?` token: an emoticon without its nose and with one mouth, in lower case as
 * VADER's lexicon keys it (`:-)))` → `:)`, `:-D` → `:d`, `<333` → `<3`); the others as they are.
 */
export function symbolKey(raw: string): string {
  if (!EMOTICON_START.test(raw)) return raw;
  if (raw.startsWith('<')) return raw.startsWith('</') ? '</3' : '<3';
  const tear = /['’]/.test(raw) ? "'" : '';
  return `${raw[0]}${tear}${raw[raw.length - 1]!.toLowerCase()}`;
}
export const DIGITS = /^[\p{N}_]+$/u;
export const MONEY = /^\$\p{N}+$/u;
export const CASHTAG = /^\$\p{L}/u;

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
export const NEGATION_SCOPE = 3;

/**
 * Words that strengthen (or soften) the next lexicon word, as in VADER's booster
 * list: "very good" moves the lexicon feature one strength step up and adds an
 * "intensified" feature of that sign; "slightly bad" one step down.
 */
export const INTENSIFIERS = new Set([
  'very', 'really', 'so', 'extremely', 'super', 'totally', 'absolutely', 'incredibly', 'utterly', 'completely', 'highly', 'truly',
  'too', 'most', 'hugely', 'deeply', 'seriously', 'terribly', 'awfully', 'insanely', 'damn', 'freaking', 'fucking', 'sooo', 'soo', 'veryyy',
  'muy', 'muito', 'molto', 'très', 'tres', 'sehr', 'todella', 'tosi', 'sangat', 'banget', 'sana',
]);
export const SOFTENERS = new Set(['slightly', 'somewhat', 'kinda', 'kind', 'sort', 'sorta', 'bit', 'little', 'fairly', 'barely', 'marginally', 'partly']);

export function isNegator(lower: string): boolean {
  return NEGATORS.has(lower) || lower.endsWith("n't") || lower.endsWith('n’t');
}

let shapeFrom = 0;

/** Where the token numberShape() last shaped starts, its sign included. */
export function numberShapeStart(): number {
  return shapeFrom;
}

/**
 * The shape of the number token at `at` (params.numberShapes): its decimals and a
 * following "%" are consumed (TOKEN.lastIndex moves past them), and a "+" or "-" written
 * right before it (after a space, an opening bracket or the start) is its sign.
 */
export function numberShape(text: string, at: number, money: boolean): string {
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
  shapeFrom = signed ? at - 1 : at;
  if (money) return '<$num>';
  const sign = !signed ? '' : c === 0x2b ? '+' : '-';
  return `<num${sign}${percent ? '%' : ''}>`;
}

/**
 * A letter's script for the block feature: its 128-code-point Unicode block, except
 * that the large scripts spanning many blocks (Han, Hangul syllables) and the two kana
 * blocks are one class each.
 */
export function scriptOf(cp: number): number {
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
