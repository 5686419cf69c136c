/**
 * The lexicon baselines the evaluation and the benchmarks compare against:
 * vader-sentiment and sentiment (AFINN), with their documented three-way readings.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const vader = (require('vader-sentiment') as { SentimentIntensityAnalyzer: { polarity_scores(t: string): { compound: number } } }).SentimentIntensityAnalyzer;
const AfinnSentiment = require('sentiment') as new () => { analyze(t: string): { score: number } };
const afinn = new AfinnSentiment();

/** VADER's documented thresholds: compound ≥ 0.05 positive, ≤ −0.05 negative. */
export const vaderPolarity = (text: string): number => {
  const c = vader.polarity_scores(text).compound;
  return c >= 0.05 ? 2 : c <= -0.05 ? 0 : 1;
};

/** AFINN: a positive total is positive, negative is negative, zero neutral. */
export const afinnPolarity = (text: string): number => {
  const s = afinn.analyze(text).score;
  return s > 0 ? 2 : s < 0 ? 0 : 1;
};
