/**
 * What the analysis threads and their pool say to each other: the outcomes of a task,
 * packed, and the message a thread posts once its models settled. A module of its own:
 * importing analysisWorker.ts runs it (it loads the models and posts on its thread's
 * port), and the pool must not.
 */
import { DIRECTIONS, EMOTIONS, SENTIMENT_LEVELS, emotionsInOrder } from './labels.js';
import type { AnalysisOutcome, AnalysisOutput } from './sentimentAnalyzer.js';
import type { TextProblem } from './textInput.js';

/** Key of the message an analysis thread posts once its models have loaded or failed to (AnalysisPool.close waits for it). */
export const MODELS_SETTLED = 'meridianModelsSettled';

/**
 * A micro-batch's outcomes as an analysis thread sends them back: a few flat arrays
 * instead of ~11 small objects per text, which the structured clone between threads
 * copied at ~6 µs a text (serialised there, rebuilt on the core's thread); flat, ~0.5 µs.
 * `unpackOutcomes` makes the same outcomes again, field for field.
 */
export interface PackedOutcomes {
  /** NUMBERS_PER_TEXT per text: sentimentScore, confidence, then the emotion scores in EMOTIONS order. */
  numbers: Float64Array;
  /** BYTES_PER_TEXT per text: FLAG_* bits, the SENTIMENT_LEVELS index, the DIRECTIONS index (NO_DIRECTION when none). */
  bytes: Uint8Array;
  /** Two per text: the rationale and the language code; of a rejected text, its problem and message. */
  strings: string[];
}

const NUMBERS_PER_TEXT = 2 + EMOTIONS.length;
const BYTES_PER_TEXT = 3;
const NO_DIRECTION = 255;
const REJECTED = 1;
const FINANCIAL = 2;
const HAS_EMOTIONS = 4;
const RELIABLE = 8;
const TRAINED = 16;
const LOW_CONFIDENCE = 32;
const TRUNCATED = 64;

export function packOutcomes(outcomes: readonly AnalysisOutcome[]): PackedOutcomes {
  const n = outcomes.length;
  const numbers = new Float64Array(n * NUMBERS_PER_TEXT);
  const bytes = new Uint8Array(n * BYTES_PER_TEXT);
  const strings: string[] = new Array(2 * n);
  for (let i = 0; i < n; i++) {
    const o = outcomes[i]!;
    const at = i * BYTES_PER_TEXT;
    if ('error' in o) {
      bytes[at] = REJECTED;
      strings[2 * i] = o.error.problem;
      strings[2 * i + 1] = o.error.message;
      continue;
    }
    const es = o.emotionScores;
    if (es.length !== 0 && !emotionsInOrder(es)) {
      throw new Error(`an outcome's emotion scores are not one per emotion in order: ${es.map((e) => e.emotion).join(', ')}`);
    }
    bytes[at] = (o.domain === 'FINANCIAL_NEWS' ? FINANCIAL : 0) | (es.length ? HAS_EMOTIONS : 0) | (o.language.reliable ? RELIABLE : 0)
      | (o.language.trained ? TRAINED : 0) | (o.lowConfidence ? LOW_CONFIDENCE : 0) | (o.truncated ? TRUNCATED : 0);
    bytes[at + 1] = SENTIMENT_LEVELS.indexOf(o.sentiment);
    bytes[at + 2] = o.marketDirection === undefined ? NO_DIRECTION : DIRECTIONS.indexOf(o.marketDirection as (typeof DIRECTIONS)[number]);
    const base = i * NUMBERS_PER_TEXT;
    numbers[base] = o.sentimentScore;
    numbers[base + 1] = o.confidence;
    for (let k = 0; k < es.length; k++) numbers[base + 2 + k] = es[k]!.score;
    strings[2 * i] = o.rationale;
    strings[2 * i + 1] = o.language.code;
  }
  return { numbers, bytes, strings };
}

export function unpackOutcomes(p: PackedOutcomes): AnalysisOutcome[] {
  const n = p.bytes.length / BYTES_PER_TEXT;
  const out: AnalysisOutcome[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = i * BYTES_PER_TEXT;
    const f = p.bytes[at]!;
    if (f & REJECTED) {
      out[i] = { error: { problem: p.strings[2 * i] as TextProblem, message: p.strings[2 * i + 1]! } };
      continue;
    }
    const base = i * NUMBERS_PER_TEXT;
    const o: AnalysisOutput = {
      domain: f & FINANCIAL ? 'FINANCIAL_NEWS' : 'GENERAL',
      sentiment: SENTIMENT_LEVELS[p.bytes[at + 1]!]!,
      sentimentScore: p.numbers[base]!,
      confidence: p.numbers[base + 1]!,
      emotionScores: f & HAS_EMOTIONS ? EMOTIONS.map((emotion, k) => ({ emotion, score: p.numbers[base + 2 + k]! })) : [],
      rationale: p.strings[2 * i]!,
      language: { code: p.strings[2 * i + 1]!, reliable: (f & RELIABLE) !== 0, trained: (f & TRAINED) !== 0 },
      lowConfidence: (f & LOW_CONFIDENCE) !== 0,
      truncated: (f & TRUNCATED) !== 0,
    };
    const direction = p.bytes[at + 2]!;
    if (direction !== NO_DIRECTION) o.marketDirection = DIRECTIONS[direction];
    out[i] = o;
  }
  return out;
}
