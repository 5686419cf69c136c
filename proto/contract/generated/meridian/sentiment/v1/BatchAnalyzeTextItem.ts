// Original file: meridian/sentiment/v1/sentiment.proto

import type { Domain as _meridian_sentiment_v1_Domain, Domain__Output as _meridian_sentiment_v1_Domain__Output } from '../../../meridian/sentiment/v1/Domain.js';

export interface BatchAnalyzeTextItem {
  'text'?: (string);
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain);
  'occurredAt'?: (string);
}

export interface BatchAnalyzeTextItem__Output {
  'text': (string);
  'feedId': (string);
  'domain': (_meridian_sentiment_v1_Domain__Output);
  'occurredAt': (string);
}
