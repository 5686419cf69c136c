// Original file: meridian/sentiment/v1/sentiment.proto

import type { Deleted as _meridian_sentiment_v1_Deleted, Deleted__Output as _meridian_sentiment_v1_Deleted__Output } from '../../../meridian/sentiment/v1/Deleted.js';

export interface DeleteAnalysisResponse {
  'data'?: (_meridian_sentiment_v1_Deleted | null);
}

export interface DeleteAnalysisResponse__Output {
  'data': (_meridian_sentiment_v1_Deleted__Output | null);
}
