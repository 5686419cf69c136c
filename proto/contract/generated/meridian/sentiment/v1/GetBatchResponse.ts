// Original file: meridian/sentiment/v1/sentiment.proto

import type { Batch as _meridian_sentiment_v1_Batch, Batch__Output as _meridian_sentiment_v1_Batch__Output } from '../../../meridian/sentiment/v1/Batch.js';

export interface GetBatchResponse {
  'data'?: (_meridian_sentiment_v1_Batch | null);
}

export interface GetBatchResponse__Output {
  'data': (_meridian_sentiment_v1_Batch__Output | null);
}
