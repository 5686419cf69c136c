/**
 * The feeds of the models' ONNX graph (see training/onnxExport.ts) for a batch of
 * featurised texts, flat and unpadded: ids [T], weights [T], rows [T, 1], counts [N].
 */
import * as ort from 'onnxruntime-node';
import { featureValues, type FeaturizerParams } from './featurizer.js';

export interface EncodedBatch {
  feeds: Record<string, ort.Tensor>;
  /** Index of each text's first feature in the flat arrays (and in the contributions output). */
  starts: Int32Array;
}

/** `params`: the model's featuriser (its sidecar's), whose `countCap` sets each feature's value (featureValues). */
export function encodeBatch(bags: readonly Int32Array[], params: Pick<FeaturizerParams, 'countCap'>): EncodedBatch {
  const N = bags.length;
  const starts = new Int32Array(N + 1);
  for (let r = 0; r < N; r++) starts[r + 1] = starts[r]! + bags[r]!.length;
  const T = starts[N]!;
  const ids = new Int32Array(T);
  const weights = new Float32Array(T);
  const rows = new BigInt64Array(T);
  // Fill the int64 row indices through a 32-bit view (little-endian low words) instead of creating T BigInts.
  const rows32 = new Int32Array(rows.buffer);
  for (let r = 0; r < N; r++) {
    const b = bags[r]!;
    const at = starts[r]!;
    ids.set(b, at);
    featureValues(params, b, 0, b.length, weights, at);
    for (let k = at; k < at + b.length; k++) rows32[2 * k] = r;
  }
  const counts = new Int32Array(N);
  for (let r = 0; r < N; r++) counts[r] = bags[r]!.length;
  return {
    feeds: {
      ids: new ort.Tensor('int32', ids, [T]),
      weights: new ort.Tensor('float32', weights, [T]),
      rows: new ort.Tensor('int64', rows, [T, 1]),
      counts: new ort.Tensor('int32', counts, [N]),
    },
    starts,
  };
}
