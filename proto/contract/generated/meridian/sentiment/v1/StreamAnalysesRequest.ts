// Original file: meridian/sentiment/v1/sentiment.proto

import type { Domain as _meridian_sentiment_v1_Domain, Domain__Output as _meridian_sentiment_v1_Domain__Output } from '../../../meridian/sentiment/v1/Domain.js';

export interface StreamAnalysesRequest {
  'ref'?: (string);
  'text'?: (string);
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain);
  'occurredAt'?: (string);
}

export interface StreamAnalysesRequest__Output {
  'ref': (string);
  'text': (string);
  'feedId': (string);
  'domain': (_meridian_sentiment_v1_Domain__Output);
  'occurredAt': (string);
}
