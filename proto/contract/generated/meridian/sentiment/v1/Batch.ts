// Original file: meridian/sentiment/v1/sentiment.proto

import type { BatchCounts as _meridian_sentiment_v1_BatchCounts, BatchCounts__Output as _meridian_sentiment_v1_BatchCounts__Output } from '../../../meridian/sentiment/v1/BatchCounts.js';
import type { Long } from '@grpc/proto-loader';

export interface Batch {
  'batchId'?: (string);
  'createdAt'?: (string);
  'total'?: (number | string | Long);
  'counts'?: (_meridian_sentiment_v1_BatchCounts | null);
  'done'?: (boolean);
  'completedAt'?: (string);
  '_completedAt'?: "completedAt";
}

export interface Batch__Output {
  'batchId': (string);
  'createdAt': (string);
  'total': (number);
  'counts': (_meridian_sentiment_v1_BatchCounts__Output | null);
  'done': (boolean);
  'completedAt'?: (string);
  '_completedAt'?: "completedAt";
}
