// Original file: meridian/sentiment/v1/sentiment.proto

import type { Long } from '@grpc/proto-loader';

export interface SentimentCount {
  'sentiment'?: (string);
  'count'?: (number | string | Long);
}

export interface SentimentCount__Output {
  'sentiment': (string);
  'count': (number);
}
