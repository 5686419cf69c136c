// Original file: meridian/sentiment/v1/sentiment.proto

import type { Job as _meridian_sentiment_v1_Job, Job__Output as _meridian_sentiment_v1_Job__Output } from '../../../meridian/sentiment/v1/Job.js';
import type { ListJobsMetadata as _meridian_sentiment_v1_ListJobsMetadata, ListJobsMetadata__Output as _meridian_sentiment_v1_ListJobsMetadata__Output } from '../../../meridian/sentiment/v1/ListJobsMetadata.js';

export interface ListJobsResponse {
  'data'?: (_meridian_sentiment_v1_Job)[];
  'metadata'?: (_meridian_sentiment_v1_ListJobsMetadata | null);
}

export interface ListJobsResponse__Output {
  'data': (_meridian_sentiment_v1_Job__Output)[];
  'metadata': (_meridian_sentiment_v1_ListJobsMetadata__Output | null);
}
