// Original file: meridian/sentiment/v1/sentiment.proto

import type { Job as _meridian_sentiment_v1_Job, Job__Output as _meridian_sentiment_v1_Job__Output } from '../../../meridian/sentiment/v1/Job.js';

export interface GetJobResponse {
  'data'?: (_meridian_sentiment_v1_Job | null);
}

export interface GetJobResponse__Output {
  'data': (_meridian_sentiment_v1_Job__Output | null);
}
