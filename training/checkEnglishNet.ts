/**
 * Reads an exported English network (training/englishNet.py --train --out=DIR) back through onnxruntime-node, with the
 * tokens the service would feed it (englishNetInput.ts), and compares its probabilities with the reference PyTorch
 * wrote at export time; also checks that the per-token contributions add up to logit − bias.
 *
 *   npm run build && node dist/training/checkEnglishNet.js --dir=DIR
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { cliArgs } from '../lib/cliArgs.js';
import { netFeaturizer, netTokens, type NetToken } from '../src/sentiment/englishNetInput.js';
import { cleanText } from '../src/sentiment/textInput.js';
import { ENGLISH_SPEC } from './trainEnglish.js';

/** englishNet.py: PAD 0, UNK 1, BOS 2, then the words of the .words.txt file in order. */
const UNK = 1;
const BOS = 2;
const FIRST_WORD = 3;

interface Reference {
  rows: { text: string; polarity: number[]; emotion: number[]; contributionSum: number[] }[];
  bias: number[];
}

/** englishNet.py resolve: the token, else a hashtag's word, else UNK. */
const rowOf = (index: ReadonlyMap<string, number>, t: NetToken): number => index.get(t.lower) ?? (t.lower.length > 1 && t.lower.startsWith('#') ? index.get(t.lower.slice(1)) : undefined) ?? UNK;

/** The padded feeds of a batch: BOS first, then each token. */
export function netFeeds(texts: NetToken[][], index: ReadonlyMap<string, number>): Record<string, ort.Tensor> {
  const B = texts.length;
  const T = 1 + Math.max(0, ...texts.map((t) => t.length));
  const ids = new BigInt64Array(B * T);
  const prior = new BigInt64Array(B * T);
  const negated = new Float32Array(B * T);
  const mask = new Float32Array(B * T);
  texts.forEach((tokens, b) => {
    ids[b * T] = BigInt(BOS);
    mask[b * T] = 1;
    tokens.forEach((t, k) => {
      const at = b * T + 1 + k;
      ids[at] = BigInt(rowOf(index, t));
      prior[at] = BigInt(t.prior);
      negated[at] = t.negated ? 1 : 0;
      mask[at] = 1;
    });
  });
  const shape = [B, T];
  return {
    token_ids: new ort.Tensor('int64', ids, shape),
    negated: new ort.Tensor('float32', negated, shape),
    prior: new ort.Tensor('int64', prior, shape),
    mask: new ort.Tensor('float32', mask, shape),
  };
}

async function main(): Promise<void> {
  const { values } = cliArgs({
    name: 'checkEnglishNet',
    usage: 'node dist/training/checkEnglishNet.js --dir=DIR',
    about: 'Compares an exported English network, fed as the service would feed it, with its export-time reference.',
    options: { dir: { type: 'string', default: '', help: 'the folder englishNet.py --train wrote' } },
  });
  if (!values.dir) throw new Error('--dir is required');
  const words = readFileSync(join(values.dir, 'general-en-net.words.txt'), 'utf8').trimEnd().split('\n');
  const index = new Map(words.map((w, i) => [w, FIRST_WORD + i]));
  const ref = JSON.parse(readFileSync(join(values.dir, 'general-en-net.reference.json'), 'utf8')) as Reference;
  const f = netFeaturizer({ ...ENGLISH_SPEC.featurizer, ...ENGLISH_SPEC.servingFeaturizer });
  const tokens = ref.rows.map((r) => netTokens(f, f.featurize(cleanText(r.text))));
  const session = await ort.InferenceSession.create(join(values.dir, 'general-en-net.onnx'), { intraOpNumThreads: 1 });
  const out = await session.run(netFeeds(tokens, index));
  const pol = out.polarity!.data as Float32Array;
  const emo = out.emotion!.data as Float32Array;
  const contrib = out.contributions!.data as Float32Array;
  const T = out.contributions!.dims[1]!;
  let maxDiff = 0;
  let maxSum = 0;
  ref.rows.forEach((r, b) => {
    r.polarity.forEach((p, c) => (maxDiff = Math.max(maxDiff, Math.abs(p - pol[b * 3 + c]!))));
    r.emotion.forEach((p, c) => (maxDiff = Math.max(maxDiff, Math.abs(p - emo[b * 7 + c]!))));
    // Σ_t contributions + bias = logits; softmax of the polarity logits must give the polarity output
    const logits = r.contributionSum.map((_, c) => {
      let s = ref.bias[c]!;
      for (let t = 0; t < T; t++) s += contrib[(b * T + t) * 10 + c]!;
      return s;
    });
    const z = logits.slice(0, 3).map((x) => Math.exp(x - Math.max(...logits.slice(0, 3))));
    const total = z.reduce((a, x) => a + x, 0);
    z.forEach((x, c) => (maxSum = Math.max(maxSum, Math.abs(x / total - pol[b * 3 + c]!))));
  });
  // each text alone: the same answer as in the padded batch
  let maxAlone = 0;
  for (let b = 0; b < tokens.length; b++) {
    const one = await session.run(netFeeds([tokens[b]!], index));
    const p = one.polarity!.data as Float32Array;
    for (let c = 0; c < 3; c++) maxAlone = Math.max(maxAlone, Math.abs(p[c]! - pol[b * 3 + c]!));
  }
  await session.release();
  process.stdout.write(`${ref.rows.length} reference rows: max |Δp| ONNX vs PyTorch ${maxDiff.toExponential(2)}; softmax(Σ contributions + b) vs polarity ${maxSum.toExponential(2)}; alone vs batch ${maxAlone.toExponential(2)}\n`);
  if (!(maxDiff <= 1e-5 && maxSum <= 1e-5 && maxAlone <= 1e-5)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main().catch((e: unknown) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
