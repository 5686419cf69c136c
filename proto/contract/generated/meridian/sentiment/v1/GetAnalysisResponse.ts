// Original file: meridian/sentiment/v1/sentiment.proto

import type { Analysis as _meridian_sentiment_v1_Analysis, Analysis__Output as _meridian_sentiment_v1_Analysis__Output } from '../../../meridian/sentiment/v1/Analysis.js';

export interface GetAnalysisResponse {
  'data'?: (_meridian_sentiment_v1_Analysis | null);
}

export interface GetAnalysisResponse__Output {
  'data': (_meridian_sentiment_v1_Analysis__Output | null);
}
