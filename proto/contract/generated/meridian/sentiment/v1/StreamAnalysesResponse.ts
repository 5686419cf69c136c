// Original file: meridian/sentiment/v1/sentiment.proto

import type { Analysis as _meridian_sentiment_v1_Analysis, Analysis__Output as _meridian_sentiment_v1_Analysis__Output } from '../../../meridian/sentiment/v1/Analysis.js';
import type { ErrorEntry as _meridian_sentiment_v1_ErrorEntry, ErrorEntry__Output as _meridian_sentiment_v1_ErrorEntry__Output } from '../../../meridian/sentiment/v1/ErrorEntry.js';

export interface StreamAnalysesResponse {
  'ref'?: (string);
  'analysis'?: (_meridian_sentiment_v1_Analysis | null);
  'error'?: (_meridian_sentiment_v1_ErrorEntry | null);
}

export interface StreamAnalysesResponse__Output {
  'ref': (string);
  'analysis': (_meridian_sentiment_v1_Analysis__Output | null);
  'error': (_meridian_sentiment_v1_ErrorEntry__Output | null);
}
