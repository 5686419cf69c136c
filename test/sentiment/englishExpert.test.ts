/**
 * The English expert (training/trainEnglish.ts, models/general-en.md): the committed graph matches its sidecar and
 * word list, stays within the 30 MB limit, and computes what its initializers say, with `contributions` (per
 * hashed feature) and `word_contributions` (per known word of the GloVe branch) plus b1's share adding up to each
 * logit − b2 exactly; served, an English text gets this graph's polarity and the mean of its and general.onnx's
 * emotions.
 */
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { MODELS_DIR, SentimentAnalyzer } from '../../src/sentiment/sentimentAnalyzer.js';
import { knownTokens } from '../../src/sentiment/englishWords.js';
import type { ModelSidecar } from '../../src/sentiment/modelCard.js';
import { Featurizer, featureValues } from '../../src/sentiment/featurizer.js';
import { encodeBatch } from '../../src/sentiment/onnxBatch.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { initializerBytes, readOnnxModel, storedWeights } from '../../training/onnxExport.js';
import { vectorWords, wordFeeds, type NegationMode, type WordVectors } from '../../training/englishVectors.js';

const sidecar = JSON.parse(readFileSync(join(MODELS_DIR, 'general-en.json'), 'utf8')) as ModelSidecar;
const onnxBytes = readFileSync(join(MODELS_DIR, sidecar.onnxFile));
const dataBytes = readFileSync(join(MODELS_DIR, sidecar.onnxDataFile!));
const wordsBytes = readFileSync(join(MODELS_DIR, sidecar.wordVectors!.file));

const TEXTS = [
  'I love this movie, the acting was wonderful',
  'This is the worst service I have ever had.',
  'The meeting is at 3pm in room 204',
  'not bad at all, I would not hate it',
  'The food was good but the waiter was rude and slow',
  'absolutely terrifying, I could not sleep',
  'zxqv',
];

describe('English expert model (general-en)', () => {
  it('matches its sidecar (graph and word list by sha256) and is at most 30 MB', () => {
    expect(createHash('sha256').update(onnxBytes).digest('hex')).toBe(sidecar.onnxSha256);
    expect(createHash('sha256').update(dataBytes).digest('hex')).toBe(sidecar.onnxDataSha256);
    expect(createHash('sha256').update(wordsBytes).digest('hex')).toBe(sidecar.wordVectors!.sha256);
    expect(wordsBytes.toString('utf8').trimEnd().split('\n')).toHaveLength(sidecar.wordVectors!.words);
    expect(onnxBytes.length + dataBytes.length).toBeLessThanOrEqual(30e6);
    expect(sidecar.trainedLanguages.map((l) => l.code)).toEqual(['en']);
    expect(sidecar.heads.map((h) => h.name)).toEqual(['polarity', 'emotion']);
  });

  it('computes what its initializers say, and its contributions add up to each logit − b2', async () => {
    const graph = readOnnxModel(MODELS_DIR, sidecar.onnxFile).graph!;
    const f32 = (name: string): Float32Array => new Float32Array(initializerBytes(graph, name)!.buffer);
    const E = storedWeights(graph);
    const b1 = f32('bias');
    const W2 = f32('W2');
    const b2 = f32('b2');
    const P = storedWeights(graph, 'P');
    const H = b1.length;
    const C = sidecar.columns;
    const words = wordsBytes.toString('utf8').trimEnd().split('\n');
    const vectors: WordVectors = { dims: 0, words, index: new Map(words.map((w, i) => [w, i])), vectors: new Float32Array(0) };
    const mode = sidecar.wordVectors!.negation as NegationMode;
    const featurizer = new Featurizer(sidecar.featurizer);
    const bags = TEXTS.map((t) => {
      const b = featurizer.featurize(cleanText(t));
      return b.ids.slice(0, b.count);
    });
    const w = wordFeeds(TEXTS, vectors, mode);
    expect(w.ids.length).toBeGreaterThan(20); // the branch is fed: most words of these texts have a vector
    const batch = encodeBatch(bags, sidecar.featurizer);
    const session = await ort.InferenceSession.create(join(MODELS_DIR, sidecar.onnxFile), { intraOpNumThreads: 1 });
    const out = await session.run({
      ...batch.feeds,
      word_ids: new ort.Tensor('int32', w.ids, [w.ids.length]),
      word_weights: new ort.Tensor('float32', w.weights, [w.weights.length]),
      word_rows: new ort.Tensor('int64', w.rows, [w.rows.length, 1]),
    });
    await session.release();
    // general.onnx's emotion head on the same bags: an English text's emotions are the mean of both heads
    const general = await ort.InferenceSession.create(join(MODELS_DIR, 'general.onnx'), { intraOpNumThreads: 1 });
    const generalEmotion = (await general.run(batch.feeds, ['emotion'])).emotion!.data as Float32Array;
    await general.release();
    const expertEmotion = out.emotion!.data as Float32Array;
    const contributions = out.contributions!.data as Float32Array;
    const wordContributions = out.word_contributions!.data as Float32Array;
    const polarity = out.polarity!.data as Float32Array;
    TEXTS.forEach((_, r) => {
      // the pre-activation from the initializers alone
      const pre = Float64Array.from(b1);
      const bag = bags[r]!;
      const values = new Float32Array(bag.length);
      featureValues(sidecar.featurizer, bag, 0, bag.length, values, 0);
      bag.forEach((id, k) => {
        for (let j = 0; j < H; j++) pre[j] = pre[j]! + values[k]! * E[id * H + j]!;
      });
      const mine: number[] = [];
      w.rows.forEach((row, k) => {
        if (Number(row) !== r) return;
        mine.push(k);
        for (let j = 0; j < H; j++) pre[j] = pre[j]! + w.weights[k]! * P[w.ids[k]! * H + j]!;
      });
      const logit = new Float64Array(C);
      const shares = new Float64Array(C);
      for (let c = 0; c < C; c++) {
        let z = b2[c]!;
        let b1Share = 0;
        for (let j = 0; j < H; j++) {
          if (pre[j]! <= 0) continue;
          z += pre[j]! * W2[j * C + c]!;
          b1Share += b1[j]! * W2[j * C + c]!;
        }
        logit[c] = z;
        let sum = b1Share;
        for (let k = batch.starts[r]!; k < batch.starts[r + 1]!; k++) sum += contributions[k * C + c]!;
        for (const k of mine) sum += wordContributions[k * C + c]!;
        shares[c] = sum;
      }
      for (let c = 0; c < C; c++) expect(Math.abs(shares[c]! - (logit[c]! - b2[c]!))).toBeLessThan(1e-4);
      const m = Math.max(logit[0]!, logit[1]!, logit[2]!);
      const e = [0, 1, 2].map((c) => Math.exp(logit[c]! - m));
      const s = e[0]! + e[1]! + e[2]!;
      for (let c = 0; c < 3; c++) expect(Math.abs(polarity[r * 3 + c]! - e[c]! / s)).toBeLessThan(1e-5);
    });
    // served (the default; MERIDIAN_ENGLISH_EXPERT=0 turns it off): the texts the language head names en reliably get this graph's polarity
    const analyzer = await SentimentAnalyzer.load({ englishExpert: true, withProbabilities: true });
    const served = await analyzer.analyze(TEXTS);
    let routed = 0;
    served.forEach((o, r) => {
      if (!('sentiment' in o) || o.language.code !== 'en' || !o.language.reliable) return;
      routed++;
      const p = (o as typeof o & { probabilities: number[] }).probabilities;
      for (let c = 0; c < 3; c++) expect(Math.abs(p[c]! - polarity[r * 3 + c]!)).toBeLessThan(1e-6);
      const K = o.emotionScores.length;
      o.emotionScores.forEach((e, k) => expect(Math.abs(e.score - (expertEmotion[r * K + k]! + generalEmotion[r * K + k]!) / 2), e.emotion).toBeLessThan(1e-6));
    });
    expect(routed).toBeGreaterThanOrEqual(5);
  });

  it('feeds the service the words and negation scopes training read (the featuriser\'s kept tokens against the cleaned text)', () => {
    const words = wordsBytes.toString('utf8').trimEnd().split('\n');
    const vectors: WordVectors = { dims: 0, words, index: new Map(words.map((w, i) => [w, i])), vectors: new Float32Array(0) };
    const featurizer = new Featurizer(sidecar.featurizer);
    for (const t of TEXTS) {
      const bag = featurizer.featurize(cleanText(t));
      expect(knownTokens(bag.tokens, bag.negatedBy, vectors.index).map((w) => [w.word, w.negated]), t).toEqual(vectorWords(t, vectors).map((w) => [w.word, w.negated]));
    }
  });
});
