// Original file: meridian/sentiment/v1/sentiment.proto

import type { Long } from '@grpc/proto-loader';

export interface ListJobsMetadata {
  'nextPageToken'?: (string);
  'queueDepth'?: (number | string | Long);
}

export interface ListJobsMetadata__Output {
  'nextPageToken': (string);
  'queueDepth': (number);
}
