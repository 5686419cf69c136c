// Original file: meridian/sentiment/v1/sentiment.proto

import type { SentimentCount as _meridian_sentiment_v1_SentimentCount, SentimentCount__Output as _meridian_sentiment_v1_SentimentCount__Output } from '../../../meridian/sentiment/v1/SentimentCount.js';
import type { EmotionMean as _meridian_sentiment_v1_EmotionMean, EmotionMean__Output as _meridian_sentiment_v1_EmotionMean__Output } from '../../../meridian/sentiment/v1/EmotionMean.js';
import type { Long } from '@grpc/proto-loader';

export interface FeedWindow {
  'start'?: (string);
  'end'?: (string);
  'count'?: (number | string | Long);
  'meanScore'?: (number | string);
  'sentiments'?: (_meridian_sentiment_v1_SentimentCount)[];
  'emotions'?: (_meridian_sentiment_v1_EmotionMean)[];
  'scoreZ'?: (number | string);
  'emotionShiftZ'?: (number | string);
  'anomalous'?: (boolean);
}

export interface FeedWindow__Output {
  'start': (string);
  'end': (string);
  'count': (number);
  'meanScore': (number);
  'sentiments': (_meridian_sentiment_v1_SentimentCount__Output)[];
  'emotions': (_meridian_sentiment_v1_EmotionMean__Output)[];
  'scoreZ': (number);
  'emotionShiftZ': (number);
  'anomalous': (boolean);
}
