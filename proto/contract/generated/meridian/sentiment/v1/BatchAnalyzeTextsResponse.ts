// Original file: meridian/sentiment/v1/sentiment.proto

import type { Analysis as _meridian_sentiment_v1_Analysis, Analysis__Output as _meridian_sentiment_v1_Analysis__Output } from '../../../meridian/sentiment/v1/Analysis.js';
import type { BatchSubmitted as _meridian_sentiment_v1_BatchSubmitted, BatchSubmitted__Output as _meridian_sentiment_v1_BatchSubmitted__Output } from '../../../meridian/sentiment/v1/BatchSubmitted.js';

export interface BatchAnalyzeTextsResponse {
  'data'?: (_meridian_sentiment_v1_Analysis)[];
  'metadata'?: (_meridian_sentiment_v1_BatchSubmitted | null);
}

export interface BatchAnalyzeTextsResponse__Output {
  'data': (_meridian_sentiment_v1_Analysis__Output)[];
  'metadata': (_meridian_sentiment_v1_BatchSubmitted__Output | null);
}
