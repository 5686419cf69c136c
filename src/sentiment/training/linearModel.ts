/**
 * The hashed linear model and its trainer: logits = bias + Σ value · weight row over
 * a text's hashed features (value = featureValue(n) = 1/sqrt(n); fastText's bag of
 * n-grams with the embedding folded into the output layer), one softmax per head.
 * Being linear, each feature's share of each logit is exact, which is what the
 * rationale reports.
 *
 * Training is AdaGrad SGD with seeded shuffling, class weights and a small L2 penalty,
 * single-threaded: the same data and seed give the same weights.
 */
import { Featurizer, featureValue, type FeaturizerParams } from '../featurizer.js';
import { cleanText } from '../textInput.js';
import { seededRandom } from '../../seededRandom.js';

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
  /** Row-major [buckets × columns]. */
  weights: Float32Array;
  bias: Float32Array;
}

/** Every training text featurised once, in CSR form. */
export interface FeatureMatrix {
  offsets: Int32Array;
  ids: Int32Array;
}

export function featurizeAll(texts: string[], params: FeaturizerParams, onProgress?: (done: number) => void): FeatureMatrix {
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

/** Logits of one row (features ids[from..to)), written into out. */
export function logits(model: LinearModel, ids: Int32Array, from: number, to: number, out: Float64Array): void {
  const { columns: C, weights: W, bias } = model;
  for (let c = 0; c < C; c++) out[c] = 0;
  for (let k = from; k < to; k++) {
    const base = ids[k]! * C;
    for (let c = 0; c < C; c++) out[c] = out[c]! + W[base + c]!;
  }
  const v = featureValue(to - from);
  for (let c = 0; c < C; c++) out[c] = out[c]! * v + bias[c]!;
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
  onEpoch?: (epoch: number, meanLoss: number) => void;
  onProgress?: (epoch: number, done: number, total: number) => void;
}

export function train(model: LinearModel, x: FeatureMatrix, targets: Targets[], rows: number[], opts: TrainOptions): void {
  const { columns: C, weights: W, bias, heads } = model;
  const random = seededRandom(opts.seed);
  const g2 = new Float32Array(W.length); // AdaGrad accumulators
  const g2b = new Float64Array(C);
  const order = Int32Array.from(rows);
  const z = new Float64Array(C);
  const p = new Float64Array(C);
  const grad = new Float64Array(C);
  for (let epoch = 1; epoch <= opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    let loss = 0;
    for (let k = 0; k < order.length; k++) {
      const r = order[k]!;
      const lr = opts.learningRate;
      const from = x.offsets[r]!;
      const to = x.offsets[r + 1]!;
      logits(model, x.ids, from, to, z);
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
      for (let c = 0; c < C; c++) {
        const g = grad[c]!;
        if (g === 0) continue;
        g2b[c] = g2b[c]! + g * g;
        bias[c] = bias[c]! - (lr * g) / Math.sqrt(g2b[c]! + 1e-8);
      }
      for (let f = from; f < to; f++) {
        const base = x.ids[f]! * C;
        for (let c = 0; c < C; c++) {
          const gc = grad[c]!;
          if (gc === 0) continue;
          const i = base + c;
          const g = gc * v + opts.l2 * W[i]!;
          g2[i] = g2[i]! + g * g;
          W[i] = W[i]! - (lr * g) / Math.sqrt(g2[i]! + 1e-8);
        }
      }
      if (opts.onProgress && k % 20000 === 0) opts.onProgress(epoch, k, order.length);
    }
    opts.onEpoch?.(epoch, loss / order.length);
  }
}

/** Predicted distributions per head for the given rows. */
export function predict(model: LinearModel, x: FeatureMatrix, rows: number[]): Float64Array[][] {
  const z = new Float64Array(model.columns);
  return rows.map((r) => {
    logits(model, x.ids, x.offsets[r]!, x.offsets[r + 1]!, z);
    return model.heads.map((head) => {
      const p = new Float64Array(head.labels.length);
      softmaxInto(z, head.offset, head.labels.length, p);
      return p;
    });
  });
}
