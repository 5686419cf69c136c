// Original file: meridian/sentiment/v1/sentiment.proto

import type { FeedWindow as _meridian_sentiment_v1_FeedWindow, FeedWindow__Output as _meridian_sentiment_v1_FeedWindow__Output } from '../../../meridian/sentiment/v1/FeedWindow.js';
import type { Long } from '@grpc/proto-loader';

export interface FeedTrend {
  'feedId'?: (string);
  'window'?: (string);
  'windows'?: (_meridian_sentiment_v1_FeedWindow)[];
  'slopePerWindow'?: (number | string);
  'totalCount'?: (number | string | Long);
}

export interface FeedTrend__Output {
  'feedId': (string);
  'window': (string);
  'windows': (_meridian_sentiment_v1_FeedWindow__Output)[];
  'slopePerWindow': (number);
  'totalCount': (number);
}
