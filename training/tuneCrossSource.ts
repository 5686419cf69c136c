/**
 * Tuning against the cross-source setting without touching a row the evaluation
 * reports: for a left-out source, train on every other source and score a seeded
 * sample of the left-out source's *training* rows (the evaluation reports its
 * held-out rows). Settings found here are written into modelSpecs.ts.
 *
 *   npm run build && node dist/training/tuneCrossSource.js [--new-sets] [--extended-phrases] --folds=goemotions,umsab --l2=1e-3,1e-4 [--epochs=3] [--lr=0.2] [--hidden=0,16]
 *     [--seed=7,8,9 (the spread between seeds is the noise to beat)] [--extra-lexicons=off,on] [--features='{"maxCharGram":5}' or '{"wordClusters":true}' (GloVe word classes, wordClusters.ts)]
 *
 * Each option takes a comma-separated list; every combination is trained.
 */
import { cliArgs } from '../lib/cliArgs.js';
import { GENERAL_CORPUS, GENERAL_SPEC } from './modelSpecs.js';
import { loadAndFeaturize, trainModel } from './train.js';
import { hasNegation } from './evaluate.js';
import { predict } from './linearModel.js';
import { argmax, pct, score } from './metrics.js';
import { EMOTIONS, POLARITIES } from '../src/sentiment/labels.js';
import type { FeaturizerParams } from '../src/sentiment/featurizer.js';
import { loadGeneralCorpus, seededUnit, SPLIT_SEED, type Row } from './corpus.js';
import { setWordClusters } from '../src/sentiment/featurizer.js';
import { buildWordClusters } from './wordClusters.js';

const FOLD_OF: Record<string, (r: Row) => boolean> = {
  goemotions: (r) => r.source === 'goemotions',
  umsab: (r) => r.source === 'umsab',
  afrisenti: (r) => r.source.startsWith('afrisenti'),
  nusax: (r) => r.source === 'nusax',
  'xed-en': (r) => r.source === 'xed-en',
  brighter: (r) => r.source === 'brighter',
};

/** Share of the left-out source's training rows scored (it is not trained on; its held-out rows stay untouched). */
const PROBE_SHARE = 0.5;

function main(): void {
  const { values } = cliArgs({
    name: 'tuneCrossSource',
    usage: 'node dist/training/tuneCrossSource.js [options]',
    about: "GENERAL's leave-one-source-out figures over a grid of settings (comma-separated values per option).",
    options: {
      folds: { type: 'string', default: 'goemotions,umsab' },
      // GENERAL with the issue-37 sets too (corpus.ts loadGeneralCorpus)
      'new-sets': { type: 'boolean', default: false },
      // the second group of VADER phrases (corpus.ts extendedVaderPhrases): the other negators and "X but Y"
      'extended-phrases': { type: 'boolean', default: false },
      l2: { type: 'string', default: String(GENERAL_SPEC.l2) },
      epochs: { type: 'string', default: String(GENERAL_SPEC.epochs) },
      lr: { type: 'string', default: String(GENERAL_SPEC.learningRate) },
      balance: { type: 'string', default: String(GENERAL_SPEC.classBalance) },
      hidden: { type: 'string', default: String(GENERAL_SPEC.hidden) },
      dropout: { type: 'string', default: String(GENERAL_SPEC.dropout) },
      wide: { type: 'boolean', default: false },
      seed: { type: 'string', default: String(GENERAL_SPEC.seed) },
      // featurizer settings over the model's, as JSON: '{"maxCharGram":5}'
      features: { type: 'string', default: '{}' },
      // featurizer.ts extraLexicons: off, on or off,on (each featurises the corpus once)
      'extra-lexicons': { type: 'string', default: GENERAL_SPEC.featurizer.extraLexicons === true ? 'on' : 'off' },
    },
  });
  const list = (v: string): number[] =>
    v.split(',').map((x) => {
      const n = Number(x);
      if (!Number.isFinite(n)) throw new Error(`not a number: ${x}`);
      return n;
    });
  const folds = values.folds.split(',');
  for (const f of folds) if (!FOLD_OF[f]) throw new Error(`--folds: unknown fold ${f}; use ${Object.keys(FOLD_OF).join(', ')}`);
  const grid = { l2: list(values.l2), epochs: list(values.epochs), lr: list(values.lr), balance: list(values.balance), hidden: list(values.hidden), dropout: list(values.dropout), seed: list(values.seed) };
  // featurizer.ts wordClusters (GloVe word classes): built once from the dev dependency for every value that asks for it
  if (values.features.includes('wordClusters')) setWordClusters(buildWordClusters());
  for (const lexicons of values['extra-lexicons'].split(',')) {
    if (lexicons !== 'off' && lexicons !== 'on') throw new Error(`--extra-lexicons: ${lexicons}? use off, on or off,on`);
    const base = { ...GENERAL_SPEC, ...(values['new-sets'] || values['extended-phrases'] ? { load: () => loadGeneralCorpus({ ...GENERAL_CORPUS, newSets: values['new-sets'], extendedPhrases: values['extended-phrases'] }) } : {}), featurizer: { ...GENERAL_SPEC.featurizer, extraLexicons: lexicons === 'on', ...(JSON.parse(values.features) as Partial<FeaturizerParams>) } };
    const data = loadAndFeaturize(base);
    for (const fold of folds) {
      const of = FOLD_OF[fold]!;
      const probe = data.rows.map((r, i) => (r.split === 'train' && of(r) && seededUnit(`tunecs:${i}`, SPLIT_SEED) < PROBE_SHARE ? i : -1)).filter((i) => i >= 0);
      for (const l2 of grid.l2) for (const epochs of grid.epochs) for (const lr of grid.lr) for (const classBalance of grid.balance) for (const hidden of grid.hidden) for (const dropout of grid.dropout) for (const seed of grid.seed) {
        const spec = { ...base, l2, epochs, learningRate: lr, classBalance, hidden, dropout, seed, wide: values.wide };
        const label = `extra-lexicons=${lexicons} ${values.features} l2=${l2} epochs=${epochs} lr=${lr} balance=${classBalance} hidden=${hidden}${values.wide ? ' wide' : ''} dropout=${dropout} seed=${seed}`;
        const started = Date.now();
        const t = trainModel(spec, { data, exclude: of, label: `tune without ${fold} ${label}` });
        const preds = predict(t.model, data.x, probe);
        const pol = probe.map((r, k) => [r, k] as const).filter(([r]) => data.rows[r]!.polarity !== undefined && data.rows[r]!.lang === 'en');
        const emo = probe.map((r, k) => [r, k] as const).filter(([r]) => data.rows[r]!.emotions?.length);
        const parts: string[] = [];
        if (pol.length) {
          const m = score(POLARITIES, pol.map(([r]) => [data.rows[r]!.polarity!]), pol.map(([, k]) => argmax(preds[k]![0]!)));
          parts.push(`en polarity (${pol.length} rows) macro-recall ${pct(m.macroRecall)} acc ${pct(m.accuracy)}`);
          const neg = pol.filter(([r]) => hasNegation(data.rows[r]!.text));
          const n = score(POLARITIES, neg.map(([r]) => [data.rows[r]!.polarity!]), neg.map(([, k]) => argmax(preds[k]![0]!)));
          parts.push(`en negation slice (${neg.length} rows) macro-recall ${pct(n.macroRecall)} acc ${pct(n.accuracy)}`);
        }
        const polAll = probe.map((r, k) => [r, k] as const).filter(([r]) => data.rows[r]!.polarity !== undefined);
        const langs = [...new Set(polAll.map(([r]) => data.rows[r]!.lang))].sort();
        if (langs.length > 1) {
          const f1s = langs.map((lang) => {
            const ks = polAll.filter(([r]) => data.rows[r]!.lang === lang);
            return score(POLARITIES, ks.map(([r]) => [data.rows[r]!.polarity!]), ks.map(([, k]) => argmax(preds[k]![0]!))).macroF1;
          });
          parts.push(`${langs.length} languages mean macro-F1 ${pct(f1s.reduce((a, b) => a + b, 0) / f1s.length)}, lowest ${pct(Math.min(...f1s))}`);
        }
        if (emo.length) {
          const m = score(EMOTIONS, emo.map(([r]) => data.rows[r]!.emotions!), emo.map(([, k]) => argmax(preds[k]![1]!)));
          parts.push(`emotions (${emo.length} rows) macro-F1 ${pct(m.macroF1)}`);
        }
        process.stdout.write(`without ${fold}, ${label}: ${parts.join('; ')} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
