/**
 * What the models read of a text (src/sentiment/textInput.ts): the scan limit counts
 * characters (code points) as the service's length limit does, and never splits a
 * surrogate pair; lone surrogates become U+FFFD.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCAN_CHARS, cleanText } from '../../src/sentiment/textInput.js';

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
});
