/**
 * The English expert's word branch as the service feeds it (models/general-en.md; training/onnxExport.ts WordBranch):
 * per text of a session run, its known words' table rows (`word_ids`), 1/known words (`word_weights`) and the text's
 * row (`word_rows`); the graph answers each word's share of every logit (`word_contributions`), which the rationale
 * adds to the word's token so that it still sums to the logit the verdict came from.
 */
import * as ort from 'onnxruntime-node';
import { knownTokens, type WordIndex } from '../englishWords.js';

/** Where each text's words are in a run's word feeds, and their lower-case forms (the rationale's keys). */
export interface WordRun {
  feeds: Record<string, ort.Tensor>;
  /** Index of each text's first word in the word feeds (and in `word_contributions`); starts[N] = all words. */
  starts: Int32Array;
  lower: string[];
}

/**
 * The word feeds for the texts of one run, read from the tokens their featuriser kept; `negation` as the sidecar's
 * wordVectors says (`plain`: a negated word counts as any other; `flip`: its weight is negated).
 */
export function encodeWords(bags: readonly { tokens: readonly string[]; negatedBy: ArrayLike<number> }[], index: WordIndex, negation: 'plain' | 'flip' = 'plain'): WordRun {
  const N = bags.length;
  const starts = new Int32Array(N + 1);
  const ids: number[] = [];
  const weights: number[] = [];
  const rowOf: number[] = [];
  const lower: string[] = [];
  for (let r = 0; r < N; r++) {
    const ws = knownTokens(bags[r]!.tokens, bags[r]!.negatedBy, index);
    for (const w of ws) {
      ids.push(w.word);
      weights.push((negation === 'flip' && w.negated ? -1 : 1) / ws.length);
      rowOf.push(r);
      lower.push(w.lower);
    }
    starts[r + 1] = ids.length;
  }
  const T = ids.length;
  const rows = new BigInt64Array(T);
  const rows32 = new Int32Array(rows.buffer);
  for (let k = 0; k < T; k++) rows32[2 * k] = rowOf[k]!;
  return {
    feeds: {
      word_ids: new ort.Tensor('int32', Int32Array.from(ids), [T]),
      word_weights: new ort.Tensor('float32', Float32Array.from(weights), [T]),
      word_rows: new ort.Tensor('int64', rows, [T, 1]),
    },
    starts,
    lower,
  };
}

/** One text's words in a run: the rationale adds each one's share (winner − rival) to the token of that form. */
export interface TextWords {
  lower: readonly string[];
  contributions: Float32Array;
  from: number;
  to: number;
}
