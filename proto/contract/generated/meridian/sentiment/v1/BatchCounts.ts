// Original file: meridian/sentiment/v1/sentiment.proto

import type { Long } from '@grpc/proto-loader';

export interface BatchCounts {
  'PENDING'?: (number | string | Long);
  'PROCESSING'?: (number | string | Long);
  'SUCCEEDED'?: (number | string | Long);
  'FAILED'?: (number | string | Long);
  'CANCELED'?: (number | string | Long);
  'DELETED'?: (number | string | Long);
}

export interface BatchCounts__Output {
  'PENDING': (number);
  'PROCESSING': (number);
  'SUCCEEDED': (number);
  'FAILED': (number);
  'CANCELED': (number);
  'DELETED': (number);
}
