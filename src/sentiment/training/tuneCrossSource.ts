/**
 * Tuning against the cross-source setting without touching a row the evaluation
 * reports: for a left-out source, train on every other source and score a seeded
 * sample of the left-out source's *training* rows (the evaluation reports its
 * held-out rows). Settings found here are written into modelSpecs.ts.
 *
 *   npm run build && node dist/src/sentiment/training/tuneCrossSource.js --folds=goemotions,umsab --l2=1e-3,1e-4 [--epochs=3] [--lr=0.2]
 */
import { GENERAL_SPEC } from './modelSpecs.js';
import { loadAndFeaturize, trainModel } from './train.js';
import { predict } from './linearModel.js';
import { argmax, pct, score } from './metrics.js';
import { EMOTIONS, POLARITIES } from '../labels.js';
import { seededUnit, SPLIT_SEED, type Row } from './corpus.js';

const FOLD_OF: Record<string, (r: Row) => boolean> = {
  goemotions: (r) => r.source === 'goemotions',
  umsab: (r) => r.source === 'umsab',
  afrisenti: (r) => r.source.startsWith('afrisenti'),
  nusax: (r) => r.source === 'nusax',
  'xed-en': (r) => r.source === 'xed-en',
};

function main(): void {
  const arg = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
  const folds = arg('folds', 'goemotions,umsab').split(',');
  const grid = { l2: arg('l2', String(GENERAL_SPEC.l2)).split(',').map(Number), epochs: arg('epochs', String(GENERAL_SPEC.epochs)).split(',').map(Number), lr: arg('lr', String(GENERAL_SPEC.learningRate)).split(',').map(Number), balance: arg('balance', String(GENERAL_SPEC.classBalance)).split(',').map(Number) };
  const data = loadAndFeaturize(GENERAL_SPEC);
  for (const fold of folds) {
    const of = FOLD_OF[fold]!;
    const probe = data.rows.map((r, i) => (r.split === 'train' && of(r) && seededUnit(`tunecs:${i}`, SPLIT_SEED) < 3000 / 40000 ? i : -1)).filter((i) => i >= 0);
    for (const l2 of grid.l2) for (const epochs of grid.epochs) for (const lr of grid.lr) for (const classBalance of grid.balance) {
      const spec = { ...GENERAL_SPEC, l2, epochs, learningRate: lr, classBalance };
      const t = trainModel(spec, { data, exclude: of, label: `tune without ${fold} l2=${l2} epochs=${epochs} lr=${lr} balance=${classBalance}` });
      const preds = predict(t.model, data.x, probe);
      const pol = probe.map((r, k) => [r, k] as const).filter(([r]) => data.rows[r]!.polarity !== undefined && data.rows[r]!.lang === 'en');
      const emo = probe.map((r, k) => [r, k] as const).filter(([r]) => data.rows[r]!.emotions?.length);
      const parts: string[] = [];
      if (pol.length) {
        const m = score(POLARITIES, pol.map(([r]) => [data.rows[r]!.polarity!]), pol.map(([, k]) => argmax(preds[k]![0]!)));
        parts.push(`en polarity (${pol.length} rows) macro-recall ${pct(m.macroRecall)} acc ${pct(m.accuracy)}`);
      }
      if (emo.length) {
        const m = score(EMOTIONS, emo.map(([r]) => data.rows[r]!.emotions!), emo.map(([, k]) => argmax(preds[k]![1]!)));
        parts.push(`emotions (${emo.length} rows) macro-F1 ${pct(m.macroF1)}`);
      }
      process.stdout.write(`without ${fold}, l2=${l2} epochs=${epochs} lr=${lr} balance=${classBalance}: ${parts.join('; ')}\n`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
