/**
 * What the models read of a text (src/sentiment/textInput.ts): the scan limit counts
 * characters (code points) as the service's length limit does, and never splits a
 * surrogate pair; lone surrogates become U+FFFD; styled letters are read as plain ones.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCAN_CHARS, cleanText, scanCut } from '../../src/sentiment/textInput.js';

describe('cleanText', () => {
  it('scans MAX_SCAN_CHARS characters, not UTF-16 units', () => {
    const emoji = '\u{1F600}';
    expect(cleanText(emoji.repeat(MAX_SCAN_CHARS))).toBe(emoji.repeat(MAX_SCAN_CHARS)); // whole: 2 units each
    expect(cleanText(emoji.repeat(MAX_SCAN_CHARS + 5))).toBe(emoji.repeat(MAX_SCAN_CHARS));
    expect(cleanText('a'.repeat(MAX_SCAN_CHARS + 5))).toBe('a'.repeat(MAX_SCAN_CHARS));
    const mixed = 'x' + emoji.repeat(MAX_SCAN_CHARS); // the cut falls inside the last pair's units: the pair is dropped whole
    expect(cleanText(mixed)).toBe('x' + emoji.repeat(MAX_SCAN_CHARS - 1));
  });

  it('replaces lone surrogates and controls, refuses empty text', () => {
    expect(cleanText('a\uD800b\u0007c')).toBe('a\uFFFDb c');
    expect(() => cleanText(' \u0000 ')).toThrow(/empty/);
  });

  it('refuses text with no visible character like empty text, and keeps invisible characters beside visible ones', () => {
    for (const t of ['\u202e\u200b\u200d\u2066', ' \u00ad\ufeff\u2060', '\u0301\ufe0f', '\u3164\u115f', '\u2800 \u200b', '\u0000\u200e\n']) {
      expect(() => cleanText(t)).toThrow(expect.objectContaining({ problem: 'TEXT_EMPTY' }));
    }
    for (const t of ['a', '\ufffd', '\u{1F600}', '\ue000', '\u200bok\u200d']) expect(cleanText(t)).toBe(t);
    expect(cleanText('e\u0301')).toBe('\u00e9'); // composed (NFC): below
  });

  it('reads letters styled with Unicode "fonts" as the letters they style, and decomposed accents composed', () => {
    expect(cleanText('𝐓𝐞𝐫𝐫𝐢𝐛𝐥𝐞 𝑠𝑒𝑟𝑣𝑖𝑐𝑒, 𝖛𝖊𝖗𝖞 𝗯𝗮𝗱 𝟏𝟎/𝟏𝟎')).toBe('Terrible service, very bad 10/10');
    expect(cleanText('Ⓖⓞⓞⓓ ＧＯＯＤ ｇｏｏｄ ０')).toBe('Good GOOD good 0');
    expect(cleanText('Das ist entta\u0308uscht')).toBe('Das ist enttäuscht');
    // fullwidth punctuation is CJK text's own, and stays as written; emoji and other symbols too
    for (const t of ['很好，谢谢！', 'ほんとう？', '\u{1F600}\u{1F170}', 'x²']) expect(cleanText(t)).toBe(t);
    // what was cut is told apart from what was folded: 20,000 styled letters are not "truncated"
    expect(scanCut('𝐚'.repeat(MAX_SCAN_CHARS))).toBe(false);
    expect(scanCut('𝐚'.repeat(MAX_SCAN_CHARS + 1))).toBe(true);
  });
});
