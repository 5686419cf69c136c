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

/** FINANCIAL_NEWS's market-direction head, in output order. */
export const DIRECTIONS = ['BEARISH', 'NEUTRAL', 'BULLISH'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The five-level scale of the common `sentiment` field. */
export const SENTIMENT_LEVELS = ['VERY_NEGATIVE', 'NEGATIVE', 'NEUTRAL', 'POSITIVE', 'VERY_POSITIVE'] as const;
export type SentimentLevel = (typeof SENTIMENT_LEVELS)[number];

/**
 * |sentimentScore| at or above which a POSITIVE/NEGATIVE (or BULLISH/BEARISH)
 * winner is reported as VERY_POSITIVE/VERY_NEGATIVE. No licensed five-level gold
 * data exists here, so the extra levels are a documented reading of the model's
 * own confidence: the winning side must beat the opposite side by 0.75 of the
 * probability mass. models/*.md give the share of held-out rows in each level.
 */
export const VERY_CUT = 0.75;

/**
 * The common fields from a three-way distribution ordered [negative, neutral, positive]
 * (GENERAL's polarity head, or FINANCIAL_NEWS's [bearish, neutral, bullish]).
 * - sentimentScore = P(positive) − P(negative), in [-1, 1]: 0 is balanced or neutral,
 *   ±1 is certain polarity.
 * - sentiment = the most probable of the three; a polar winner becomes VERY_* when
 *   |sentimentScore| ≥ VERY_CUT.
 */
export function levelOf(probs: ArrayLike<number>): { sentiment: SentimentLevel; sentimentScore: number; winner: 0 | 1 | 2 } {
  const neg = probs[0]!;
  const neu = probs[1]!;
  const pos = probs[2]!;
  const score = Math.max(-1, Math.min(1, pos - neg));
  const winner: 0 | 1 | 2 = neu >= neg && neu >= pos ? 1 : pos >= neg ? 2 : 0;
  let sentiment: SentimentLevel;
  if (winner === 1) sentiment = 'NEUTRAL';
  else if (winner === 2) sentiment = score >= VERY_CUT ? 'VERY_POSITIVE' : 'POSITIVE';
  else sentiment = -score >= VERY_CUT ? 'VERY_NEGATIVE' : 'NEGATIVE';
  return { sentiment, sentimentScore: score, winner };
}
