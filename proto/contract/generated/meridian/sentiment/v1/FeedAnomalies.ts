// Original file: meridian/sentiment/v1/sentiment.proto

import type { FeedWindow as _meridian_sentiment_v1_FeedWindow, FeedWindow__Output as _meridian_sentiment_v1_FeedWindow__Output } from '../../../meridian/sentiment/v1/FeedWindow.js';
import type { Analysis as _meridian_sentiment_v1_Analysis, Analysis__Output as _meridian_sentiment_v1_Analysis__Output } from '../../../meridian/sentiment/v1/Analysis.js';

export interface FeedAnomalies {
  'feedId'?: (string);
  'window'?: (string);
  'windows'?: (_meridian_sentiment_v1_FeedWindow)[];
  'items'?: (_meridian_sentiment_v1_Analysis)[];
}

export interface FeedAnomalies__Output {
  'feedId': (string);
  'window': (string);
  'windows': (_meridian_sentiment_v1_FeedWindow__Output)[];
  'items': (_meridian_sentiment_v1_Analysis__Output)[];
}
