// Original file: meridian/sentiment/v1/sentiment.proto

import type { Deleted as _meridian_sentiment_v1_Deleted, Deleted__Output as _meridian_sentiment_v1_Deleted__Output } from '../../../meridian/sentiment/v1/Deleted.js';

export interface DeleteJobResultsResponse {
  'data'?: (_meridian_sentiment_v1_Deleted | null);
}

export interface DeleteJobResultsResponse__Output {
  'data': (_meridian_sentiment_v1_Deleted__Output | null);
}
