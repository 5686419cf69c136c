/**
 * The hashed models and their trainer, over a text's hashed features (value =
 * featureValue(n) = 1/sqrt(n), fastText's bag of n-grams; with the featuriser's
 * `countCap` a feature counts at most that many times per text: featureValues), one
 * softmax per head:
 *
 * - linear (hidden = 0): logits = bias + Σ value · weight row. Each feature's share
 *   of each logit is exact. The language head uses this form.
 * - one hidden layer (hidden = H > 0): a = b1 + Σ value · E row (an H-wide learned
 *   embedding per bucket, mean-pooled), h = ReLU(a), logits = h · W2 + b2. The
 *   rationale's per-feature share is gradient × input: value · E row ⊙ [a > 0] · W2,
 *   exact for the piecewise-linear network at this input (the shares plus the b1
 *   term sum to logit − b2).
 *
 * Training is AdaGrad SGD with seeded shuffling and initialisation, class weights and
 * a small L2 penalty, single-threaded: the same data and seed give the same weights.
 * The hidden model starts with zero embeddings (a bucket never seen in training adds
 * nothing at inference), b1 = 0.1 and a seeded Glorot-uniform W2, which breaks the
 * symmetry between hidden units.
 */
import { Featurizer, featureValue, featureValues, type FeaturizerParams } from '../src/sentiment/featurizer.js';
import './extraLexiconSources.js'; // training builds the extra lexicons from their npm packages
import { cleanText } from '../src/sentiment/textInput.js';
import { seededRandom } from '../src/seededRandom.js';

export interface Head {
  name: string;
  labels: readonly string[];
  /** First logit column of the head. */
  offset: number;
}

/** What one training row asks of each head: a target distribution, or nothing. */
export type Targets = (Float32Array | null)[];

export interface LinearModel {
  featurizer: FeaturizerParams;
  heads: Head[];
  /** Number of logit columns (sum of head sizes). */
  columns: number;
  /** Row-major [buckets × width], width = hidden || columns (the embeddings E when hidden > 0). */
  weights: Float32Array;
  /** [width]: the logit bias, or b1 when hidden > 0. */
  bias: Float32Array;
  /** Hidden units (0 or absent: linear). */
  hidden?: number;
  /** [hidden × columns] (W2) and [columns] (b2) when hidden > 0. */
  out?: Float32Array;
  outBias?: Float32Array;
  /**
   * Wide & deep (hidden > 0 only): a linear layer [buckets × columns] beside the hidden
   * one, its logits added to the hidden layer's; its per-feature shares are exact.
   */
  wide?: Float32Array;
  /**
   * Set by quantiseColumns (hidden > 0 only): the embeddings as stored, int8 `values` times
   * their column's (hidden unit's) `scales`; `weights` then holds exactly those products.
   */
  int8?: { values: Int8Array; scales: Float32Array };
  /**
   * Dense inputs (the GloVe word vectors, englishVectors.ts): each text's `dims`-wide vector (FeatureMatrix.dense)
   * times `weights`. With hidden > 0 (the English expert, trainEnglish.ts) `weights` is [dims × hidden], added to the
   * hidden pre-activation after b1; gradient × input splits it exactly too. In the linear model (FINANCIAL_NEWS
   * candidates, tuneFinance.ts) it is [dims × columns], added to the logits. Absent: the model as before.
   */
  dense?: { dims: number; weights: Float32Array };
}

/**
 * Stores a hidden model's embeddings as int8 with one float32 scale per column (hidden unit:
 * the column's largest magnitude / 127), and puts the stored values back into `weights`, so
 * everything scored afterwards (calibration, the evaluation, the ONNX check) is the model as
 * served; the export writes `model.int8`. One scale per column
 * rather than per bucket row keeps inference at one random read per feature (a per-row scale
 * was a second read into a 4 MB table: the full analysis cost 12 % more per text) and
 * scored the same on the held-out rows.
 */
export function quantiseColumns(model: LinearModel): void {
  const H = model.hidden ?? 0;
  // (a wide layer beside it stays float32; exportOnnx does not write int8 embeddings beside one yet: tuneFinance.ts measures that form)
  if (H <= 0) throw new Error('quantiseColumns: int8 embeddings are for the hidden model');
  model.int8 = quantiseTable(model.weights, H);
}

/**
 * A row-major [rows × H] table as int8 with one float32 scale per column (its largest magnitude / 127); the stored
 * values (int8 × scale) are written back into `W`. quantiseColumns's embeddings, and the English expert's folded
 * word table (trainEnglish.ts).
 */
export function quantiseTable(W: Float32Array, H: number): { values: Int8Array; scales: Float32Array } {
  const max = new Float64Array(H);
  for (let i = 0; i < W.length; i++) max[i % H] = Math.max(max[i % H]!, Math.abs(W[i]!));
  const scales = Float32Array.from(max, (m) => m / 127);
  const values = new Int8Array(W.length);
  for (let i = 0; i < W.length; i++) {
    const scale = scales[i % H]!;
    values[i] = scale === 0 ? 0 : Math.max(-127, Math.min(127, Math.round(W[i]! / scale)));
    W[i] = values[i]! * scale;
  }
  return { values, scales };
}

/** AdaGrad on a bias vector: b -= lr·g / √(Σg² + ε), skipping zero gradients. */
function adagradBias(b: Float32Array | Float64Array, sumSq: Float64Array | Float32Array, grad: Float64Array, n: number, lr: number): void {
  for (let c = 0; c < n; c++) {
    const g = grad[c]!;
    if (g === 0) continue;
    sumSq[c] = sumSq[c]! + g * g;
    b[c] = b[c]! - (lr * g) / Math.sqrt(sumSq[c]! + ADAGRAD_EPS);
  }
}

/** AdaGrad on the n weights of one row from `base`, whose input was x: gradient grad[k]·x + l2·w. */
function adagradRow(W: Float32Array | Float64Array, sumSq: Float64Array | Float32Array, base: number, grad: Float64Array, n: number, x: number, l2: number, lr: number): void {
  for (let k = 0; k < n; k++) {
    const gk = grad[k]!;
    if (gk === 0) continue;
    const i = base + k;
    const g = gk * x + l2 * W[i]!;
    sumSq[i] = sumSq[i]! + g * g;
    W[i] = W[i]! - (lr * g) / Math.sqrt(sumSq[i]! + ADAGRAD_EPS);
  }
}

const ADAGRAD_EPS = 1e-8;

/** Fisher-Yates, drawing from the trainer's seeded generator (the same draws in the same order as before). */
function shuffleInPlace(order: Int32Array, random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
}

/** A model with one hidden layer of `hidden` units over 2^bucketBits embeddings, seeded. */
export function createHiddenModel(featurizer: FeaturizerParams, heads: Head[], hidden: number, seed: number, wide = false): LinearModel {
  const columns = heads.reduce((a, h) => a + h.labels.length, 0);
  const random = seededRandom(seed ^ 0x5eed);
  const limit = Math.sqrt(6 / (hidden + columns));
  return {
    featurizer,
    heads,
    columns,
    hidden,
    weights: new Float32Array(2 ** featurizer.bucketBits * hidden),
    bias: new Float32Array(hidden).fill(0.1),
    out: Float32Array.from({ length: hidden * columns }, () => (2 * random() - 1) * limit),
    outBias: new Float32Array(columns),
    ...(wide ? { wide: new Float32Array(2 ** featurizer.bucketBits * columns) } : {}),
  };
}

/** Every training text featurised once, in CSR form. */
export interface FeatureMatrix {
  offsets: Int32Array;
  ids: Int32Array;
  /** Row-major [texts × dims] dense inputs, for a model with `dense` (LinearModel.dense); absent otherwise. */
  dense?: Float32Array;
}

/**
 * Dense inputs featurizeAll attaches to every matrix it builds (FeatureMatrix.dense), set by a trainer whose model
 * reads them (trainEnglish.ts: the GloVe means) so that shared code scoring it on new texts (train.ts calibrate, on
 * EmoBank) feeds them too; null (the default) attaches none.
 */
let denseOf: ((texts: string[]) => Float32Array) | null = null;
export function setDenseInputs(f: ((texts: string[]) => Float32Array) | null): void {
  denseOf = f;
}

export function featurizeAll(texts: string[], params: FeaturizerParams, onProgress?: (done: number) => void): FeatureMatrix {
  const x = featurizeBags(texts, params, onProgress);
  return denseOf ? { ...x, dense: denseOf(texts) } : x;
}

function featurizeBags(texts: string[], params: FeaturizerParams, onProgress?: (done: number) => void): FeatureMatrix {
  const f = new Featurizer(params);
  const offsets = new Int32Array(texts.length + 1);
  let ids = new Int32Array(texts.length * 64);
  let used = 0;
  texts.forEach((text, i) => {
    let bag;
    try {
      bag = f.featurize(cleanText(text));
    } catch {
      bag = null; // a text the service would refuse (empty after cleaning): no features
    }
    const n = bag?.count ?? 0;
    if (used + n > ids.length) {
      const grown = new Int32Array(Math.max(ids.length * 2, used + n));
      grown.set(ids.subarray(0, used));
      ids = grown;
    }
    if (bag) ids.set(bag.ids.subarray(0, n), used);
    used += n;
    offsets[i + 1] = used;
    if (onProgress && (i + 1) % 5000 === 0) onProgress(i + 1);
  });
  return { offsets, ids: ids.slice(0, used) };
}

let rowScratch = new Float64Array(256);

/**
 * Each feature's value for ids[from..to) when the featuriser weighs repeated features
 * (params.countCap; featureValues), in a scratch array indexed from 0, valid until the next
 * call; null when every feature has the same value featureValue(to − from), which the
 * callers then apply once per row as before (the language head and older models keep
 * their exact arithmetic).
 */
function rowValues(params: FeaturizerParams, ids: Int32Array, from: number, to: number): Float64Array | null {
  if (params.countCap === undefined) return null;
  if (rowScratch.length < to - from) rowScratch = new Float64Array(2 * (to - from));
  featureValues(params, ids, from, to, rowScratch);
  return rowScratch;
}

/**
 * Logits of one row (features ids[from..to)), written into out; `pre` receives the hidden pre-activations. A model
 * with `dense` reads the row's dense inputs from dense[denseAt..denseAt + dims).
 */
export function logits(model: LinearModel, ids: Int32Array, from: number, to: number, out: Float64Array, pre?: Float64Array, dense?: Float32Array, denseAt = 0): void {
  const H = model.hidden ?? 0;
  if (H > 0) {
    const a = pre ?? new Float64Array(H);
    const { weights: E, bias: b1, out: W2, outBias: b2, columns: C } = model;
    const vals = rowValues(model.featurizer, ids, from, to);
    for (let j = 0; j < H; j++) a[j] = 0;
    for (let k = from; k < to; k++) {
      const base = ids[k]! * H;
      if (vals) {
        const x = vals[k - from]!;
        for (let j = 0; j < H; j++) a[j] = a[j]! + x * E[base + j]!;
      } else for (let j = 0; j < H; j++) a[j] = a[j]! + E[base + j]!;
    }
    const v = vals ? 1 : featureValue(to - from);
    for (let c = 0; c < C; c++) out[c] = 0;
    const Wl = model.wide;
    if (Wl) {
      for (let k = from; k < to; k++) {
        const base = ids[k]! * C;
        const x = vals ? vals[k - from]! : 1;
        for (let c = 0; c < C; c++) out[c] = out[c]! + x * Wl[base + c]!;
      }
    }
    for (let c = 0; c < C; c++) out[c] = out[c]! * v + b2![c]!;
    const D = model.dense;
    if (D) {
      // the dense branch after b1 (a model without it keeps the loop below, arithmetic unchanged)
      if (!dense) throw new Error('logits: the model has dense inputs and the row has none');
      for (let j = 0; j < H; j++) a[j] = a[j]! * v + b1[j]!;
      addDense(D, dense, denseAt, a, H);
      for (let j = 0; j < H; j++) {
        const h = a[j]!;
        if (h <= 0) continue;
        const row = j * C;
        for (let c = 0; c < C; c++) out[c] = out[c]! + h * W2![row + c]!;
      }
      return;
    }
    for (let j = 0; j < H; j++) {
      a[j] = a[j]! * v + b1[j]!;
      const h = a[j]!;
      if (h <= 0) continue;
      const row = j * C;
      for (let c = 0; c < C; c++) out[c] = out[c]! + h * W2![row + c]!;
    }
    return;
  }
  const { columns: C, weights: W, bias } = model;
  const vals = rowValues(model.featurizer, ids, from, to);
  for (let c = 0; c < C; c++) out[c] = 0;
  for (let k = from; k < to; k++) {
    const base = ids[k]! * C;
    if (vals) {
      const x = vals[k - from]!;
      for (let c = 0; c < C; c++) out[c] = out[c]! + x * W[base + c]!;
    } else for (let c = 0; c < C; c++) out[c] = out[c]! + W[base + c]!;
  }
  const v = vals ? 1 : featureValue(to - from);
  for (let c = 0; c < C; c++) out[c] = out[c]! * v + bias[c]!;
  if (model.dense) {
    if (!dense) throw new Error('logits: the model has dense inputs and the row has none');
    addDense(model.dense, dense, denseAt, out, C);
  }
}

/** out[0..width) += the row's dense inputs dense[at..at + dims) times D.weights [dims × width]. */
function addDense(D: { dims: number; weights: Float32Array }, dense: Float32Array, at: number, out: Float64Array, width: number): void {
  for (let d = 0; d < D.dims; d++) {
    const xd = dense[at + d]!;
    if (xd === 0) continue;
    const base = d * width;
    for (let j = 0; j < width; j++) out[j] = out[j]! + xd * D.weights[base + j]!;
  }
}

export function softmaxInto(z: Float64Array, offset: number, size: number, out: Float64Array): void {
  let max = -Infinity;
  for (let c = 0; c < size; c++) max = Math.max(max, z[offset + c]!);
  let sum = 0;
  for (let c = 0; c < size; c++) {
    const e = Math.exp(z[offset + c]! - max);
    out[c] = e;
    sum += e;
  }
  for (let c = 0; c < size; c++) out[c] = out[c]! / sum;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per update on the touched weights. */
  l2: number;
  seed: number;
  /** Per-row weight (class balancing, source balancing). */
  rowWeight: Float32Array;
  /** Share of a row's features dropped at random (seeded) at each visit: input dropout; 0 or absent keeps all. */
  dropout?: number;
  /** Buckets input dropout never hides (the lexicon-prior features): the model must learn to lean on them. */
  keep?: Set<number>;
  onEpoch?: (epoch: number, meanLoss: number) => void;
  onProgress?: (epoch: number, done: number, total: number) => void;
  /**
   * Linear model only: the weights and bias kept are the mean of their values at the end of
   * each epoch from this one on (iterate averaging); absent: the last epoch's.
   */
  averageFromEpoch?: number;
}

export function train(model: LinearModel, x: FeatureMatrix, targets: Targets[], rows: number[], opts: TrainOptions): void {
  if ((model.hidden ?? 0) > 0) {
    trainHidden(model, x, targets, rows, opts);
    return;
  }
  const { columns: C, weights: W, bias, heads } = model;
  const random = seededRandom(opts.seed);
  const g2 = new Float32Array(W.length); // AdaGrad accumulators
  const g2b = new Float64Array(C);
  const order = Int32Array.from(rows);
  const z = new Float64Array(C);
  const p = new Float64Array(C);
  const grad = new Float64Array(C);
  const scratch = { ids: new Int32Array(256) };
  const Dn = model.dense;
  if (Dn && (!x.dense || x.dense.length !== (x.offsets.length - 1) * Dn.dims)) throw new Error('train: the model has dense inputs and the feature matrix has none of its width');
  const gD = Dn ? new Float32Array(Dn.weights.length) : null;
  const averageFrom = opts.averageFromEpoch;
  const sumW = averageFrom !== undefined ? new Float64Array(W.length) : null;
  const sumB = new Float64Array(C);
  const sumD = averageFrom !== undefined && Dn ? new Float64Array(Dn.weights.length) : null;
  let snapshots = 0;
  for (let epoch = 1; epoch <= opts.epochs; epoch++) {
    shuffleInPlace(order, random);
    let loss = 0;
    for (let k = 0; k < order.length; k++) {
      const r = order[k]!;
      const lr = opts.learningRate;
      const { ids, from, to } = visibleFeatures(x, r, opts.dropout ?? 0, random, scratch, opts.keep);
      logits(model, ids, from, to, z, undefined, x.dense, Dn ? r * Dn.dims : 0);
      grad.fill(0);
      const w = opts.rowWeight[r]!;
      heads.forEach((head, h) => {
        const y = targets[r]![h];
        if (!y) return;
        softmaxInto(z, head.offset, head.labels.length, p);
        for (let c = 0; c < head.labels.length; c++) {
          grad[head.offset + c] = (p[c]! - y[c]!) * w;
          if (y[c]! > 0) loss -= y[c]! * Math.log(Math.max(p[c]!, 1e-12));
        }
      });
      const v = featureValue(to - from);
      const vals = rowValues(model.featurizer, ids, from, to);
      adagradBias(bias, g2b, grad, C, lr);
      for (let f = from; f < to; f++) adagradRow(W, g2, ids[f]! * C, grad, C, vals ? vals[f - from]! : v, opts.l2, lr);
      if (Dn) denseStep(Dn, gD!, x.dense!, r, grad, C, opts.l2, lr);
      if (opts.onProgress && k % 20000 === 0) opts.onProgress(epoch, k, order.length);
    }
    if (sumW && averageFrom !== undefined && epoch >= averageFrom) {
      for (let i = 0; i < W.length; i++) sumW[i] = sumW[i]! + W[i]!;
      for (let c = 0; c < C; c++) sumB[c] = sumB[c]! + bias[c]!;
      if (sumD) for (let i = 0; i < sumD.length; i++) sumD[i] = sumD[i]! + Dn!.weights[i]!;
      snapshots++;
    }
    opts.onEpoch?.(epoch, loss / order.length);
  }
  if (sumW && snapshots > 0) {
    for (let i = 0; i < W.length; i++) W[i] = sumW[i]! / snapshots;
    for (let c = 0; c < C; c++) bias[c] = sumB[c]! / snapshots;
    if (sumD) for (let i = 0; i < sumD.length; i++) Dn!.weights[i] = sumD[i]! / snapshots;
  }
}

/** AdaGrad on the dense weights [dims × width] for row r, whose gradient at the layer they feed is `grad` [width]. */
function denseStep(D: { dims: number; weights: Float32Array }, g2: Float32Array, dense: Float32Array, r: number, grad: Float64Array, width: number, l2: number, lr: number): void {
  const at = r * D.dims;
  for (let d = 0; d < D.dims; d++) {
    const xd = dense[at + d]!;
    if (xd !== 0) adagradRow(D.weights, g2, d * width, grad, width, xd, l2, lr);
  }
}

/**
 * The features a training visit sees: all of row r's, or (input dropout) a seeded
 * random subset keeping each with probability 1 − dropout (at least one).
 */
function visibleFeatures(x: FeatureMatrix, r: number, dropout: number, random: () => number, scratch: { ids: Int32Array }, keep?: Set<number>): { ids: Int32Array; from: number; to: number } {
  const from = x.offsets[r]!;
  const to = x.offsets[r + 1]!;
  if (dropout <= 0 || to - from <= 1) return { ids: x.ids, from, to };
  if (scratch.ids.length < to - from) scratch.ids = new Int32Array(2 * (to - from));
  let n = 0;
  for (let f = from; f < to; f++) {
    const id = x.ids[f]!;
    if (random() >= dropout || keep?.has(id)) scratch.ids[n++] = id;
  }
  if (n === 0) scratch.ids[n++] = x.ids[from + Math.floor(random() * (to - from))]!;
  return { ids: scratch.ids, from: 0, to: n };
}

/** Cross-entropy gradient of the logits for one row (per head softmax); returns the row's loss. */
function headGradients(model: LinearModel, z: Float64Array, y: Targets, w: number, p: Float64Array, grad: Float64Array): number {
  let loss = 0;
  grad.fill(0);
  model.heads.forEach((head, h) => {
    const t = y[h];
    if (!t) return;
    softmaxInto(z, head.offset, head.labels.length, p);
    for (let c = 0; c < head.labels.length; c++) {
      grad[head.offset + c] = (p[c]! - t[c]!) * w;
      if (t[c]! > 0) loss -= t[c]! * Math.log(Math.max(p[c]!, 1e-12));
    }
  });
  return loss;
}

/** AdaGrad SGD for the one-hidden-layer model (see the file comment). */
function trainHidden(model: LinearModel, x: FeatureMatrix, targets: Targets[], rows: number[], opts: TrainOptions): void {
  const H = model.hidden!;
  const { columns: C, weights: E, bias: b1 } = model;
  const W2 = model.out!;
  const b2 = model.outBias!;
  const random = seededRandom(opts.seed);
  const gE = new Float32Array(E.length);
  const gb1 = new Float64Array(H);
  const gW2 = new Float64Array(W2.length);
  const gb2 = new Float64Array(C);
  const Wl = model.wide;
  const gWl = Wl ? new Float32Array(Wl.length) : null;
  const Dn = model.dense;
  if (Dn && (!x.dense || x.dense.length !== (x.offsets.length - 1) * Dn.dims)) throw new Error('train: the model has dense inputs and the feature matrix has none of its width');
  const gD = Dn ? new Float32Array(Dn.weights.length) : null;
  const order = Int32Array.from(rows);
  const z = new Float64Array(C);
  const a = new Float64Array(H);
  const p = new Float64Array(C);
  const grad = new Float64Array(C);
  const ga = new Float64Array(H);
  const scratch = { ids: new Int32Array(256) };
  const lr = opts.learningRate;
  for (let epoch = 1; epoch <= opts.epochs; epoch++) {
    shuffleInPlace(order, random);
    let loss = 0;
    for (let k = 0; k < order.length; k++) {
      const r = order[k]!;
      const seen = visibleFeatures(x, r, opts.dropout ?? 0, random, scratch, opts.keep);
      const { ids, from, to } = seen;
      logits(model, ids, from, to, z, a, x.dense, Dn ? r * Dn.dims : 0);
      loss += headGradients(model, z, targets[r]!, opts.rowWeight[r]!, p, grad);
      // Back through the output layer (gradient w.r.t. a uses W2 before its update).
      for (let j = 0; j < H; j++) {
        let g = 0;
        if (a[j]! > 0) {
          const row = j * C;
          for (let c = 0; c < C; c++) g += grad[c]! * W2[row + c]!;
        }
        ga[j] = g;
      }
      for (let j = 0; j < H; j++) {
        const h = a[j]!;
        if (h <= 0) continue;
        adagradRow(W2, gW2, j * C, grad, C, h, opts.l2, lr);
      }
      adagradBias(b2, gb2, grad, C, lr);
      adagradBias(b1, gb1, ga, H, lr);
      if (Dn) denseStep(Dn, gD!, x.dense!, r, ga, H, opts.l2, lr);
      const v = featureValue(to - from);
      const vals = rowValues(model.featurizer, ids, from, to);
      if (Wl) {
        for (let f = from; f < to; f++) adagradRow(Wl, gWl!, ids[f]! * C, grad, C, vals ? vals[f - from]! : v, opts.l2, lr);
      }
      for (let f = from; f < to; f++) adagradRow(E, gE, ids[f]! * H, ga, H, vals ? vals[f - from]! : v, opts.l2, lr);
      if (opts.onProgress && k % 20000 === 0) opts.onProgress(epoch, k, order.length);
    }
    opts.onEpoch?.(epoch, loss / order.length);
  }
}

/** Predicted distributions per head for the given rows. */
export function predict(model: LinearModel, x: FeatureMatrix, rows: number[]): Float64Array[][] {
  const z = new Float64Array(model.columns);
  const a = new Float64Array(model.hidden ?? 0);
  const dims = model.dense?.dims ?? 0;
  return rows.map((r) => {
    logits(model, x.ids, x.offsets[r]!, x.offsets[r + 1]!, z, a, x.dense, r * dims);
    return model.heads.map((head) => {
      const p = new Float64Array(head.labels.length);
      softmaxInto(z, head.offset, head.labels.length, p);
      return p;
    });
  });
}
