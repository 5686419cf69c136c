// Original file: meridian/sentiment/v1/sentiment.proto

import type { Domain as _meridian_sentiment_v1_Domain, Domain__Output as _meridian_sentiment_v1_Domain__Output } from '../../../meridian/sentiment/v1/Domain.js';

export interface AnalyzeTextRequest {
  'text'?: (string);
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain);
  'asyncMode'?: (boolean);
  'occurredAt'?: (string);
  'requestId'?: (string);
  '_asyncMode'?: "asyncMode";
}

export interface AnalyzeTextRequest__Output {
  'text': (string);
  'feedId': (string);
  'domain': (_meridian_sentiment_v1_Domain__Output);
  'asyncMode'?: (boolean);
  'occurredAt': (string);
  'requestId': (string);
  '_asyncMode'?: "asyncMode";
}
