// Original file: meridian/sentiment/v1/sentiment.proto

import type { BatchAnalyzeTextItem as _meridian_sentiment_v1_BatchAnalyzeTextItem, BatchAnalyzeTextItem__Output as _meridian_sentiment_v1_BatchAnalyzeTextItem__Output } from '../../../meridian/sentiment/v1/BatchAnalyzeTextItem.js';

export interface BatchAnalyzeTextsRequest {
  'items'?: (_meridian_sentiment_v1_BatchAnalyzeTextItem)[];
  'requestId'?: (string);
}

export interface BatchAnalyzeTextsRequest__Output {
  'items': (_meridian_sentiment_v1_BatchAnalyzeTextItem__Output)[];
  'requestId': (string);
}
