/**
 * Trains the language head (see languageDetector.ts): a linear softmax over the
 * sentiment featuriser's hashed features folded to LANGUAGE_BITS bits, on the text of
 * every data set plus the UDHR (languageCorpus.ts). Seeded and single-threaded like
 * the sentiment models. Each language keeps at most ROW_CAP training rows (a seeded
 * sample) and rows are weighted (N / (K · N_lang))^0.5, so English does not drown the
 * languages with a few hundred rows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_FEATURIZER, Featurizer } from '../src/sentiment/featurizer.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { encodeLanguageWeights, encodeSparseLanguageWeights, decodeLanguageWeights, factorise, LanguageIdentifier, type LanguageSidecar } from '../src/sentiment/languageDetector.js';
import { seededUnit, SPLIT_SEED } from './corpus.js';
import { loadLanguageCorpus, type LanguageRow } from './languageCorpus.js';
import { train, type LinearModel, type FeatureMatrix, type Targets } from './linearModel.js';
import { progress } from './progress.js';

export const LANGUAGE_BITS = Number(process.env['LID_BITS'] ?? 15);
/** The head reads a text's first MAX_FEATURES features only (≈ its first 60-80 characters): the µs budget. */
export const MAX_FEATURES = Number(process.env['LID_MAXF'] ?? 128);
/**
 * Rank of the factorised head (see languageDetector.ts), 0 for full weights. Tried:
 * rank 32 and 48 (the top principal directions of the trained weights) lose the
 * languages with little text (mean held-out accuracy 94.5 → 38 / 55 %), so full.
 */
export const LANGUAGE_RANK = Number(process.env['LID_RANK'] ?? 0);
/**
 * Weights kept per bucket (sparse rows, see languageDetector.ts); 0 keeps all 79.
 * Same trained head, held-out mean accuracy: all 94.7 %, 24 kept 94.4 %, 16 kept 93.8 %,
 * 8 kept 90.2 % (rows shifted by their median first). 24 costs 3.3× fewer additions.
 */
export const LANGUAGE_TOP_K = Number(process.env['LID_TOPK'] ?? 24);
const ROW_CAP = 6000;
/** Held-out texts are cut to tweet length. */
export const TWEET_CHARS = 280;

export interface LanguageSettings {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
  balance: number;
  rowCap: number;
}

export const LANGUAGE_SETTINGS: LanguageSettings = { epochs: 4, learningRate: 0.2, l2: 1e-5, seed: Number(process.env['LID_SEED'] ?? 13), balance: Number(process.env['LID_BAL'] ?? 0.5), rowCap: ROW_CAP };

export const LANGUAGE_THRESHOLDS = { minLetters: 4, undBelow: 0.15, reliableFrom: 0.6, reliableLetters: 10 };

export interface FeaturizedLanguageRows {
  rows: LanguageRow[];
  x: FeatureMatrix;
  letters: Int32Array;
}

/** Featurises texts with the sentiment featuriser, ids folded to `bits`. */
export function featurizeForLanguage(rows: LanguageRow[], bits: number, maxFeatures: number, onProgress?: (done: number) => void): FeaturizedLanguageRows {
  const f = new Featurizer(DEFAULT_FEATURIZER);
  const mask = (1 << bits) - 1;
  const offsets = new Int32Array(rows.length + 1);
  const letters = new Int32Array(rows.length);
  const chunks: Int32Array[] = [];
  let used = 0;
  rows.forEach((r, i) => {
    let n = 0;
    try {
      const bag = f.featurize(cleanText(r.text));
      n = Math.min(bag.count, maxFeatures);
      const ids = bag.ids.slice(0, n);
      for (let k = 0; k < n; k++) ids[k] = ids[k]! & mask;
      chunks.push(ids);
      letters[i] = bag.letters;
    } catch {
      // empty after cleaning: no features
    }
    used += n;
    offsets[i + 1] = used;
    if (onProgress && (i + 1) % 20000 === 0) onProgress(i + 1);
  });
  const ids = new Int32Array(used);
  let at = 0;
  for (const c of chunks) {
    ids.set(c, at);
    at += c.length;
  }
  return { rows, x: { offsets, ids }, letters };
}

export interface TrainedLanguageHead {
  labels: string[];
  model: LinearModel;
  sidecar: LanguageSidecar;
  bin: Uint8Array;
}

export async function trainLanguageHead(settings: LanguageSettings = LANGUAGE_SETTINGS, corpus?: LanguageRow[]): Promise<TrainedLanguageHead> {
  const bar = progress('train language');
  const all = corpus ?? (await loadLanguageCorpus());
  const train0 = all.filter((r) => r.split === 'train');
  const perLang = new Map<string, number>();
  for (const r of train0) perLang.set(r.lang, (perLang.get(r.lang) ?? 0) + 1);
  const labels = [...perLang.keys()].sort();
  const rows = train0.filter((r, i) => {
    const n = perLang.get(r.lang)!;
    return n <= settings.rowCap || seededUnit(`lid:${i}:${r.text}`, SPLIT_SEED) < settings.rowCap / n;
  });
  const f = featurizeForLanguage(rows, LANGUAGE_BITS, MAX_FEATURES, (done) => bar.update(`featurising ${done}/${rows.length}`));
  bar.done(`${rows.length} training texts in ${labels.length} languages featurised (${f.x.ids.length} features)`);
  const index = new Map(labels.map((l, i) => [l, i]));
  const L = labels.length;
  const kept = new Map<string, number>();
  for (const r of rows) kept.set(r.lang, (kept.get(r.lang) ?? 0) + 1);
  const rowWeight = Float32Array.from(rows, (r) => (rows.length / (L * kept.get(r.lang)!)) ** settings.balance);
  const targets: Targets[] = rows.map((r) => {
    const y = new Float32Array(L);
    y[index.get(r.lang)!] = 1;
    return [y];
  });
  const model: LinearModel = {
    featurizer: DEFAULT_FEATURIZER,
    heads: [{ name: 'language', labels, offset: 0 }],
    columns: L,
    weights: new Float32Array(2 ** LANGUAGE_BITS * L),
    bias: new Float32Array(L),
  };
  train(model, f.x, targets, rows.map((_, i) => i), {
    epochs: settings.epochs,
    learningRate: settings.learningRate,
    l2: settings.l2,
    seed: settings.seed,
    rowWeight,
    onProgress: (epoch, done, total) => bar.update(`epoch ${epoch}/${settings.epochs}: ${Math.round((100 * done) / total)}%`),
    onEpoch: (epoch, loss) => bar.done(`epoch ${epoch}/${settings.epochs}: loss ${loss.toFixed(4)}`),
  });
  const identity = new Float32Array(L * L);
  for (let c = 0; c < L; c++) identity[c * L + c] = 1;
  const { embeddings, projection } = LANGUAGE_RANK > 0 ? factorise(model.weights, 2 ** LANGUAGE_BITS, L, LANGUAGE_RANK) : { embeddings: model.weights, projection: identity };
  const bin = LANGUAGE_TOP_K > 0 ? encodeSparseLanguageWeights(model.weights, model.bias, LANGUAGE_BITS, L, LANGUAGE_TOP_K) : encodeLanguageWeights({ embeddings, projection, bias: model.bias }, LANGUAGE_BITS, L, LANGUAGE_RANK);
  const sidecar: LanguageSidecar = {
    name: 'language',
    binFile: 'language.bin',
    binSha256: createHash('sha256').update(bin).digest('hex'),
    bits: LANGUAGE_BITS,
    rank: LANGUAGE_RANK,
    ...(LANGUAGE_TOP_K > 0 ? { topK: LANGUAGE_TOP_K } : {}),
    maxFeatures: MAX_FEATURES,
    labels,
    ...LANGUAGE_THRESHOLDS,
  };
  return { labels, model, sidecar, bin };
}

export function identifierOf(t: TrainedLanguageHead): LanguageIdentifier {
  return new LanguageIdentifier(t.sidecar, decodeLanguageWeights(t.bin, t.sidecar));
}

export function writeLanguageHead(t: TrainedLanguageHead, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, t.sidecar.binFile), t.bin);
  writeFileSync(join(outDir, 'language.json'), JSON.stringify(t.sidecar, null, 2) + '\n');
  process.stderr.write(`wrote ${join(outDir, t.sidecar.binFile)} (${(t.bin.length / 1e6).toFixed(1)} MB, ${t.labels.length} languages)\n`);
}
