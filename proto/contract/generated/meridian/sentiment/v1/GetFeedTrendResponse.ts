// Original file: meridian/sentiment/v1/sentiment.proto

import type { FeedTrend as _meridian_sentiment_v1_FeedTrend, FeedTrend__Output as _meridian_sentiment_v1_FeedTrend__Output } from '../../../meridian/sentiment/v1/FeedTrend.js';

export interface GetFeedTrendResponse {
  'data'?: (_meridian_sentiment_v1_FeedTrend | null);
}

export interface GetFeedTrendResponse__Output {
  'data': (_meridian_sentiment_v1_FeedTrend__Output | null);
}
