/**
 * What the models accept as text, and how it is cleaned before featurisation.
 *
 * - U+FFFD (what a protobuf/JSON decoder leaves where bytes were not valid UTF-8)
 *   is ordinary text: it is accepted and analysed (it is not a letter, so it adds no
 *   feature). A lone UTF-16 surrogate (possible only from a JS caller, never from
 *   UTF-8) is replaced by U+FFFD rather than refused (issue 14.8).
 * - C0/C1 control characters other than tab, line feed and carriage return are
 *   replaced by spaces (documented normalisation, not an error).
 * - Text with no visible character is refused with TEXT_EMPTY, like empty text: a text
 *   made only of whitespace, controls, format characters (Cf: zero-width space/joiners,
 *   bidi marks and isolates, soft hyphen, BOM), other default-ignorable characters
 *   (Hangul fillers, variation selectors), combining marks with no base (M), and the
 *   blank Braille pattern U+2800. Any other character (a letter, digit, symbol, emoji,
 *   U+FFFD, private-use) makes the text visible; invisible characters next to visible
 *   ones are kept and analysed as before.
 * - Letters styled with Unicode's "fonts" (mathematical bold, italic, script, double-struck
 *   and sans-serif letters and digits, 𝐓𝐞𝐫𝐫𝐢𝐛𝐥𝐞; circled Ⓐ; fullwidth Ａ and ０) are read as the
 *   letters they style (their NFKC forms), and text written with combining accents (NFD,
 *   "e" + U+0301) as its composed form (NFC): the models and lexicons know the plain words,
 *   and had read styled ones as unknown tokens with confident, often reversed verdicts.
 *   Fullwidth punctuation (CJK text's "，" "！") is left as written.
 * - Length limits belong to the service (bytes per request); the model itself reads
 *   at most MAX_TOKENS tokens and MAX_SCAN_CHARS characters and reports `truncated`
 *   (scanCut: the characters past MAX_SCAN_CHARS).
 */

export const MAX_TOKENS = 1000;
export const MAX_SCAN_CHARS = 20_000;

export type TextProblem = 'TEXT_EMPTY' | 'TEXT_INVALID_UTF8';

export class TextRejected extends Error {
  constructor(readonly problem: TextProblem, message: string) {
    super(message);
  }
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** A character that shows: anything but whitespace, controls, format/default-ignorable characters, marks and the blank Braille pattern. */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Styled letters and digits: Mathematical Alphanumeric Symbols, the Letterlike Symbols that fill its gaps (italic ℎ,
 * script ℬ ℯ, double-struck ℂ ℝ, Fraktur ℌ ℭ), circled Latin letters, fullwidth Latin letters and digits.
 */
const STYLED = /[\u{1D400}-\u{1D7FF}\u2102\u210A-\u2113\u2115\u2119-\u211D\u2124\u2128\u212C\u212D\u212F-\u2131\u2133\u2134\u24B6-\u24E9\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/u;
const STYLED_ALL = new RegExp(STYLED.source, 'gu');
/** Combining diacritical marks (U+0300-U+036F): a text that may be in decomposed form. */
const COMBINING = /[\u0300-\u036F]/;

/** Returns the text to featurise (controls replaced), or throws TextRejected. */
export function cleanText(text: string): string {
  if (typeof text !== 'string') throw new TextRejected('TEXT_EMPTY', 'text must be a string');
  // MAX_SCAN_CHARS characters (code points, as the service counts its limit), never half a surrogate pair
  let scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, walkChars(text, MAX_SCAN_CHARS).units) : text;
  if (scanned.length < text.length && /[\uD800-\uDBFF]$/.test(scanned)) scanned = scanned.slice(0, -1);
  // isWellFormed (Node 20) is a fast check; the replacement runs only for the rare malformed text.
  if (!(scanned as string & { isWellFormed(): boolean }).isWellFormed()) scanned = scanned.replace(LONE_SURROGATE, '\uFFFD');
  let cleaned = scanned.replace(CONTROLS, ' ');
  if (STYLED.test(cleaned)) cleaned = cleaned.replace(STYLED_ALL, (c) => c.normalize('NFKC'));
  if (COMBINING.test(cleaned)) cleaned = cleaned.normalize('NFC');
  if (!VISIBLE.test(cleaned)) throw new TextRejected('TEXT_EMPTY', 'text is empty (no visible character: only whitespace, control, format/zero-width or combining characters)');
  return cleaned;
}

/** Characters (code points: a surrogate pair counts once) of `s`, walking at most `limit` of them; returns how many, and the UTF-16 units they take. */
function walkChars(s: string, limit = Infinity): { chars: number; units: number } {
  let i = 0;
  let n = 0;
  for (; n < limit && i < s.length; n++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return { chars: n, units: i };
}

/** Whether cleanText() read only the start of the text: it has more than MAX_SCAN_CHARS characters. */
export function scanCut(text: string): boolean {
  return text.length > MAX_SCAN_CHARS && walkChars(text, MAX_SCAN_CHARS + 1).chars > MAX_SCAN_CHARS;
}

/** Characters (code points) of a text, as the service's length limit counts them. */
export function charCount(s: string): number {
  return walkChars(s).chars;
}

/** Strict decoding of raw bytes, for callers that hold bytes rather than a string. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TextRejected('TEXT_INVALID_UTF8', 'text is not valid UTF-8');
  }
}
