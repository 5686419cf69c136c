/**
 * Negation on everyday sentences written for this test (not from any training set, and
 * not used to choose features or settings: models/general.md, "Negation"). Each
 * sentence negates one sentiment word. A negated positive word must read NEGATIVE
 * (or VERY_NEGATIVE); a negated negative word must not read negative at all.
 *
 * The committed model gets 15 of 20 (8 + 7) and the previous one 16 (8 + 8): negation
 * of an unseen phrase is still hard for a bag of n-grams. The committed model on the
 * same sentences with the negator removed, which is what a negation-blind reader
 * sees, gets 7 of 20 (3 + 4) by the same rule; the bar of 14 of 20, at least 6 in each
 * group, fails on such a reader.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { SentimentAnalyzer, type AnalysisOutcome, type AnalysisOutput } from '../../src/sentiment/sentimentAnalyzer.js';

const NEGATED_POSITIVE = [
  'The hotel breakfast was not very tasty.',
  "My new headphones don't sound good.",
  'The bus driver was not friendly this morning.',
  'I never liked the taste of this cereal.',
  "Their customer support isn't useful at all.",
  "The park wasn't pretty after the storm.",
  "This laptop doesn't feel reliable.",
  'The lecture was not interesting.',
  "We didn't have a nice time at the beach.",
  "The new bakery's bread is not fresh.",
];

const NEGATED_NEGATIVE = [
  'The exam was not difficult.',
  "My neighbour's dog isn't annoying anymore.",
  'The train was not crowded today.',
  "I don't mind the rain on weekends.",
  "The dentist visit wasn't painful.",
  'Our flight had no delays.',
  'The test results were not bad at all.',
  'The kids were never bored at the museum.',
  'I have no complaints about the landlord.',
  "The traffic wasn't terrible this evening.",
];

let analyzer: SentimentAnalyzer;

const ok = (o: AnalysisOutcome | undefined): AnalysisOutput => {
  if (!o || 'error' in o) throw new Error(`expected a result, got ${JSON.stringify(o)}`);
  return o;
};

beforeAll(async () => {
  analyzer = await SentimentAnalyzer.load();
});

describe('negation on unseen everyday sentences', () => {
  it('reads a negated positive word as negative and a negated negative word as not negative (≥ 14 of 20, ≥ 6 per group)', async () => {
    const pos = (await analyzer.analyze(NEGATED_POSITIVE)).map(ok);
    const neg = (await analyzer.analyze(NEGATED_NEGATIVE)).map(ok);
    const flippedToNegative = pos.filter((o) => o.sentiment.endsWith('NEGATIVE')).length;
    const notNegative = neg.filter((o) => !o.sentiment.endsWith('NEGATIVE')).length;
    const report = [...NEGATED_POSITIVE.map((t, i) => `${pos[i]!.sentiment} ${t}`), ...NEGATED_NEGATIVE.map((t, i) => `${neg[i]!.sentiment} ${t}`)].join('\n');
    expect(flippedToNegative, report).toBeGreaterThanOrEqual(6);
    expect(notNegative, report).toBeGreaterThanOrEqual(6);
    expect(flippedToNegative + notNegative, report).toBeGreaterThanOrEqual(14);
  });

  it('never reads a negated negative word as VERY_NEGATIVE', async () => {
    const outs = (await analyzer.analyze([...NEGATED_NEGATIVE, "I don't hate it."])).map(ok);
    expect(outs.filter((o) => o.sentiment === 'VERY_NEGATIVE').map((o, i) => `${i}: ${o.sentiment}`)).toEqual([]);
  });

  it('scores a negated positive word lower than the same sentence without the negator', async () => {
    // Same sentence without the negator: negation must move the score toward the negative pole (not necessarily past it).
    const plainPos = NEGATED_POSITIVE.map((t) => t.replace(/\b(not|never) /, '').replace(/n't\b/, ''));
    const [withNeg, without] = [(await analyzer.analyze(NEGATED_POSITIVE)).map(ok), (await analyzer.analyze(plainPos)).map(ok)];
    const moved = withNeg.filter((o, i) => o.sentimentScore < without[i]!.sentimentScore).length;
    expect(moved).toBeGreaterThanOrEqual(9);
  });
});
