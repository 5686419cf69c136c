/**
 * Repetition must not tilt sentiment (issue 17): a run of one emoji or word used to add
 * up in the bag (every occurrence counted, the bag scaled by 1/sqrt(n)), so "😀" was
 * NEUTRAL at +0.12, "😀" ×10 NEGATIVE at −0.55 and ×50 VERY_NEGATIVE at −0.96 (the learned
 * bigram "😀 😀" leans negative). The featuriser now cuts runs to three (`collapseRuns`,
 * featurizer.ts), in training and serving alike.
 *
 * Through the real core (sync AnalyzeText over gRPC, the committed ONNX model): a
 * repeated positive emoji or word reads non-negative at ×1, ×10 and ×1000, the run
 * stops moving the score once it is long, and a sentence with a long run gets the label
 * of the same sentence with the run cut to three.
 */
import { describe, it, expect, inject } from 'vitest';
import { sentimentClient } from '../support/grpcClient.js';
import { collapseUnits, Featurizer } from '../../src/sentiment/featurizer.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { GENERAL_SPEC } from '../../training/modelSpecs.js';

interface Analysis { sentiment: string; sentimentScore: number }

const RUNS = [
  { unit: '😀', sep: '' },
  { unit: '😀', sep: ' ' },
  { unit: '😍', sep: '' },
  { unit: 'good', sep: ' ' },
  { unit: 'love', sep: ' ' },
];

const SENTENCES = ['What a great day ', 'Thanks for the lovely evening ', 'This is awful ', 'The service was slow '];

const run = (unit: string, sep: string, n: number): string => Array.from({ length: n }, () => unit).join(sep);

describe('the featuriser on runs', () => {
  const k = GENERAL_SPEC.featurizer.collapseRuns!;
  const f = new Featurizer(GENERAL_SPEC.featurizer);
  const ids = (text: string): number[] => {
    const b = f.featurize(cleanText(text));
    return Array.from(b.ids.subarray(0, b.count));
  };

  it('makes the bag of a long run of one token, spaced or not, the bag of the run cut to collapseRuns', () => {
    expect(k).toBeGreaterThanOrEqual(2);
    for (const [unit, sep] of [['😀', ''], ['😀', ' '], ['good', ' '], ['!', ''], ['lol', ' '], ['@someone', ' '], ['ha', '']] as const) {
      const cut = ids('What a day ' + run(unit, sep, k));
      for (const n of [k + 1, 50, 1000]) expect(ids('What a day ' + run(unit, sep, n)), `${unit} ×${n}`).toEqual(cut);
    }
    // clause punctuation between the repeats does not break the run
    expect(ids(run('😀.', ' ', 40))).toEqual(ids(run('😀.', ' ', k)));
  });

  it('cuts a unit of 1–4 letters repeated inside a word to collapseRuns repeats, and leaves other words alone', () => {
    expect(collapseUnits('soooooooo', 3)).toBe('sooo');
    expect(collapseUnits('hahahahahaha', 3)).toBe('hahaha');
    expect(collapseUnits('lollollollol', 3)).toBe('lollollol');
    expect(collapseUnits('goodgoodgoodgood', 3)).toBe('goodgoodgood');
    for (const w of ['banana', 'bookkeeper', 'mississippi', 'hahaha', 'yesss', 'committee', 'anak']) expect(collapseUnits(w, 3)).toBe(w);
  });

  it('leaves a text without a run exactly as the featuriser without collapseRuns reads it', () => {
    const plain = new Featurizer({ ...GENERAL_SPEC.featurizer, collapseRuns: undefined });
    for (const text of ['The food was not bad at all, the staff were kind 😀', 'anak-anak bermain sama-sama', 'so so, good good!']) {
      const b = plain.featurize(cleanText(text));
      expect(ids(text)).toEqual(Array.from(b.ids.subarray(0, b.count)));
    }
  });
});

describe('a repeated token does not tilt sentiment', () => {
  const s = sentimentClient(inject('coreAddress'));
  const analyze = async (text: string): Promise<Analysis> => (await s.call<{ data: Analysis }>('analyzeText', { text, asyncMode: false })).data;
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

  it('reads a sentence said again in the same text as said once (dedupeSentences): ×20 amplified it to VERY_*', async () => {
    const cases = [
      ['Good food but slow service. '.repeat(20), 'Good food but slow service.'], // was VERY_POSITIVE ×20, NEUTRAL once
      ['The meeting is scheduled. '.repeat(100) + 'I hate this, terrible.', 'The meeting is scheduled. I hate this, terrible.'],
      ['Great! '.repeat(30) + 'The delivery was late.', 'Great! The delivery was late.'],
    ] as const;
    for (const [repeated, once] of cases) {
      const a = await analyze(repeated);
      const b = await analyze(once);
      expect([a.sentiment, a.sentimentScore], repeated.slice(0, 60)).toEqual([b.sentiment, b.sentimentScore]);
    }
    // the featuriser as the service runs it (the sidecar's settings): the bag of the repeated text is the bag said once
    const f = new Featurizer({ ...GENERAL_SPEC.featurizer, ...GENERAL_SPEC.servingFeaturizer });
    const bag = (t: string) => { const x = f.featurize(cleanText(t)); return Array.from(x.ids.subarray(0, x.count)); };
    expect(bag(cases[0][0])).toEqual(bag(cases[0][1]));
  }, 60_000);
});
