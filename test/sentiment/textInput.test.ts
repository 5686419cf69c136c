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

  it('refuses text with no visible character like empty text, and keeps invisible characters beside visible ones', () => {
    for (const t of ['\u202e\u200b\u200d\u2066', ' \u00ad\ufeff\u2060', '\u0301\ufe0f', '\u3164\u115f', '\u2800 \u200b', '\u0000\u200e\n']) {
      expect(() => cleanText(t)).toThrow(expect.objectContaining({ problem: 'TEXT_EMPTY' }));
    }
    for (const t of ['a', '\ufffd', '\u{1F600}', '\ue000', '\u200bok\u200d', 'e\u0301']) expect(cleanText(t)).toBe(t);
  });
});
