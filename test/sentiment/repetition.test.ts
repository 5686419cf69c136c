/**
 * Repetition must not tilt sentiment (issue 17): a run of one emoji or word used to add
 * up in the bag (every occurrence counted, the bag scaled by 1/sqrt(n)), so "😀" was
 * NEUTRAL at +0.12, "😀" ×10 NEGATIVE at −0.55 and ×50 VERY_NEGATIVE at −0.96 (the learned
 * bigram "😀 😀" leans negative). The featuriser now counts a feature at most
 * `countCap` times per text (featurizer.ts), in training and serving alike.
 *
 * Through the real core (sync AnalyzeText over gRPC, the committed ONNX model): a
 * repeated positive emoji or word reads non-negative at ×1, ×10 and ×1000, the run
 * stops moving the score once it is long, and a sentence with a long run gets the label
 * of the same sentence with the run cut to three.
 */
import { describe, it, expect, inject } from 'vitest';
import { sentimentClient } from '../support/grpcClient.js';
import { Featurizer, featureValue, featureValues } from '../../src/sentiment/featurizer.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { GENERAL_SPEC } from '../../src/sentiment/training/modelSpecs.js';

interface Analysis { sentiment: string; sentimentScore: number }

const RUNS = [
  { unit: '😀', sep: '' },
  { unit: '😀', sep: ' ' },
  { unit: '😍', sep: '' },
  { unit: 'good', sep: ' ' },
  { unit: 'love', sep: ' ' },
];

const SENTENCES = ['What a great day ', 'Thanks for the lovely evening ', 'This is awful ', 'The service was slow '];

/** Each bucket's total value in a text's bag, as the model reads it. */
function bagValues(text: string): Map<number, number> {
  const params = GENERAL_SPEC.featurizer;
  const bag = new Featurizer(params).featurize(cleanText(text));
  const values = new Float64Array(bag.count);
  featureValues(params, bag.ids, 0, bag.count, values);
  const byId = new Map<number, number>();
  for (let k = 0; k < bag.count; k++) byId.set(bag.ids[k]!, (byId.get(bag.ids[k]!) ?? 0) + values[k]!);
  return byId;
}

describe('the bag of a text with a repeated token', () => {
  it('is the bag of the run cut to countCap + 1 once the run is longer, and unchanged (1/sqrt(n) each) when no feature repeats past the cap', () => {
    const cap = GENERAL_SPEC.featurizer.countCap!;
    expect(cap).toBeGreaterThanOrEqual(1);
    for (const [unit, sep] of [['😀', ''], ['good', ' '], ['!', ''], ['lol', ' ']] as const) {
      const cut = bagValues('What a day ' + Array(cap + 1).fill(unit).join(sep));
      for (const n of [cap + 2, 50, 1000]) {
        const long = bagValues('What a day ' + Array(n).fill(unit).join(sep));
        expect([...long.keys()].sort()).toEqual([...cut.keys()].sort());
        for (const [id, v] of cut) expect(long.get(id)).toBeCloseTo(v, 6);
      }
    }
    // two words: no feature (not even the script-block feature, one per word) occurs more than twice
    const plain = new Featurizer(GENERAL_SPEC.featurizer).featurize('lovely dinner');
    const values = new Float64Array(plain.count);
    featureValues(GENERAL_SPEC.featurizer, plain.ids, 0, plain.count, values);
    expect([...values].every((v) => Math.abs(v - featureValue(plain.count)) < 1e-12)).toBe(true);
  });
});

describe('a repeated token does not tilt sentiment', () => {
  const s = sentimentClient(inject('coreAddress'));
  const analyze = async (text: string): Promise<Analysis> => (await s.call<{ data: Analysis }>('analyzeText', { text, asyncMode: false })).data;
  const run = (unit: string, sep: string, n: number): string => Array.from({ length: n }, () => unit).join(sep);

  it('reads a run of a positive emoji or word as non-negative at ×1, ×10 and ×1000, and a long run no longer moves the score', async () => {
    const lines: string[] = [];
    const got: { name: string; answers: Analysis[] }[] = [];
    for (const { unit, sep } of RUNS) {
      const answers = [];
      for (const n of [1, 10, 1000]) answers.push(await analyze(run(unit, sep, n)));
      const name = `${JSON.stringify(unit)}${sep ? ' spaced' : ''}`;
      got.push({ name, answers });
      lines.push(`${name}: ${answers.map((a) => `${a.sentiment} ${a.sentimentScore.toFixed(2)}`).join(' | ')}`);
    }
    const report = lines.join('\n');
    for (const { answers } of got) {
      for (const a of answers) expect(a.sentiment, report).not.toMatch(/NEGATIVE$/);
      // ×10 and ×1000 read alike: past a few repeats, more of the same adds nothing
      expect(answers[2]!.sentiment, report).toBe(answers[1]!.sentiment);
      expect(Math.abs(answers[2]!.sentimentScore - answers[1]!.sentimentScore), report).toBeLessThan(0.05);
    }
  }, 60_000);

  it('gives a sentence with a long emoji or word run the label of the same sentence with the run cut to three', async () => {
    const lines: string[] = [];
    let same = 0;
    let total = 0;
    for (const sentence of SENTENCES) {
      for (const { unit, sep } of RUNS) {
        const long = await analyze(sentence + run(unit, sep, 1000));
        const cut = await analyze(sentence + run(unit, sep, 3));
        total++;
        if (long.sentiment === cut.sentiment) same++;
        lines.push(`${long.sentiment === cut.sentiment ? 'same' : 'DIFF'} ${JSON.stringify(sentence + unit)}${sep ? ' spaced' : ''}: ×1000 ${long.sentiment} ${long.sentimentScore.toFixed(2)}, ×3 ${cut.sentiment} ${cut.sentimentScore.toFixed(2)}`);
      }
    }
    expect(same, lines.join('\n')).toBe(total);
  }, 60_000);
});
