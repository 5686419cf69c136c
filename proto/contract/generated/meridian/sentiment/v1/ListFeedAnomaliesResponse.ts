// Original file: meridian/sentiment/v1/sentiment.proto

import type { FeedAnomalies as _meridian_sentiment_v1_FeedAnomalies, FeedAnomalies__Output as _meridian_sentiment_v1_FeedAnomalies__Output } from '../../../meridian/sentiment/v1/FeedAnomalies.js';

export interface ListFeedAnomaliesResponse {
  'data'?: (_meridian_sentiment_v1_FeedAnomalies | null);
}

export interface ListFeedAnomaliesResponse__Output {
  'data': (_meridian_sentiment_v1_FeedAnomalies__Output | null);
}
