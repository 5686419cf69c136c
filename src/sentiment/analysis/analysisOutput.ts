/** What the analyser answers per text: an analysis, or the text's rejection (the shapes the worker protocol and the store carry). */
import type { DetectedLanguage } from '../languageDetector.js';
import type { Domain, SentimentLevel } from '../labels.js';
import type { TextProblem } from '../textInput.js';

export interface EmotionScore {
  emotion: string;
  score: number;
}

export interface AnalysisOutput {
  domain: Domain;
  sentiment: SentimentLevel;
  /** P(positive) − P(negative) (FINANCIAL_NEWS: P(bullish) − P(bearish)), in [-1, 1]. */
  sentimentScore: number;
  /** Probability of the winning class of the three-way head. */
  confidence: number;
  /** GENERAL: 7 emotions whose scores sum to 1. FINANCIAL_NEWS: empty. */
  emotionScores: EmotionScore[];
  /** FINANCIAL_NEWS only: BEARISH, NEUTRAL or BULLISH. */
  marketDirection?: string;
  rationale: string;
  language: DetectedLanguage & { trained: boolean };
  /** True when the language has no training data or is not reliably identified, or confidence is below the model's calibrated cut (models/*.md). */
  lowConfidence: boolean;
  /** True when the model read only the first MAX_TOKENS tokens / MAX_SCAN_CHARS characters. */
  truncated: boolean;
}

export interface AnalysisRejection {
  error: { problem: TextProblem; message: string };
}

export type AnalysisOutcome = AnalysisOutput | AnalysisRejection;
