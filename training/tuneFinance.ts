/**
 * Choosing FINANCIAL_NEWS settings without touching the held-out rows: k-fold
 * cross-validation over the finance tweets that are not held out (train + tuning
 * slice, 8,061 rows). Each fold's model is trained by trainModel() on the other folds
 * (less its own tuning slice, as `npm run train` does), and the folds' predictions are
 * scored together, so one figure rests on all 8,061 rows instead of the 779-row tuning
 * slice (one row there is 0.13 points). `--heldout` also reports, per variant, the
 * evaluation fit `npm run train` would make (the shipped fit also trains on the held-out
 * rows), on the held-out rows: read it once per candidate, never choose by it.
 *
 *   npm run build && node dist/training/tuneFinance.js \
 *     --variants='{"base":{},"shapes":{"featurizer":{"numberShapes":true}}}' [--seed=11,12,13] [--folds=5] [--heldout]
 *
 * A variant is a partial ModelSpec over FINANCE_SPEC (its `featurizer` is merged into
 * FINANCE_SPEC's). Every variant runs with every seed (the spread between seeds is the
 * noise a change has to beat). Seeds of an averaged spec (`average: 5`) overlap: seed 11
 * runs seeds 11–15 and seed 12 runs 12–16, so take seeds at least `average` apart.
 *
 * `vectors: "plain" | "flip"` adds the GloVe word branch (englishVectors.ts, the English
 * expert's vectors and negation modes): with `hidden: 0` into the logits of the linear model
 * (ModelSpec.vectors; averaged runs, iterate averaging and the polar shift as the base), with
 * `hidden: H` into the hidden layer as the expert has it (trainEnglish.ts trainWithVectors:
 * one run). A hidden variant's `polarShift` goes on its output bias (b2) here, so it compares
 * with the base at the same shift. `--variants=vectors` runs the finance vectors experiment
 * (VECTOR_VARIANTS; models/financial-news.md, "Tried, not kept"):
 *
 *   npm run build && node dist/training/tuneFinance.js --variants=vectors --seed=11,21,31
 */
import { cliArgs } from '../lib/cliArgs.js';
import { FINANCE_SPEC, type ModelSpec } from './modelSpecs.js';
import { loadAndFeaturize, trainModel } from './train.js';
import { predict, softmaxInto } from './linearModel.js';
import { argmax, pct, score, type Metrics } from './metrics.js';
import { seededUnit, SPLIT_SEED, type Row } from './corpus.js';
import type { FeatureMatrix } from './linearModel.js';
import { denseInputs, loadWordVectors, type WordVectors } from './englishVectors.js';
import { trainWithVectors } from './trainEnglish.js';
import { buildWordClusters } from './wordClusters.js';
import { setWordClusters } from '../src/sentiment/featurizer.js';

type Variant = Partial<Omit<ModelSpec, 'featurizer'>> & { featurizer?: Partial<ModelSpec['featurizer']> };
type Data = { rows: Row[]; x: FeatureMatrix };

let glove: WordVectors | null = null;
const denseCache = new Map<string, Float32Array>();

/** The variant's data: its featurisation, with the rows' GloVe means when it has the word branch. */
function withDense(spec: ModelSpec, data: Data): Data {
  if (!spec.vectors) return data;
  glove ??= loadWordVectors();
  const key = `${JSON.stringify(spec.featurizer)} ${spec.vectors}`;
  if (!denseCache.has(key)) denseCache.set(key, denseInputs(data.rows.map((r) => r.text), glove, spec.vectors));
  return { rows: data.rows, x: { ...data.x, dense: denseCache.get(key)! } };
}

/**
 * The GloVe experiment (`--variants=vectors`): the committed spec; the linear model with the word branch into its
 * logits; one hidden layer (the expert's learning rate and dropout, finance's 10 epochs and L2) with a linear layer
 * beside it (wide), without and with the branch, 16 and 32 units, and the mean of three to five such runs' logits
 * (×k). Every variant keeps the base's polar shift (0.4). About 35 minutes of one core for seeds 11, 21, 31.
 */
const HIDDEN: Variant = { average: 1, learningRate: 0.05, epochs: 10, dropout: 0.3, l2: 1e-4, wide: true };
const VECTOR_VARIANTS: Record<string, Variant> = {
  base: {},
  'linear+plain': { vectors: 'plain' },
  'linear+flip': { vectors: 'flip' },
  'h16 wide': { ...HIDDEN, hidden: 16 },
  'h16 wide+plain': { ...HIDDEN, hidden: 16, vectors: 'plain' },
  'h16 wide+flip': { ...HIDDEN, hidden: 16, vectors: 'flip' },
  'h32 wide': { ...HIDDEN, hidden: 32 },
  'h32 wide+flip': { ...HIDDEN, hidden: 32, vectors: 'flip' },
  'h16 wide ×3': { ...HIDDEN, hidden: 16, average: 3 },
  'h16 wide+plain ×3': { ...HIDDEN, hidden: 16, vectors: 'plain', average: 3 },
  'h16 wide+plain ×5': { ...HIDDEN, hidden: 16, vectors: 'plain', average: 5 },
  // the size that would fit the 30 MB limit: 2^18 × 64 int8 embeddings (16.8 MB), 100,000 × 64 int8 words (6.4 MB), wide 3.1 MB
  'h16 wide+plain ×4 int8': { ...HIDDEN, hidden: 16, vectors: 'plain', average: 4, int8Embeddings: true },
};

/** One fit of the variant: trainModel, or trainWithVectors for a hidden model with the word branch; a hidden model's polar shift on b2. */
function fit(spec: ModelSpec, data: Data, opts: { exclude?: (r: Row) => boolean; label: string }): ReturnType<typeof trainModel> {
  if (spec.hidden === 0) return trainModel(spec, { data, ...opts });
  const unshifted = { ...spec, polarShift: 0 };
  const t = spec.vectors ? trainWithVectors({ ...unshifted, vectors: undefined }, data, { vectors: glove!, mode: spec.vectors }, opts) : trainModel(unshifted, { data, ...opts });
  const shift = spec.polarShift ?? 0;
  if (shift && t.model.columns === 3) {
    t.model.outBias![0] = t.model.outBias![0]! + shift;
    t.model.outBias![2] = t.model.outBias![2]! + shift;
  }
  return t;
}

/**
 * The variant's BEARISH / NEUTRAL / BULLISH probabilities for `rows`, trained without `exclude`. A hidden variant with
 * `average: k` is k runs (seeds seed … seed + k − 1) whose logits are averaged (softmax of the mean log-probability,
 * which differs from the mean logit by a per-run constant): one model with k·H hidden units, W2 / k and the mean
 * b2 and wide layer would score the same. A linear variant averages its runs' weights in trainModel as the base does.
 */
function variantProbs(spec: ModelSpec, data: Data, rows: number[], opts: { exclude?: (r: Row) => boolean; label: string }): Float64Array[] {
  const runs = spec.hidden > 0 ? spec.average ?? 1 : 1;
  const logSum = rows.map(() => new Float64Array(3));
  for (let k = 0; k < runs; k++) {
    const run = runs > 1 ? { ...spec, seed: spec.seed + k, average: 1 } : spec;
    const t = fit(run, data, { ...opts, label: runs > 1 ? `${opts.label} run ${k + 1}/${runs}` : opts.label });
    predict(t.model, t.x, rows).forEach((p, j) => {
      for (let c = 0; c < 3; c++) logSum[j]![c] = logSum[j]![c]! + Math.log(Math.max(p[0]![c]!, 1e-300)) / runs;
    });
  }
  return logSum.map((z) => {
    const out = new Float64Array(3);
    softmaxInto(z, 0, 3, out);
    return out;
  });
}

function fmt(m: Metrics): string {
  const recall = m.perClass.map((c) => `${c.label.slice(0, 4).toLowerCase()} ${pct(c.recall)}`).join(' ');
  return `acc ${pct(m.accuracy)} macro-F1 ${pct(m.macroF1)} (recall ${recall})`;
}

function main(): void {
  const { values } = cliArgs({
    name: 'tuneFinance',
    usage: 'node dist/training/tuneFinance.js [options]',
    about: 'FINANCIAL_NEWS cross-validated over variants of its settings (--variants as JSON, or `vectors`: the GloVe experiment).',
    options: {
      variants: { type: 'string', default: '{"committed":{}}' },
      seed: { type: 'string', default: String(FINANCE_SPEC.seed) },
      folds: { type: 'string', default: '5' },
      heldout: { type: 'boolean', default: false },
      /** Print this many misclassified cross-validation rows (never held-out ones) of each variant's first seed. */
      errors: { type: 'string', default: '0' },
      /** Also score the cross-validated predictions with these amounts added to the BEARISH and BULLISH logits (a bias shift toward the polar classes; "a:b" shifts BEARISH by a and BULLISH by b). */
      shifts: { type: 'string', default: '' },
    },
  });
  const variants = values.variants === 'vectors' ? VECTOR_VARIANTS : (JSON.parse(values.variants) as Record<string, Variant>);
  // featurizer.ts wordClusters (GloVe word classes, wordClusters.ts): built once when a variant asks for them
  if (Object.values(variants).some((v) => v.featurizer?.wordClusters)) setWordClusters(buildWordClusters());
  const seeds = values.seed.split(',').map(Number);
  const K = Number(values.folds);
  const cache = new Map<string, ReturnType<typeof loadAndFeaturize>>();
  for (const [name, v] of Object.entries(variants)) {
    const base: ModelSpec = { ...FINANCE_SPEC, ...v, featurizer: { ...FINANCE_SPEC.featurizer, ...v.featurizer } };
    const key = JSON.stringify(base.featurizer);
    if (!cache.has(key)) cache.set(key, loadAndFeaturize(base));
    const data = withDense(base, cache.get(key)!);
    const fold = new Map<Row, number>();
    data.rows.forEach((r, i) => {
      if (r.split !== 'heldout') fold.set(r, Math.floor(seededUnit(`cv:${i}`, SPLIT_SEED) * K));
    });
    const sums = { acc: 0, f1: 0, hacc: 0, hf1: 0 };
    const perSeed: string[] = [];
    for (const seed of seeds) {
      const spec = { ...base, seed };
      const gold: number[][] = [];
      const predicted: number[] = [];
      const texts: string[] = [];
      const probs: Float64Array[] = [];
      for (let k = 0; k < K; k++) {
        const rows = data.rows.flatMap((r, i) => (fold.get(r) === k ? [i] : []));
        variantProbs(spec, data, rows, { exclude: (r) => fold.get(r) === k, label: `${name} seed ${seed} fold ${k + 1}/${K}` }).forEach((p, j) => {
          gold.push([data.rows[rows[j]!]!.direction!]);
          texts.push(data.rows[rows[j]!]!.text);
          predicted.push(argmax(p));
          probs.push(p);
        });
      }
      const cv = score(spec.heads[0]!.labels, gold, predicted);
      for (const shift of values.shifts ? values.shifts.split(',') : []) {
        const [bear, bull] = shift.includes(':') ? shift.split(':').map(Number) : [Number(shift), Number(shift)];
        const shifted = probs.map((p) => argmax([p[0]! * Math.exp(bear!), p[1]!, p[2]! * Math.exp(bull!)]));
        process.stdout.write(`${name} seed ${seed} polar shift ${shift}: cross-validated ${fmt(score(spec.heads[0]!.labels, gold, shifted))}\n`);
      }
      if (seed === seeds[0]) {
        const labels = spec.heads[0]!.labels;
        const wrong = predicted.flatMap((p, i) => (p !== gold[i]![0] ? [i] : []));
        for (const i of wrong.slice(0, Number(values.errors))) process.stdout.write(`  gold ${labels[gold[i]![0]!]} predicted ${labels[predicted[i]!]}: ${texts[i]}\n`);
      }
      sums.acc += cv.accuracy;
      sums.f1 += cv.macroF1;
      perSeed.push(`${(100 * cv.accuracy).toFixed(2)} / ${(100 * cv.macroF1).toFixed(2)}`);
      let line = `${name} seed ${seed}: cross-validated ${fmt(cv)}`;
      if (values.heldout) {
        const held = data.rows.flatMap((r, i) => (r.split === 'heldout' ? [i] : []));
        const p = variantProbs(spec, data, held, { label: `${name} seed ${seed} held-out` });
        const h = score(spec.heads[0]!.labels, held.map((r) => [data.rows[r]!.direction!]), p.map((q) => argmax(q)));
        sums.hacc += h.accuracy;
        sums.hf1 += h.macroF1;
        line += `; held-out ${fmt(h)}`;
      }
      process.stdout.write(`${line}\n`);
    }
    const n = seeds.length;
    process.stdout.write(`${name} mean of ${n} seed(s): cross-validated acc ${pct(sums.acc / n)} macro-F1 ${pct(sums.f1 / n)}${values.heldout ? `; held-out acc ${pct(sums.hacc / n)} macro-F1 ${pct(sums.hf1 / n)}` : ''} (per seed acc / macro-F1: ${perSeed.join(', ')})\n`);
  }
}

main();
