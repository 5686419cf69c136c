/**
 * The values of a bag's features, as the trainer, the ONNX feeds and the trainer's ONNX check all weigh them
 * (the ONNX `weights` input carries them).
 */
import type { FeaturizerParams } from './featurizerParams.js';

/**
 * The value of each of a text's n features: 1/sqrt(n), so the bag has unit L2 norm
 * (each occurrence counts; a word's several n-grams count separately). The ONNX
 * `weights` input carries it.
 */
export function featureValue(n: number): number {
  return n > 0 ? 1 / Math.sqrt(n) : 0;
}

// featureValues' scratch: an open-addressing table (bucket + 1 → count) sized to the text, and each feature's slot.
let slotKeys = new Int32Array(256);
let slotCounts = new Int32Array(256);
let slotOf = new Int32Array(256);

/**
 * Each feature's value for the features ids[from..to) of one text, written to
 * out[outAt..outAt + (to − from)): with params.countCap = k, an occurrence of a feature met
 * c times gets min(c, k) / c / sqrt(Σ over distinct features min(c, k)), so the feature's
 * occurrences together weigh min(c, k) / sqrt(…); without a cap, 1/sqrt(n) each
 * (featureValue, the same formula with k = ∞). The trainer (linearModel.ts), the ONNX feeds
 * (onnxBatch.ts) and the trainer's ONNX check all call it, so training and serving weigh
 * a bag the same way. Counting uses a small hash table sized to the text (at least twice
 * its features; the bucket ids are hashes already, so their low bits index it), cleared per
 * call: a table over all 2^18 buckets cost ~10 µs per tweet in cache misses.
 */
export function featureValues(params: Pick<FeaturizerParams, 'countCap'>, ids: Int32Array, from: number, to: number, out: Float32Array | Float64Array, outAt = 0): void {
  const n = to - from;
  const cap = params.countCap;
  if (cap === undefined || n <= cap) {
    out.fill(featureValue(n), outAt, outAt + n);
    return;
  }
  let size = 64;
  while (size < 2 * n) size *= 2;
  if (slotKeys.length < size) {
    slotKeys = new Int32Array(size);
    slotCounts = new Int32Array(size);
  }
  if (slotOf.length < n) slotOf = new Int32Array(2 * n);
  const keys = slotKeys;
  const counts = slotCounts;
  keys.fill(0, 0, size);
  const mask = size - 1;
  let total = 0; // Σ over distinct features of min(c, cap)
  for (let k = 0; k < n; k++) {
    const key = ids[from + k]! + 1;
    let i = key & mask;
    for (;;) {
      const at = keys[i]!;
      if (at === key) {
        if (++counts[i]! <= cap) total++;
        break;
      }
      if (at === 0) {
        keys[i] = key;
        counts[i] = 1;
        total++;
        break;
      }
      i = (i + 1) & mask;
    }
    slotOf[k] = i;
  }
  const scale = 1 / Math.sqrt(total);
  if (total === n) {
    out.fill(scale, outAt, outAt + n); // no feature over the cap: 1/sqrt(n) each
    return;
  }
  // c occurrences of min(c, cap)/c each: min(c, cap) per feature
  for (let k = 0; k < n; k++) {
    const c = counts[slotOf[k]!]!;
    out[outAt + k] = c > cap ? (cap / c) * scale : scale;
  }
}
