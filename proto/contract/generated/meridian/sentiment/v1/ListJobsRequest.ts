// Original file: meridian/sentiment/v1/sentiment.proto

import type { JobStatus as _meridian_sentiment_v1_JobStatus, JobStatus__Output as _meridian_sentiment_v1_JobStatus__Output } from '../../../meridian/sentiment/v1/JobStatus.js';

export interface ListJobsRequest {
  'state'?: (_meridian_sentiment_v1_JobStatus);
  'feedId'?: (string);
  'batchId'?: (string);
  'createdAfter'?: (string);
  'createdBefore'?: (string);
  'pageSize'?: (number);
  'pageToken'?: (string);
}

export interface ListJobsRequest__Output {
  'state': (_meridian_sentiment_v1_JobStatus__Output);
  'feedId': (string);
  'batchId': (string);
  'createdAfter': (string);
  'createdBefore': (string);
  'pageSize': (number);
  'pageToken': (string);
}
