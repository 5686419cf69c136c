/**
 * The label sets of the sentiment models and how the service's common fields
 * follow from a model's probabilities. Everything here is shared by the trainer,
 * the evaluator and the inference worker, so the three cannot drift apart.
 */

export type Domain = 'GENERAL' | 'FINANCIAL_NEWS';

/** GENERAL's three-way sentiment head, in output order. */
export const POLARITIES = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;
export type Polarity = (typeof POLARITIES)[number];

/** GENERAL's emotion head (GoEmotions' Ekman grouping, joy named HAPPINESS), in output order. */
export const EMOTIONS = ['ANGER', 'DISGUST', 'FEAR', 'HAPPINESS', 'NEUTRAL', 'SADNESS', 'SURPRISE'] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Whether a list of emotion scores is one per emotion in EMOTIONS order (as the model writes them, and the stores keep them by column). */
export function emotionsInOrder(scores: readonly { emotion: string }[]): boolean {
  return scores.length === EMOTIONS.length && scores.every((e, k) => e.emotion === EMOTIONS[k]);
}

/** FINANCIAL_NEWS's market-direction head, in output order. */
export const DIRECTIONS = ['BEARISH', 'NEUTRAL', 'BULLISH'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The five-level scale of the common `sentiment` field. */
export const SENTIMENT_LEVELS = ['VERY_NEGATIVE', 'NEGATIVE', 'NEUTRAL', 'POSITIVE', 'VERY_POSITIVE'] as const;
export type SentimentLevel = (typeof SENTIMENT_LEVELS)[number];

/**
 * How the five levels and `lowConfidence` are read from a three-way distribution;
 * each model's sidecar carries its own (written by `npm run train`, see models/*.md).
 * - veryNegativeCut / veryPositiveCut: |sentimentScore| at or above which a NEGATIVE
 *   (POSITIVE) winner is VERY_NEGATIVE (VERY_POSITIVE). Calibrated on the training
 *   rows so that the share of VERY_* among the polar predictions matches the share of
 *   very-strong among polar sentences in five-level sentiment data (about 1/3 of
 *   negative and 2/5 of positive sentences, the SST-5 proportions).
 * - lowConfidenceBelow: the winner's probability under which a result is flagged.
 */
export interface Calibration {
  veryNegativeCut: number;
  veryPositiveCut: number;
  lowConfidenceBelow: number;
}

/** Used when a sidecar carries no calibration (older models). */
export const DEFAULT_CALIBRATION: Calibration = { veryNegativeCut: 0.75, veryPositiveCut: 0.75, lowConfidenceBelow: 0.5 };

/**
 * The common fields from a three-way distribution ordered [negative, neutral, positive]
 * (GENERAL's polarity head, or FINANCIAL_NEWS's [bearish, neutral, bullish]).
 * - sentimentScore = P(positive) − P(negative), in [-1, 1]: 0 is balanced or neutral,
 *   ±1 is certain polarity.
 * - sentiment = the most probable of the three; a polar winner becomes VERY_* when
 *   |sentimentScore| reaches the calibrated cut of its side.
 */
export function levelOf(probs: ArrayLike<number>, cal: Calibration = DEFAULT_CALIBRATION): { sentiment: SentimentLevel; sentimentScore: number; winner: 0 | 1 | 2 } {
  const neg = probs[0]!;
  const neu = probs[1]!;
  const pos = probs[2]!;
  const score = Math.max(-1, Math.min(1, pos - neg));
  const winner: 0 | 1 | 2 = neu >= neg && neu >= pos ? 1 : pos >= neg ? 2 : 0;
  let sentiment: SentimentLevel;
  if (winner === 1) sentiment = 'NEUTRAL';
  else if (winner === 2) sentiment = score >= cal.veryPositiveCut ? 'VERY_POSITIVE' : 'POSITIVE';
  else sentiment = -score >= cal.veryNegativeCut ? 'VERY_NEGATIVE' : 'NEGATIVE';
  return { sentiment, sentimentScore: score, winner };
}
