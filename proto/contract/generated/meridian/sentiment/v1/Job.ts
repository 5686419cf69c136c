// Original file: meridian/sentiment/v1/sentiment.proto

import type { JobStatus as _meridian_sentiment_v1_JobStatus, JobStatus__Output as _meridian_sentiment_v1_JobStatus__Output } from '../../../meridian/sentiment/v1/JobStatus.js';
import type { ErrorEntry as _meridian_sentiment_v1_ErrorEntry, ErrorEntry__Output as _meridian_sentiment_v1_ErrorEntry__Output } from '../../../meridian/sentiment/v1/ErrorEntry.js';
import type { Domain as _meridian_sentiment_v1_Domain, Domain__Output as _meridian_sentiment_v1_Domain__Output } from '../../../meridian/sentiment/v1/Domain.js';

export interface Job {
  'jobId'?: (string);
  'status'?: (_meridian_sentiment_v1_JobStatus);
  'resultId'?: (string);
  'errors'?: (_meridian_sentiment_v1_ErrorEntry)[];
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'attempts'?: (number);
  'batchId'?: (string);
  '_resultId'?: "resultId";
  '_feedId'?: "feedId";
  '_batchId'?: "batchId";
}

export interface Job__Output {
  'jobId': (string);
  'status': (_meridian_sentiment_v1_JobStatus__Output);
  'resultId'?: (string);
  'errors': (_meridian_sentiment_v1_ErrorEntry__Output)[];
  'feedId'?: (string);
  'domain': (_meridian_sentiment_v1_Domain__Output);
  'createdAt': (string);
  'updatedAt': (string);
  'attempts': (number);
  'batchId'?: (string);
  '_resultId'?: "resultId";
  '_feedId'?: "feedId";
  '_batchId'?: "batchId";
}
