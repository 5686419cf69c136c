/**
 * Texts with no letters, only emoji, through the real analyzer (models/general.*, fallback-lexicons.bin): the language
 * is `und`, so the word lexicons never speak; the emoji table (nlp.js's AFINN emoji, filled and corrected from the
 * emoji's Unicode names in training/emojiPolarity.ts) gives the class where the model's differs. Before, "😀" read
 * NEUTRAL 83 %, "🙂" and "🤣" NEUTRAL, and "😐" NEUTRAL FACE read NEGATIVE 72 %.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { join } from 'node:path';
import { SentimentAnalyzer, type AnalysisOutcome, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';
import { FallbackLexicons } from '../../src/sentiment/lexiconFallback.js';
import { EMOJI_POLARITY } from '../../training/emojiPolarity.js';
import { projectRoot } from '../../src/paths.js';

let analyzer: SentimentAnalyzer;
const ok = (o: AnalysisOutcome | undefined): AnalysisOutput => {
  if (!o || 'error' in o) throw new Error(`expected a result, got ${JSON.stringify(o)}`);
  return o;
};
const side = (o: AnalysisOutput): string => (o.sentiment.endsWith('POSITIVE') ? 'positive' : o.sentiment.endsWith('NEGATIVE') ? 'negative' : 'neutral');

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
});

describe('texts of emoji only', () => {
  it('read with the side of the emoji table, lowConfidence, language und', async () => {
    const cases: [string, string][] = [
      ['😀', 'positive'], ['😊', 'positive'], ['🙂', 'positive'], ['🤣', 'positive'], ['🥰', 'positive'], ['😂😂😂', 'positive'], ['👍 🎉', 'positive'],
      ['😡😡', 'negative'], ['😢 😢', 'negative'], ['🙁', 'negative'], ['🤮', 'negative'], ['🤬', 'negative'],
      ['😐', 'neutral'], ['🤔', 'neutral'], ['😀😢', 'neutral'],
    ];
    const outs = (await analyzer.analyze(cases.map((c) => c[0]))).map(ok);
    const got = outs.map((o, i) => `${cases[i]![0]} ${o.sentiment} ${o.sentimentScore.toFixed(2)}: ${o.rationale}`).join('\n');
    expect(outs.map(side), got).toEqual(cases.map((c) => c[1]));
    for (const o of outs) {
      expect(o.lowConfidence).toBe(true);
      expect(o.language.code).toBe('und');
    }
  });

  it('name the emoji in the rationale where the table overrides the model', async () => {
    const [smile, neutral] = (await analyzer.analyze(['😀', '😐'])).map(ok);
    expect(smile!.rationale).toMatch(/^POSITIVE from the emoji polarity table/);
    expect(smile!.rationale).toContain('"😀" +2.00');
    expect(neutral!.rationale).toMatch(/^NEUTRAL from the emoji polarity table/);
    expect(neutral!.rationale).toContain('"😐" neutral');
  });

  it('a run of an emoji reads as its run cut to three', async () => {
    const [ten, thousand, three] = (await analyzer.analyze(['😀'.repeat(10), '😀'.repeat(1000), '😀😀😀'])).map(ok);
    expect(ten!.sentimentScore).toBeCloseTo(three!.sentimentScore, 6);
    expect(thousand!.sentimentScore).toBeCloseTo(three!.sentimentScore, 6);
    expect(side(three!)).toBe('positive');
  });

  it('text with nothing polar stays NEUTRAL: digits, dots, unknown emoji', async () => {
    const outs = (await analyzer.analyze(['123', '...', '12345 678'])).map(ok);
    for (const o of outs) expect(o.sentiment).toBe('NEUTRAL');
  });

  it('marks alone are NEUTRAL with lowConfidence ("!" was POSITIVE 92 %, "???" NEGATIVE), emoticons read by their side', async () => {
    const marks = (await analyzer.analyze(['!', '!!!', '???', '?!', '$$$'])).map(ok);
    for (const o of marks) {
      expect(o.sentiment).toBe('NEUTRAL');
      expect(o.lowConfidence).toBe(true);
      expect(o.rationale).toMatch(/^NEUTRAL: the text has no word, emoji or emoticon to read/);
    }
    // an emoticon standing alone is a token with VADER's prior (before, its characters were clause marks: NEUTRAL)
    const faces = (await analyzer.analyze([':)', ':-(', '<3', ":'(", ':D'])).map(ok).map(side);
    expect(faces).toEqual(['positive', 'negative', 'positive', 'negative', 'positive']);
  });

  it('text with words is not read from the emoji table alone', async () => {
    const [o] = (await analyzer.analyze(['I hate this 😀'])).map(ok);
    expect(o!.rationale).not.toMatch(/emoji polarity table/);
  });
});

describe('the emoji list (training/emojiPolarity.ts) in fallback-lexicons.bin', () => {
  const lexicons = FallbackLexicons.load(join(projectRoot, 'models'));
  it('every listed emoji is in the table with its sign, the neutral ones as neutral', () => {
    for (const [emoji, strength] of EMOJI_POLARITY) {
      const v = lexicons.emoji(emoji);
      if (strength === 0) expect([v.hits.length, v.neutral], emoji).toEqual([0, [emoji]]);
      else expect(Math.sign(v.score), emoji).toBe(Math.sign(strength));
    }
  });
});
