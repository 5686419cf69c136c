/**
 * `npm run train`: trains both models from data/sentiment/ and writes models/<name>.onnx
 * and models/<name>.json. Deterministic (seeded splits and shuffles, single thread), so
 * a rerun on the same Node version reproduces the committed weights; the tolerance a
 * test allows is documented in models/README.md. After export it runs the ONNX file in
 * onnxruntime-node on 500 held-out rows and refuses to finish if any probability
 * differs from the trainer's by more than 1e-5.
 *
 * Each sentiment model is trained twice with the same settings and seed: the evaluation
 * fit leaves the held-out rows out (its held-out figures go in the sidecar; `npm run eval`
 * retrains it for the model cards), and the shipped fit, written to models/, also trains
 * on them (every labelled row but the tuning slice, which calibrates). `--evaluation-fit`
 * writes the first instead, for comparing candidates with `npm run eval -- --models=dir`.
 *
 * Usage: npm run train [-- --only=language|general|financial-news|english] [--out=dir] [--evaluation-fit] [--new-sets] [--graded-cuts] [--extended-phrases] [--xed-projections] [--epochs=N --lr=X --l2=X --balance=X --language-balance --hidden=H --chars=3-4 --negated-lexicon=on|off --extra-lexicons=on|off --contrast=on|off --count-cap=N|none --seed=N]
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { cliArgs } from '../lib/cliArgs.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { MODELS_DIR } from '../src/sentiment/sentimentAnalyzer.js';
import { encodeExtraLexicons, EXTRA_LEXICONS_FILE, Featurizer } from '../src/sentiment/featurizer.js';
import { encodeBatch } from '../src/sentiment/onnxBatch.js';
import { cleanText } from '../src/sentiment/textInput.js';
import type { ModelSidecar, TrainedLanguage } from '../src/sentiment/modelCard.js';
import { levelOf, POLARITIES, SENTIMENT_LEVELS, type Calibration } from '../src/sentiment/labels.js';
import { readFileSync, existsSync } from 'node:fs';
import { loadFiveLevelRows, loadGeneralCorpus, writtenRowsOf, type Row } from './corpus.js';
import { createHiddenModel, featurizeAll, predict, quantiseColumns, train, type LinearModel, type FeatureMatrix, type Targets } from './linearModel.js';
import { exportOnnx, onnxFiles } from './onnxExport.js';
import { argmax, pct, score, type Metrics } from './metrics.js';
import { GENERAL_CORPUS, SPECS, isTuningRow, type ModelSpec } from './modelSpecs.js';
import { progress } from './progress.js';
import { trainLanguageHead, writeLanguageHead } from './trainLanguage.js';

/**
 * Models without graded data (FINANCIAL_NEWS): the share of the polar predictions that are VERY_*,
 * as in five-level sentiment data (about a third of the negative and two fifths of the positive
 * sentences, SST-5's proportions), set on the tuning slice (labels.ts, Calibration).
 */
export const VERY_SHARE = { negative: 1 / 3, positive: 2 / 5 };
/** Share of tuning-slice rows flagged lowConfidence for the model's own uncertainty. */
export const LOW_CONFIDENCE_SHARE = 0.08;

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return 0.75;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * s.length)))]!;
}

const r4 = (x: number): number => Number(x.toFixed(4));

/**
 * The cut that makes `want` of these polar-winner margins reach it (the want-th largest): so many
 * rows are predicted VERY_* as the graded gold holds. With fewer polar winners than `want`, the
 * smallest margin (every polar winner is VERY_*).
 */
function cutForCount(margins: number[], want: number): number {
  if (margins.length === 0) return 0.75;
  const s = [...margins].sort((a, b) => b - a);
  return s[Math.max(0, Math.min(s.length, Math.round(want)) - 1)]!;
}

/** Five-level rows with their predicted three-way distributions (the main head's). */
export interface LevelRow {
  level: number;
  p: ArrayLike<number>;
}

/**
 * The VERY_* cuts from graded gold (GENERAL: EmoBank's valence and BRIGHTER's intensities, corpus.ts
 * Row.level): each side's cut is set so that as many rows are predicted VERY_NEGATIVE (VERY_POSITIVE)
 * as the gold calls so, on rows the model has not trained on.
 */
export function cutsFromLevels(rows: LevelRow[]): { veryNegativeCut: number; veryPositiveCut: number } {
  const neg: number[] = [];
  const pos: number[] = [];
  let goldVN = 0;
  let goldVP = 0;
  for (const { level, p } of rows) {
    if (level === 0) goldVN++;
    if (level === 4) goldVP++;
    const w = argmax(p);
    if (w === 0) neg.push(p[0]! - p[2]!);
    if (w === 2) pos.push(p[2]! - p[0]!);
  }
  return { veryNegativeCut: r4(cutForCount(neg, goldVN)), veryPositiveCut: r4(cutForCount(pos, goldVP)) };
}

/** Five-level accuracy and the predicted / gold shares of each level (VERY_NEGATIVE first) under these cuts. */
export function fiveLevelFigures(rows: LevelRow[], cal: Calibration): { accuracy: number; predicted: number[]; gold: number[]; rows: number } {
  const predicted = [0, 0, 0, 0, 0];
  const gold = [0, 0, 0, 0, 0];
  let right = 0;
  for (const { level, p } of rows) {
    const k = SENTIMENT_LEVELS.indexOf(levelOf(p, cal).sentiment);
    predicted[k]!++;
    gold[level]!++;
    if (k === level) right++;
  }
  const n = Math.max(1, rows.length);
  return { accuracy: right / n, predicted: predicted.map((c) => c / n), gold: gold.map((c) => c / n), rows: rows.length };
}

/** The graded rows a model's VERY_* cuts are set on (calibration) and measured on (measure), with predictions. */
export function levelRows(t: TrainedModel): { calibration: LevelRow[]; measure: LevelRow[]; inSource: LevelRow[] } {
  const h = t.spec.heads.findIndex((x) => x.name === t.spec.mainHead);
  const calibration: LevelRow[] = [];
  const measure: LevelRow[] = [];
  // Rows of the training sources with a graded gold (BRIGHTER track B): the tuning slice calibrates (never trained on
  // by this fit), the held-out rows measure.
  const trained = new Set(t.trainRows);
  const tune = t.tuneRows.filter((r) => t.rows[r]!.level !== undefined && !trained.has(r));
  const held = t.heldoutRows.filter((r) => t.rows[r]!.level !== undefined && !trained.has(r));
  const inSource: LevelRow[] = [];
  const inSourceHeld: LevelRow[] = [];
  predict(t.model, t.x, tune).forEach((p, k) => inSource.push({ level: t.rows[tune[k]!]!.level!, p: p[h]! }));
  predict(t.model, t.x, held).forEach((p, k) => inSourceHeld.push({ level: t.rows[held[k]!]!.level!, p: p[h]! }));
  // Rows only graded, never trained on (EmoBank; with trainEnglish's --emobank, the half it does not train on): its train split calibrates, its dev split measures.
  const graded = t.spec.fiveLevel?.();
  if (graded?.length) {
    const x = featurizeAll(graded.map((r) => r.text), t.spec.featurizer);
    predict(t.model, x, graded.map((_, i) => i)).forEach((p, i) => (graded[i]!.split === 'train' ? calibration : measure).push({ level: graded[i]!.level!, p: p[h]! }));
  }
  // The cuts come from the out-of-source graded rows alone when there are any: a training source's graded rows
  // (BRIGHTER) are read far more surely than unseen text (25.3 % predicted VERY_NEGATIVE against 6.5 % gold), and
  // pooled with EmoBank they put the cut where neither source's share is met (models/general.md, "Five levels").
  if (calibration.length === 0) return { calibration: inSource, measure: inSourceHeld, inSource: [] };
  return { calibration, measure, inSource: [...inSource, ...inSourceHeld] };
}

const shares = (xs: number[]): string => xs.map((x, k) => `${SENTIMENT_LEVELS[k]} ${pct(x)}`).join(', ');

/** The five-level and low-confidence cuts from the main head's predictions on rows the model has not trained on. */
export function calibrate(t: TrainedModel): Calibration {
  const h = t.spec.heads.findIndex((x) => x.name === t.spec.mainHead);
  const rows = t.tuneRows.filter((r) => t.spec.gold(t.rows[r]!)[h]);
  const preds = predict(t.model, t.x, rows).map((p) => p[h]!);
  const neg: number[] = [];
  const pos: number[] = [];
  const conf: number[] = [];
  for (const p of preds) {
    const w = argmax(p);
    conf.push(p[w]!);
    if (w === 0) neg.push(p[0]! - p[2]!);
    if (w === 2) pos.push(p[2]! - p[0]!);
  }
  const lowConfidenceBelow = r4(quantile(conf, LOW_CONFIDENCE_SHARE));
  const graded = t.spec.fiveLevel ? levelRows(t) : { calibration: [], measure: [], inSource: [] };
  if (graded.calibration.length === 0) {
    return { veryNegativeCut: r4(quantile(neg, 1 - VERY_SHARE.negative)), veryPositiveCut: r4(quantile(pos, 1 - VERY_SHARE.positive)), lowConfidenceBelow };
  }
  const cal: Calibration = { ...cutsFromLevels(graded.calibration), lowConfidenceBelow };
  const on = fiveLevelFigures(graded.calibration, cal);
  const m = fiveLevelFigures(graded.measure, cal);
  const ins = fiveLevelFigures(graded.inSource, cal);
  process.stderr.write(
    `five levels: cuts set on ${on.rows} graded rows (predicted ${shares(on.predicted)}; gold ${shares(on.gold)}); ` +
      `on ${m.rows} held-out graded rows accuracy ${pct(m.accuracy)}, predicted ${shares(m.predicted)}; gold ${shares(m.gold)}` +
      (ins.rows ? `; on ${ins.rows} graded rows of a training source not trained on by this fit (BRIGHTER tuning slice, in-source) accuracy ${pct(ins.accuracy)}, predicted ${shares(ins.predicted)}; gold ${shares(ins.gold)}` : '') +
      '\n',
  );
  return cal;
}

export interface TrainedModel {
  spec: ModelSpec;
  model: LinearModel;
  rows: Row[];
  x: FeatureMatrix;
  trainRows: number[];
  tuneRows: number[];
  heldoutRows: number[];
}

/** Per-row class weights (per head (N / (K · N_c))^balance, mean over the row's heads); the English expert's trainer uses them too. */
export function classWeights(spec: ModelSpec, rows: Row[], trainRows: number[]): Float32Array {
  // Per head, weight each class by (N / (K · N_c))^balance: 0 keeps raw counts, 1 balances fully.
  const perHead = spec.heads.map((head, h) => {
    const counts = new Array<number>(head.labels.length).fill(0);
    let n = 0;
    for (const r of trainRows) {
      const g = spec.gold(rows[r]!)[h];
      if (!g) continue;
      for (const c of g) counts[c]!++;
      n++;
    }
    return counts.map((k) => (k > 0 ? (n / (head.labels.length * k)) ** spec.classBalance : 0));
  });
  // languageBalance: the polarity head's classes balanced within each language (its rows keep their total weight),
  // so a language whose rows lean one way (BRIGHTER's German posts: 1,362 negative against 445 positive) does not
  // teach the model that the language itself is that class
  const perLanguage = new Map<string, number[]>();
  if (spec.languageBalance) {
    const counts = new Map<string, number[]>();
    for (const r of trainRows) {
      const g = spec.gold(rows[r]!)[0];
      if (!g) continue;
      const c = counts.get(rows[r]!.lang) ?? new Array<number>(spec.heads[0]!.labels.length).fill(0);
      for (const k of g) c[k]!++;
      counts.set(rows[r]!.lang, c);
    }
    for (const [lang, c] of counts) {
      const n = c.reduce((a, b) => a + b, 0), present = c.filter((k) => k > 0).length;
      perLanguage.set(lang, c.map((k) => (k > 0 ? (n / (present * k)) ** spec.classBalance : 0)));
    }
  }
  const w = new Float32Array(rows.length);
  rows.forEach((row, r) => {
    const golds = spec.gold(row);
    const ws = golds.flatMap((g, h) => (g ? [g.reduce((a, c) => a + (h === 0 ? perLanguage.get(row.lang) ?? perHead[h]! : perHead[h]!)[c]!, 0) / g.length] : []));
    w[r] = ws.length ? ((row.weight ?? 1) * ws.reduce((a, b) => a + b, 0)) / ws.length : 0;
  });
  return w;
}

/** A head's figures as the progress lines print them. */
const figures = (m: Metrics): string => `acc ${pct(m.accuracy)} macro-F1 ${pct(m.macroF1)} macro-recall ${pct(m.macroRecall)}`;

export function headMetrics(spec: ModelSpec, t: { model: LinearModel; rows: Row[]; x: FeatureMatrix }, which: number[], h: number) {
  const labelled = which.filter((r) => spec.gold(t.rows[r]!)[h]);
  const preds = predict(t.model, t.x, labelled);
  return score(
    spec.heads[h]!.labels,
    labelled.map((r) => spec.gold(t.rows[r]!)[h]!),
    preds.map((p) => argmax(p[h]!)),
  );
}

/** The lexicon-prior buckets (never hidden by input dropout). */
function lexiconBuckets(spec: ModelSpec): Set<number> {
  return new Set(new Featurizer(spec.featurizer).priorIds());
}

export interface TrainModelOptions {
  /** Rows and their features already loaded (cross-source evaluation trains several models on one featurisation). */
  data?: { rows: Row[]; x: FeatureMatrix };
  /** Leave these rows out of training (cross-source: a whole source). */
  exclude?: (row: Row) => boolean;
  label?: string;
  /**
   * The shipped fit: the held-out rows train too (every labelled row but the tuning
   * slice, which stays out for calibration). Without it, the evaluation fit: the
   * held-out rows are only scored. Both use the same settings and seed; the held-out
   * figures in the sidecar and the model cards are the evaluation fit's (`npm run eval`
   * retrains it), since the shipped fit has seen those rows.
   */
  includeHeldout?: boolean;
}

export function loadAndFeaturize(spec: ModelSpec): { rows: Row[]; x: FeatureMatrix } {
  const rows = spec.load();
  const bar = progress(`featurise ${spec.name}`);
  const x = featurizeAll(rows.map((r) => r.text), spec.featurizer, (done) => bar.update(`${done}/${rows.length} texts`));
  bar.done(`${rows.length} texts featurised (${x.ids.length} features)`);
  return { rows, x };
}

/** The linear model's GloVe branch (spec.vectors), zero-initialised, its width that of the rows' dense inputs. */
function linearDense(spec: ModelSpec, x: FeatureMatrix, rows: number, columns: number): Pick<LinearModel, 'dense'> {
  if (!spec.vectors) return {};
  if (!x.dense || rows === 0 || x.dense.length % rows !== 0) throw new Error(`${spec.name}: vectors ${spec.vectors} needs the rows' dense inputs (englishVectors.ts denseInputs) in the feature matrix`);
  const dims = x.dense.length / rows;
  return { dense: { dims, weights: new Float32Array(dims * columns) } };
}

export function trainModel(spec: ModelSpec, opts: TrainModelOptions = {}): TrainedModel {
  const { rows, x } = opts.data ?? loadAndFeaturize(spec);
  const trainRows: number[] = [];
  const tuneRows: number[] = [];
  const heldoutRows: number[] = [];
  rows.forEach((row, i) => {
    if (row.split === 'heldout') {
      heldoutRows.push(i);
      if (opts.includeHeldout && !opts.exclude?.(row)) trainRows.push(i);
    } else if (opts.exclude?.(row)) return;
    else if (isTuningRow(row, i)) {
      tuneRows.push(i);
      if (spec.tuningSliceTrains) trainRows.push(i); // its calibration then comes from a fit without it (main)
    } else trainRows.push(i);
  });
  const bar = progress(opts.label ?? `train ${spec.name}`);
  bar.done(`train ${trainRows.length}, tune ${tuneRows.length}, held out ${heldoutRows.length}${opts.includeHeldout ? ' (and trained on)' : ''}`);
  const targets: Targets[] = rows.map((r) => spec.targets(r));
  const columns = spec.heads.reduce((a, h) => a + h.labels.length, 0);
  const buckets = 2 ** spec.featurizer.bucketBits;
  const runs = spec.average ?? 1;
  if (runs > 1 && spec.hidden > 0) throw new Error(`${spec.name}: averaging runs (average ${runs}) is exact for the linear model only`);
  if (spec.vectors && spec.hidden > 0) throw new Error(`${spec.name}: the hidden model's GloVe branch is trained by trainEnglish.ts trainWithVectors`);
  const fit = (seed: number, run: number): LinearModel => {
    const model: LinearModel =
      spec.hidden > 0
        ? createHiddenModel(spec.featurizer, spec.heads, spec.hidden, seed, spec.wide ?? false)
        : { featurizer: spec.featurizer, heads: spec.heads, columns, weights: new Float32Array(buckets * columns), bias: new Float32Array(columns), ...linearDense(spec, x, rows.length, columns) };
    const t = { model, rows, x };
    const of = runs > 1 ? ` (run ${run + 1}/${runs}, seed ${seed})` : '';
    train(model, x, targets, trainRows, {
      epochs: spec.epochs,
      learningRate: spec.learningRate,
      l2: spec.l2,
      seed,
      dropout: spec.dropout,
      ...(spec.dropoutKeepsLexicon ? { keep: lexiconBuckets(spec) } : {}),
      rowWeight: classWeights(spec, rows, trainRows),
      ...(spec.averageFromEpoch !== undefined ? { averageFromEpoch: spec.averageFromEpoch } : {}),
      onProgress: (epoch, done, total) => bar.update(`epoch ${epoch}/${spec.epochs}${of}: ${Math.round((100 * done) / total)}%`),
      onEpoch: (epoch, loss) => {
        const tune = spec.heads
          .map((head, h) => {
            return `${head.name} ${figures(headMetrics(spec, t, tuneRows, h))}`;
          })
          .join('; ');
        bar.done(`epoch ${epoch}/${spec.epochs}${of}: loss ${loss.toFixed(4)}; tuning slice ${tune}`);
      },
    });
    return model;
  };
  const model = fit(spec.seed, 0);
  if (runs > 1) {
    // The mean of linear models' weights scores the mean of their logits: an ensemble at one model's cost.
    const sumW = Float64Array.from(model.weights);
    const sumB = Float64Array.from(model.bias);
    const sumD = model.dense ? Float64Array.from(model.dense.weights) : null;
    for (let k = 1; k < runs; k++) {
      const m = fit(spec.seed + k, k);
      for (let i = 0; i < sumW.length; i++) sumW[i] = sumW[i]! + m.weights[i]!;
      for (let c = 0; c < sumB.length; c++) sumB[c] = sumB[c]! + m.bias[c]!;
      if (sumD) for (let i = 0; i < sumD.length; i++) sumD[i] = sumD[i]! + m.dense!.weights[i]!;
    }
    for (let i = 0; i < sumW.length; i++) model.weights[i] = sumW[i]! / runs;
    for (let c = 0; c < sumB.length; c++) model.bias[c] = sumB[c]! / runs;
    if (model.dense) for (let i = 0; i < sumD!.length; i++) model.dense.weights[i] = sumD![i]! / runs;
    bar.done(`mean of ${runs} runs: tuning slice ${figures(headMetrics(spec, { model, rows, x }, tuneRows, 0))}`);
  }
  if (spec.int8Embeddings) {
    // Scored from here on (calibration, figures, the ONNX check) as stored: int8, a scale per hidden unit.
    quantiseColumns(model);
    bar.done(`embeddings stored as int8: tuning slice ${figures(headMetrics(spec, { model, rows, x }, tuneRows, 0))}`);
  }
  if (spec.polarShift) {
    if (spec.hidden > 0 || model.columns !== 3) throw new Error(`${spec.name}: polarShift needs the linear three-way model`);
    model.bias[0] = model.bias[0]! + spec.polarShift;
    model.bias[2] = model.bias[2]! + spec.polarShift;
    bar.done(`polar classes' bias +${spec.polarShift}: tuning slice ${figures(headMetrics(spec, { model, rows, x }, tuneRows, 0))}`);
  }
  return { spec, model, rows, x, trainRows, tuneRows, heldoutRows };
}

/**
 * The cuts of calibrate(): for a model that trains on its tuning slice (spec.tuningSliceTrains), from the same
 * fit (settings, seed, held-out rows in or out) without the slice, so they are still set on unseen rows.
 */
function calibrationOf(t: TrainedModel): Calibration {
  if (!t.spec.tuningSliceTrains) return calibrate(t);
  const trained = new Set(t.trainRows);
  const includeHeldout = t.heldoutRows.some((r) => trained.has(r));
  return calibrate(trainModel({ ...t.spec, tuningSliceTrains: false }, { data: { rows: t.rows, x: t.x }, includeHeldout, label: `train ${t.spec.name} (calibration fit, tuning slice left out)` }));
}

/** The language head's labels (models/language.json), to say which training languages it can name. */
function languageLabels(outDir: string): Set<string> {
  const path = join(outDir, 'language.json');
  return existsSync(path) ? new Set((JSON.parse(readFileSync(path, 'utf8')) as { labels: string[] }).labels) : new Set();
}

/** Per training language: rows trained on (by `t`; those with a main-head label too) and the held-out figures of `e`, the evaluation fit. */
function trainedLanguages(t: TrainedModel, lid: Set<string>, e: TrainedModel): TrainedLanguage[] {
  const langs = [...new Set(t.trainRows.map((r) => t.rows[r]!.lang))].sort();
  const main = t.spec.heads.findIndex((x) => x.name === t.spec.mainHead);
  return langs.map((code) => {
    const own = t.trainRows.map((r) => t.rows[r]!).filter((r) => r.lang === code);
    const heldout: TrainedLanguage['heldout'] = {};
    e.spec.heads.forEach((head, h) => {
      const rows = e.heldoutRows.filter((r) => e.rows[r]!.lang === code && e.spec.gold(e.rows[r]!)[h]);
      if (rows.length) heldout[head.name] = { rows: rows.length, macroF1: Number(headMetrics(e.spec, e, rows, h).macroF1.toFixed(4)) };
    });
    const gap = t.spec.mainHead === 'polarity' ? polarityGap(own) : undefined;
    return {
      code,
      detectorCode: lid.has(code) ? code : null,
      trainingRows: own.length,
      mainHeadRows: own.filter((r) => t.spec.gold(r)[main]).length,
      heldout,
      ...(gap ? { polarityGap: gap } : {}), ...writtenRowsOf(own),
    };
  });
}

/** The sources whose polarity is derived from emotion labels (corpus.ts: joy positive; anger, disgust, fear, sadness negative; none neutral). */
const EMOTION_DERIVED: ReadonlySet<string> = new Set(['brighter', 'indonlu-emot', 'goemotions']);

/**
 * Why a language's polarity training rows are thin (sidecar `polarityGap`), or undefined: `emotions` when all of them
 * are derived from emotion labels, `no <CLASS>` when a class has none. Languages without polarity rows (Finnish:
 * emotions only) have no polarity verdict of their own to be thin, and get none.
 */
export function polarityGap(rows: Row[]): string | undefined {
  const polar = rows.filter((r) => r.polarity !== undefined);
  if (polar.length === 0) return undefined;
  const missing = POLARITIES.filter((_, k) => !polar.some((r) => r.polarity === k));
  if (missing.length) return `no ${missing.join(', ')}`;
  if (polar.every((r) => EMOTION_DERIVED.has(r.source))) return 'emotions';
  return undefined;
}

/** Runs the exported file in onnxruntime-node and compares it with the trainer on sample rows. */
export async function checkOnnxAgainstTrainer(t: TrainedModel, onnx: Uint8Array, sample: number[]): Promise<number> {
  const session = await ort.InferenceSession.create(onnx, { intraOpNumThreads: 1 });
  const f = new Featurizer(t.spec.featurizer);
  const bags = sample.map((r) => {
    try {
      const b = f.featurize(cleanText(t.rows[r]!.text));
      return b.ids.slice(0, b.count);
    } catch {
      return new Int32Array(0);
    }
  });
  const out = await session.run(encodeBatch(bags, t.spec.featurizer).feeds);
  await session.release();
  return maxHeadDifference(t, out, sample);
}

/** The largest difference between the graph's head probabilities (`out`) and the trainer's for the rows `sample`. */
export function maxHeadDifference(t: TrainedModel, out: Record<string, { data: unknown }>, sample: number[]): number {
  const expected = predict(t.model, t.x, sample);
  let maxDiff = 0;
  t.spec.heads.forEach((head, h) => {
    const got = out[head.name]!.data as Float32Array;
    const K = head.labels.length;
    expected.forEach((p, i) => {
      for (let c = 0; c < K; c++) maxDiff = Math.max(maxDiff, Math.abs(got[i * K + c]! - p[h]![c]!));
    });
  });
  return maxDiff;
}

export const ONNX_TOLERANCE = 1e-5;

/**
 * Writes `t` (.onnx, sidecar, and the merged lexicons it reads) to `outDir`. The
 * sidecar's per-language held-out figures are `evaluation`'s: the fit without the
 * held-out rows (`t` itself when it is that fit).
 */
export async function writeModel(t: TrainedModel, outDir: string, evaluation: TrainedModel = t): Promise<ModelSidecar> {
  const shippedRows = new Set(t.trainRows);
  const trained = new Set(evaluation.trainRows);
  if (evaluation.heldoutRows.some((r) => trained.has(r))) throw new Error(`${t.spec.name}: the evaluation fit trained on held-out rows, so its held-out figures would not be held out`);
  const onnxFile = `${t.spec.name}.onnx`;
  const onnx = exportOnnx(t.model, { name: t.spec.name, domain: t.spec.domain }, undefined, { uniformValues: t.spec.featurizer.countCap === undefined });
  const sample = t.heldoutRows.filter((_, i) => i % Math.max(1, Math.floor(t.heldoutRows.length / 500)) === 0).slice(0, 500);
  const diff = await checkOnnxAgainstTrainer(t, onnx, sample);
  if (!(diff <= ONNX_TOLERANCE)) throw new Error(`ONNX output differs from the trainer by ${diff} (> ${ONNX_TOLERANCE}) on ${sample.length} rows: the export is wrong, not writing ${onnxFile}`);
  const lexicons = t.spec.featurizer.extraLexicons ? encodeExtraLexicons() : null;
  const files = onnxFiles(onnxFile, onnx);
  const sidecar: ModelSidecar = {
    name: t.spec.name,
    domain: t.spec.domain,
    ...files.fields,
    featurizer: { ...t.spec.featurizer, ...t.spec.servingFeaturizer },
    heads: t.spec.heads.map((h) => ({ name: h.name, labels: [...h.labels], offset: h.offset })),
    columns: t.model.columns,
    mainHead: t.spec.mainHead,
    trainedLanguages: trainedLanguages(t, languageLabels(outDir), evaluation),
    calibration: calibrationOf(t),
    ...(lexicons ? { extraLexiconsSha256: createHash('sha256').update(lexicons).digest('hex') } : {}),
    fit: t.heldoutRows.some((r) => shippedRows.has(r)) ? 'shipped' : 'evaluation',
  };
  mkdirSync(outDir, { recursive: true });
  if (lexicons) {
    // the merged lexicons this model was featurised with, read by the service instead of building them again
    // (featurizer.ts); written whole or not at all (a new file renamed over the old), and named by sha256 in the sidecar
    const tmp = join(outDir, `${EXTRA_LEXICONS_FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, lexicons);
    renameSync(tmp, join(outDir, EXTRA_LEXICONS_FILE));
  }
  files.write(outDir);
  writeFileSync(join(outDir, `${t.spec.name}.json`), JSON.stringify(sidecar, null, 2) + '\n');
  process.stderr.write(`wrote ${join(outDir, onnxFile)} and ${files.fields.onnxDataFile} (${(files.bytes / 1e6).toFixed(1)} MB); ONNX vs trainer max |Δp| = ${diff.toExponential(2)} on ${sample.length} held-out rows; calibration ${JSON.stringify(sidecar.calibration)}\n`);
  return sidecar;
}


/**
 * `--only=english`: the English expert, trained by its own program (trainEnglish.ts imports this file's training steps,
 * so importing it here would be a cycle).
 */
function trainEnglishProgram(values: { out?: string; 'evaluation-fit'?: boolean; hidden?: string; seed?: string; vectors?: string }): void {
  const args = ['--train', ...(values.out ? [`--out=${values.out}`] : []), ...(values['evaluation-fit'] ? ['--evaluation-fit'] : []),
    ...(values.hidden ? [`--hidden=${values.hidden}`] : []), ...(values.seed ? [`--seed=${values.seed}`] : []), ...(values.vectors ? [`--vectors=${values.vectors}`] : [])];
  const run = spawnSync(process.execPath, [fileURLToPath(new URL('./trainEnglish.js', import.meta.url)), ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`training the English expert failed (exit ${run.status ?? run.signal})`);
}
async function main(): Promise<void> {
  const { values } = cliArgs({
    name: 'npm run train',
    usage: 'npm run train [-- --only=language|general|financial-news|english] [--out=dir] [--evaluation-fit] [--epochs=N --lr=X --l2=X --balance=X'
      + ' --hidden=H --dropout=X --wide --chars=3-4 --negated-lexicon=on|off --extra-lexicons=on|off --contrast=on|off --count-cap=N|none --seed=N]',
    about: 'Trains the language head and both sentiment models from data/sentiment/ and writes models/ (--out: elsewhere);\n'
      + "--evaluation-fit writes the fit without the held-out rows; the other options override modelSpecs.ts's settings.",
    options: {
      only: { type: 'string' },
      out: { type: 'string' },
      epochs: { type: 'string' },
      lr: { type: 'string' },
      l2: { type: 'string' },
      balance: { type: 'string' },
      'language-balance': { type: 'boolean' },
      hidden: { type: 'string' },
      dropout: { type: 'string' },
      wide: { type: 'boolean' },
      chars: { type: 'string' },
      // on or off over modelSpecs.ts's featuriser settings negatedLexicon, extraLexicons, contrastPriors (contrast: GENERAL and the expert read one bag: train both the same way)
      'negated-lexicon': { type: 'string' }, 'extra-lexicons': { type: 'string' }, contrast: { type: 'string' },
      /** The most times a feature counts in one text (featurizer.ts `countCap`; 1 counts each once), or `none`: every occurrence, the older models' way. */
      'count-cap': { type: 'string' },
      /** The sentiment models' initialisation and shuffle seed (modelSpecs.ts has the committed one): to see how far a figure moves by seed alone. */
      seed: { type: 'string' },
      /** Write the evaluation fit (held-out rows left out) instead of the shipped fit: for candidates `npm run eval -- --models=dir` compares. */
      'evaluation-fit': { type: 'boolean', default: false },
      /** GENERAL with the issue-37 sets too (corpus.ts loadGeneralCorpus): a candidate, see models/general.md "Issue 37". */
      'new-sets': { type: 'boolean', default: false },
      /** GENERAL's VERY_* cuts from graded gold (EmoBank valence, BRIGHTER intensities with --new-sets) instead of SST-5's shares. */
      'graded-cuts': { type: 'boolean', default: false },
      /** --only=english: the GloVe branch's negation treatment (none, plain, flip, split; training/trainEnglish.ts EXPERT_VECTORS). */
      vectors: { type: 'string' },
      /** GENERAL with the second group of VADER phrases (corpus.ts extendedVaderPhrases: the other negators and "X but Y"). */
      'extended-phrases': { type: 'boolean', default: false },
      /** GENERAL's emotion head with XED's subtitle lines in 31 languages too (corpus.ts xedProjections; measured, not kept: models/general.md). */
      'xed-projections': { type: 'boolean', default: false },
    },
  });
  const only = values.only;
  if (values['evaluation-fit'] && values.out === undefined) {
    throw new Error('--evaluation-fit needs --out=dir: models/ holds the shipped fits (the evaluation fit has not trained on the held-out rows; npm run eval retrains it by itself)');
  }
  const outDir = values.out ?? MODELS_DIR;
  // Tuning overrides (settings are chosen on the tuning slice, then written into modelSpecs.ts).
  const num = (v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`not a number: ${v}`);
    return n;
  };
  const countCap = (v: string): number | undefined => {
    const n = v === 'none' ? undefined : num(v)!;
    if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw new Error(`--count-cap must be a whole number from 1 (or none), got ${v}: with 0 or less every feature would weigh nothing or less`);
    return n;
  };
  // The English expert (training/trainEnglish.ts, issue 37): its own spec, files general-en.*; only --out, --evaluation-fit, --hidden, --seed, --vectors apply.
  if (only === 'english') return trainEnglishProgram(values);
  const chars = values.chars?.split('-').map(Number);
  const specs = SPECS.filter((s) => !only || s.name === only).map((s) => ({
    ...s,
    epochs: num(values.epochs) ?? s.epochs,
    learningRate: num(values.lr) ?? s.learningRate,
    l2: num(values.l2) ?? s.l2,
    classBalance: num(values.balance) ?? s.classBalance,
    languageBalance: values['language-balance'] ?? s.languageBalance ?? false,
    hidden: num(values.hidden) ?? s.hidden,
    dropout: num(values.dropout) ?? s.dropout,
    wide: values.wide ?? s.wide ?? false,
    seed: num(values.seed) ?? s.seed,
    ...(s.name === 'general' && (values['new-sets'] || values['extended-phrases'] || values['xed-projections']) ? { load: () => loadGeneralCorpus({ ...GENERAL_CORPUS,
      newSets: values['new-sets'] ?? false, extendedPhrases: values['extended-phrases'] ?? false, xedProjections: values['xed-projections'] ?? false }) } : {}),
    ...(values['graded-cuts'] && s.name === 'general' ? { fiveLevel: loadFiveLevelRows } : {}),
    featurizer: {
      ...s.featurizer,
      ...(chars ? { minCharGram: chars[0]!, maxCharGram: chars[1]! } : {}),
      // (contrast off is the spec's absence of the setting: a sidecar with `false` would not match the expert's, which lacks it)
      ...Object.fromEntries(([['negatedLexicon', 'negated-lexicon'], ['extraLexicons', 'extra-lexicons'], ['contrastPriors', 'contrast']] as const).flatMap(([k, o]) => (values[o] === undefined || (k === 'contrastPriors' && values[o] !== 'on') ? [] : [[k, values[o] === 'on']]))),
      ...(values['count-cap'] !== undefined ? { countCap: countCap(values['count-cap']) } : {}),
    },
  }));
  if (specs.length === 0 && only !== 'language') throw new Error(`--only=${only}: no such model; use language, ${SPECS.map((s) => s.name).join(' or ')}`);
  if (!only || only === 'language') {
    const started = Date.now();
    writeLanguageHead(await trainLanguageHead(), outDir);
    process.stderr.write(`language: trained in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  for (const spec of specs) {
    const started = Date.now();
    // The evaluation fit first (its held-out figures go in the sidecar), then, unless asked for that fit
    // alone, the shipped fit: the same settings and seed with the held-out rows trained on too.
    const evaluation = trainModel(spec, { label: `train ${spec.name} (evaluation fit, held-out rows left out)` });
    const t = values['evaluation-fit'] ? evaluation : trainModel(spec, { data: { rows: evaluation.rows, x: evaluation.x }, includeHeldout: true, label: `train ${spec.name} (shipped fit, held-out rows trained on too)` });
    await writeModel(t, outDir, evaluation);
    process.stderr.write(`${spec.name}: trained in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  process.stderr.write('next: `npm run eval` measures the models on held-out data and updates the model cards\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    process.stderr.write(`train failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
