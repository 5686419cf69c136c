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
 * noise a change has to beat).
 */
import { cliArgs } from '../lib/cliArgs.js';
import { FINANCE_SPEC, type ModelSpec } from './modelSpecs.js';
import { headMetrics, loadAndFeaturize, trainModel } from './train.js';
import { predict } from './linearModel.js';
import { argmax, pct, score, type Metrics } from './metrics.js';
import { seededUnit, SPLIT_SEED, type Row } from './corpus.js';

type Variant = Partial<Omit<ModelSpec, 'featurizer'>> & { featurizer?: Partial<ModelSpec['featurizer']> };

function fmt(m: Metrics): string {
  const recall = m.perClass.map((c) => `${c.label.slice(0, 4).toLowerCase()} ${pct(c.recall)}`).join(' ');
  return `acc ${pct(m.accuracy)} macro-F1 ${pct(m.macroF1)} (recall ${recall})`;
}

function main(): void {
  const { values } = cliArgs({
    name: 'tuneFinance',
    usage: 'node dist/training/tuneFinance.js [options]',
    about: 'FINANCIAL_NEWS cross-validated over variants of its settings (--variants as JSON).',
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
  const variants = JSON.parse(values.variants) as Record<string, Variant>;
  const seeds = values.seed.split(',').map(Number);
  const K = Number(values.folds);
  const cache = new Map<string, ReturnType<typeof loadAndFeaturize>>();
  for (const [name, v] of Object.entries(variants)) {
    const base: ModelSpec = { ...FINANCE_SPEC, ...v, featurizer: { ...FINANCE_SPEC.featurizer, ...v.featurizer } };
    const key = JSON.stringify(base.featurizer);
    if (!cache.has(key)) cache.set(key, loadAndFeaturize(base));
    const data = cache.get(key)!;
    const fold = new Map<Row, number>();
    data.rows.forEach((r, i) => {
      if (r.split !== 'heldout') fold.set(r, Math.floor(seededUnit(`cv:${i}`, SPLIT_SEED) * K));
    });
    const sums = { acc: 0, f1: 0, hacc: 0, hf1: 0 };
    for (const seed of seeds) {
      const spec = { ...base, seed };
      const gold: number[][] = [];
      const predicted: number[] = [];
      const texts: string[] = [];
      const probs: Float64Array[] = [];
      for (let k = 0; k < K; k++) {
        const t = trainModel(spec, { data, exclude: (r) => fold.get(r) === k, label: `${name} seed ${seed} fold ${k + 1}/${K}` });
        const rows = data.rows.flatMap((r, i) => (fold.get(r) === k ? [i] : []));
        predict(t.model, t.x, rows).forEach((p, j) => {
          gold.push([data.rows[rows[j]!]!.direction!]);
          texts.push(data.rows[rows[j]!]!.text);
          predicted.push(argmax(p[0]!));
          probs.push(p[0]!);
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
      let line = `${name} seed ${seed}: cross-validated ${fmt(cv)}`;
      if (values.heldout) {
        const t = trainModel(spec, { data, label: `${name} seed ${seed} held-out` });
        const h = headMetrics(spec, t, t.heldoutRows, 0);
        sums.hacc += h.accuracy;
        sums.hf1 += h.macroF1;
        line += `; held-out ${fmt(h)}`;
      }
      process.stdout.write(`${line}\n`);
    }
    const n = seeds.length;
    process.stdout.write(`${name} mean of ${n} seed(s): cross-validated acc ${pct(sums.acc / n)} macro-F1 ${pct(sums.f1 / n)}${values.heldout ? `; held-out acc ${pct(sums.hacc / n)} macro-F1 ${pct(sums.hf1 / n)}` : ''}\n`);
  }
}

main();
