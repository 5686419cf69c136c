// Original file: meridian/sentiment/v1/sentiment.proto

import type { Long } from '@grpc/proto-loader';

export interface Deleted {
  'jobs'?: (number | string | Long);
  'results'?: (number | string | Long);
}

export interface Deleted__Output {
  'jobs': (number);
  'results': (number);
}
